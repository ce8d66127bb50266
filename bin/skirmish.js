#!/usr/bin/env node
// Entry point for `skirmish`: runs the compiled CLI (dist/, built by `npm run build`, which `npm ci`
// runs as `prepare`). In a checkout whose sources changed since that build, it runs the sources through
// the TypeScript loader instead (slower to start, never stale); an installed package has only dist/.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

// a reader that stops early (`skirmish run … | head`) has what it wanted: end quietly, not with a stack
process.stdout.on('error', (err) => {
  if (err.code === 'EPIPE') process.exit(0);
  throw err;
});
const root = new URL('../', import.meta.url);
let fromSources = false;
if (existsSync(new URL('src/cli/main.ts', root))) {
  // a copy of the sources without the build scripts cannot tell whether dist/ is fresh: run the sources
  const canTell = existsSync(new URL('scripts/dist-fresh.js', root));
  const { distIsFresh } = canTell ? await import('../scripts/dist-fresh.js') : { distIsFresh: () => false };
  fromSources = process.env.SKIRMISH_FROM_SOURCES === '1' || !distIsFresh(fileURLToPath(root));
}
let main;
if (fromSources) {
  const { register } = await import('tsx/esm/api');
  register();
  ({ main } = await import('../src/cli/main.ts'));
} else {
  ({ main } = await import('../dist/cli/main.js'));
}
process.exitCode = await main(process.argv.slice(2));
