// The package as a stranger gets it: `npm pack`, then a new project installs the tarball (its dependencies
// from the registry, the local cache first) and a TypeScript program compiled by tsc uses it (consumer/).
// What the program reports is compared with the same steps on the sources (through tsx, with 'skirmish'
// mapped to src/), so the package can only pass by doing what the sources do.
// The tarball is packed from dist/ and src/web/dist as built for this checkout (built here when stale):
// `npm pack --ignore-scripts` so the build is not run twice; `npm pack` alone runs the same builds
// (prepare, prepack). Installed with --ignore-scripts: the native SQLite module is copied from this
// checkout (same pinned version) instead of compiled again, a minute of two cores for nothing.
import { execFile, spawn } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseDice, rollDice, seededSource } from '../../src/dice/index.ts';
import { createEngine, parseText } from '../../src/engine/index.ts';
import { rulesets } from '../../src/rulesets/index.ts';
import { buildWeb, launchBrowser, ROOT } from '../web/harness.ts';

const exec = promisify(execFile);
const CONSUMER = join(import.meta.dirname, 'consumer');
const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string; devDependencies: Record<string, string>; dependencies: Record<string, string> };
const TSC = join(ROOT, 'node_modules/typescript/bin/tsc');
const EXAMPLE = 'examples/phase20/goblin-cave.yaml';

/** Run and collect (awaited, never synchronous: the test worker's event loop stays free). */
async function run(file: string, args: string[], cwd: string, env: NodeJS.ProcessEnv = {}): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const r = await exec(file, args, { cwd, env: { ...process.env, ...env }, encoding: 'utf8', maxBuffer: 50_000_000 });
    return { code: 0, stdout: r.stdout, stderr: r.stderr };
  } catch (err) {
    const e = err as { code?: number | string; stdout?: string; stderr?: string };
    return { code: typeof e.code === 'number' ? e.code : 1, stdout: e.stdout ?? '', stderr: e.stderr ?? String(err) };
  }
}

async function ok(file: string, args: string[], cwd: string, env?: NodeJS.ProcessEnv): Promise<string> {
  const r = await run(file, args, cwd, env);
  if (r.code !== 0) throw new Error(`${file} ${args.join(' ')} failed (${r.code}):\n${r.stderr}\n${r.stdout}`);
  return r.stdout;
}

let work: string;
let project: string;
let packed: string[];

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'skirmish-package-'));
  project = join(work, 'project');
  mkdirSync(project);
  await ok(process.execPath, [join(ROOT, 'scripts/build.js'), '--if-stale'], ROOT);
  await buildWeb();
  const pack = JSON.parse(await ok('npm', ['pack', '--ignore-scripts', '--json', '--pack-destination', work], ROOT)) as { filename: string; files: { path: string }[] }[];
  packed = pack[0].files.map((f) => f.path);
  writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'consumer', private: true, type: 'module' }));
  await ok('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', '--ignore-scripts', join(work, pack[0].filename), `@types/node@${pkg.devDependencies['@types/node']}`], project);
  const sqlite = join(project, 'node_modules/better-sqlite3');
  expect(JSON.parse(readFileSync(join(sqlite, 'package.json'), 'utf8')).version).toBe(pkg.dependencies['better-sqlite3']);
  mkdirSync(join(sqlite, 'build/Release'), { recursive: true });
  copyFileSync(join(ROOT, 'node_modules/better-sqlite3/build/Release/better_sqlite3.node'), join(sqlite, 'build/Release/better_sqlite3.node'));
  for (const f of ['play.ts', 'bad-command.ts', 'browser.ts']) copyFileSync(join(CONSUMER, f), join(project, f));
}, 1_200_000);

afterAll(async () => {
  if (work) await rm(work, { recursive: true, force: true });
}, 120_000);

const tscArgs = (file: string) => ['--strict', '--module', 'nodenext', '--moduleResolution', 'nodenext', '--target', 'es2022', '--types', 'node', '--outDir', 'out', file];

