// `npm run build` (also `prepare`, so `npm ci` and `npm pack` run it; `build:if-stale` when sources changed): src/ compiled to dist/ by tsc
// (tsconfig.build.json: ESM JavaScript, .d.ts types, source maps), then dist/.built stamped with the
// time the build started, so a source saved during the build still counts as newer (scripts/dist-fresh.js).
import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { distIsFresh, STAMP } from './dist-fresh.js';

const root = join(import.meta.dirname, '..');
// --if-stale: nothing to do when dist/ already holds the sources as they are
if (process.argv.includes('--if-stale') && distIsFresh(root)) process.exit(0);
const started = new Date();
rmSync(join(root, 'dist'), { recursive: true, force: true });
const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
const r = spawnSync(process.execPath, [tsc, '-p', join(root, 'tsconfig.build.json')], { stdio: 'inherit' });
if (r.status !== 0) process.exit(r.status ?? 1);
mkdirSync(join(root, 'dist'), { recursive: true });
writeFileSync(join(root, STAMP), `built from src/ at ${started.toISOString()}\n`);
utimesSync(join(root, STAMP), started, started);