describe('the packed package (issue 22)', () => {
  it('ships compiled JavaScript with types, the built page and the examples; no sources, tests or build tools', () => {
    expect(packed).toContain('dist/library/index.js');
    expect(packed).toContain('dist/library/index.d.ts');
    expect(packed).toContain('src/web/dist/index.html');
    expect(packed).toContain(EXAMPLE);
    expect(packed.filter((p) => p.endsWith('.ts') && !p.endsWith('.d.ts'))).toEqual([]);
    expect(packed.filter((p) => /\.test\.|testkit|fixtures/.test(p))).toEqual([]);
    expect(packed.filter((p) => p.startsWith('src/') && !p.startsWith('src/web/dist/'))).toEqual([]);
    // installed for a program: its runtime dependencies only
    for (const tool of ['tsx', 'esbuild', 'vite', 'react', 'react-dom', '@vitejs/plugin-react', 'typescript', 'vitest']) {
      expect(existsSync(join(project, 'node_modules', tool)), tool).toBe(false);
    }
  });

  it('a TypeScript program plays a fight, previews odds, replays the log, uses scripted dice and simulates, as the sources do', async () => {
    await ok(process.execPath, [TSC, ...tscArgs('play.ts')], project);
    const got = JSON.parse(await ok(process.execPath, ['out/play.js'], project));
    // the same program on the sources
    const src = join(work, 'sources');
    mkdirSync(src);
    copyFileSync(join(CONSUMER, 'play.ts'), join(src, 'play.ts'));
    writeFileSync(join(src, 'package.json'), JSON.stringify({ type: 'module' }));
    const paths = { skirmish: ['src/library/index.ts'], 'skirmish/package.json': ['package.json'], 'skirmish/dice': ['src/dice/index.ts'], 'skirmish/engine': ['src/engine/index.ts'], 'skirmish/rulesets/*': ['src/rulesets/*/index.ts'] };
    writeFileSync(join(src, 'tsconfig.json'), JSON.stringify({ compilerOptions: { paths: Object.fromEntries(Object.entries(paths).map(([k, v]) => [k, v.map((p) => join(ROOT, p))])) } }));
    const want = JSON.parse(await ok(process.execPath, ['--import', join(ROOT, 'node_modules/tsx/dist/esm/index.mjs'), 'play.ts'], src, { TSX_TSCONFIG_PATH: join(src, 'tsconfig.json') }));
    expect(got).toEqual(want);
    // and what it reports is a real game: a finished fight, odds, a replay that matches, the faces it was given
    expect(got.result.outcome).toMatch(/victory|defeat|draw/);
    expect(got.replayedSame).toBe(true);
    expect(got.odds.chance).toBeGreaterThan(0);
    expect(got.scripted.rolled[0]).toBe(20);
    expect(got.tally.runs).toBe(300);
    expect(got.subpaths).toEqual(Object.fromEntries(Object.keys(rulesets).map((id) => [id, id])));
    expect(got.sameEngine).toBe(true);
  }, 600_000);

  it("docs/library.md's programs compile against the package and print what the page shows", async () => {
    // each program is a ```ts block opening with `// <name>.ts`, followed by "prints:" and a ```text block
    const page = readFileSync(join(ROOT, 'docs/library.md'), 'utf8');
    const programs = [...page.matchAll(/```ts\n\/\/ ([\w-]+\.ts)\n([^]*?)```\n\nprints:\n\n```text\n([^]*?)```/g)].map((m) => ({ file: m[1], code: m[2], prints: m[3] }));
    expect(programs.map((p) => p.file)).toEqual(['fight.ts', 'odds.ts', 'replay.ts', 'policy.ts', 'physical.ts']);
    const docs = join(project, 'docs');
    mkdirSync(docs);
    for (const p of programs) writeFileSync(join(docs, p.file), p.code);
    await ok(process.execPath, [TSC, '--strict', '--module', 'nodenext', '--moduleResolution', 'nodenext', '--target', 'es2022', '--types', 'node', '--outDir', 'docs-out', ...programs.map((p) => join('docs', p.file))], project);
    for (const p of programs) expect(await ok(process.execPath, [join('docs-out', p.file.replace(/\.ts$/, '.js'))], project), p.file).toBe(p.prints);
  }, 600_000);

  it('tsc refuses malformed commands: one without its type, one with a field that is not JSON', async () => {
    const r = await run(process.execPath, [TSC, ...tscArgs('bad-command.ts'), '--noEmit'], project);
    expect(r.code).not.toBe(0);
    // one diagnostic per line of the file, each with its explanation on the lines after it
    const diagnostics = r.stdout.split(/\n(?=bad-command\.ts\()/);
    expect(diagnostics.find((d) => d.startsWith('bad-command.ts(6,'))).toMatch(/error TS\d+[^]*Property 'type' is missing/);
    expect(diagnostics.find((d) => d.startsWith('bad-command.ts(7,'))).toMatch(/error TS\d+[^]*not assignable to type 'Json/);
  }, 300_000);

  it('the dice, the engine and a ruleset bundle for the browser (no node: imports) and run in Chromium', async () => {
    const text = readFileSync(join(ROOT, EXAMPLE), 'utf8');
    const out = await build({ entryPoints: [join(project, 'browser.ts')], absWorkingDir: project, bundle: true, platform: 'browser', format: 'iife', write: false, metafile: true, logLevel: 'silent', define: { EXAMPLE: JSON.stringify(text) } });
    const inputs = Object.keys(out.metafile.inputs);
    expect(inputs.some((p) => p.includes('node_modules/skirmish/dist/engine/'))).toBe(true);
    expect(inputs.filter((p) => p.startsWith('node:'))).toEqual([]);
    const browser = await launchBrowser();
    try {
      const page = await browser.newPage();
      await page.setContent('<!doctype html><title>bundle</title>');
      await page.addScriptTag({ content: out.outputFiles[0].text });
      const got = await page.evaluate(() => (globalThis as { result?: unknown }).result);
      // the same on the sources, here
      const engine = createEngine(rulesets.phase20);
      const parsed = parseText(text, 'goblin-cave.yaml');
      if (!parsed.ok) throw new Error('example did not parse');
      const started = engine.decide(engine.replay(engine.create(parsed.value)), { type: 'start' }, seededSource(4));
      expect(got).toEqual({ dice: rollDice(parseDice('4d6kh3'), seededSource(5)).total, started: started.ok ? started.events.map((e) => e.type) : started.rejection.code });
    } finally {
      await browser.close();
    }
  }, 300_000);

  it('the installed command line rolls, runs an example, refuses new-ruleset, and serves the prebuilt page', async () => {
    const bin = join(project, 'node_modules/.bin/skirmish');
    const here = join(ROOT, 'bin/skirmish.js');
    expect(await ok(bin, ['roll', '1d20+5', '--seed', '7', '--json'], project)).toBe(await ok(process.execPath, [here, 'roll', '1d20+5', '--seed', '7', '--json'], ROOT));
    const example = join(project, 'node_modules/skirmish', EXAMPLE);
    expect(await ok(bin, ['run', example, '--seed', '9'], project)).toBe(await ok(process.execPath, [here, 'run', EXAMPLE, '--seed', '9'], ROOT));
    const refused = await run(bin, ['new-ruleset', 'mygame'], project);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('is not a checkout of Skirmish');
    const child = spawn(bin, ['serve', '--port', '0', '--db', join(work, 'serve.sqlite')], { cwd: project });
    try {
      const url = await new Promise<string>((resolve, reject) => {
        let out = '';
        child.stdout.on('data', (b: Buffer) => {
          out += b.toString();
          const m = /listening on (http:\/\/\S+)/.exec(out);
          if (m) resolve(m[1]);
        });
        child.on('exit', (code) => reject(new Error(`serve exited ${code}: ${out}`)));
      });
      const page = await fetch(url);
      expect(page.status).toBe(200);
      expect(await page.text()).toBe(readFileSync(join(ROOT, 'src/web/dist/index.html'), 'utf8'));
    } finally {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    }
  }, 300_000);
});
