/**
 * A worker thread's code as one file (the simulation's, and the server's file reader: bundledWorker). Loading the sources through the TypeScript loader costs
 * each worker most of a CPU-second; one esbuild bundle starts a worker in about a tenth of that. The
 * bundle is kept in node_modules/.cache/skirmish/, named by a fingerprint of the sources (path, size and
 * time of every file a worker may load, the lock file, esbuild's version), so only the first run after
 * a change builds it — building takes both cores for a tenth of a second, time the fights would have.
 * A read-only install keeps the bundle in memory; if bundling fails, workers start through the loader.
 * Compiled (dist/, the package), this file is JavaScript beside worker.js: workers start from that, and
 * esbuild (a devDependency) is not loaded at all.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, renameSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const SRC = fileURLToPath(new URL('../', import.meta.url));
const LOCK = fileURLToPath(new URL('../../package-lock.json', import.meta.url));
const CACHE = fileURLToPath(new URL('../../node_modules/.cache/skirmish/', import.meta.url));

/** Every non-test TypeScript file under src/ but the web page's, by path, size and modification time. */
function fingerprint(esbuildVersion: string): string {
  const h = createHash('sha256').update(`esbuild ${esbuildVersion}\n`);
  const note = (file: string) => {
    const s = statSync(file);
    h.update(`${file}\0${s.size}\0${s.mtimeMs}\n`);
  };
  const walk = (dir: string) => {
    for (const e of readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
      const path = join(dir, e.name);
      if (e.isDirectory()) {
        if (!(dir === SRC && e.name === 'web')) walk(path);
      } else if (e.name.endsWith('.ts') && !e.name.endsWith('.test.ts')) note(path);
    }
  };
  walk(SRC);
  if (existsSync(LOCK)) note(LOCK);
  return h.digest('hex').slice(0, 16);
}

async function bundle(build: typeof import('esbuild').build, source: URL): Promise<string> {
  const out = await build({
    entryPoints: [fileURLToPath(source)],
    bundle: true, format: 'esm', platform: 'node', target: 'node20', write: false, logLevel: 'silent',
    // CommonJS packages inside the bundle call require(): give the ESM bundle one
    banner: { js: `import { createRequire as __skirmishRequire } from 'node:module'; const require = __skirmishRequire(${JSON.stringify(fileURLToPath(import.meta.url))});` },
  });
  return out.outputFiles[0].text;
}

/** Write the bundle where the next run finds it (atomically), dropping bundles of older sources. */
function keep(file: string, text: string, prefix: string): void {
  mkdirSync(CACHE, { recursive: true });
  const tmp = `${file}.${process.pid}.tmp`;
  writeFileSync(tmp, text);
  renameSync(tmp, file);
  for (const old of readdirSync(CACHE)) {
    if (old.startsWith(prefix) && join(CACHE, old) !== file && !old.endsWith('.tmp')) unlinkSync(join(CACHE, old));
  }
}

async function load(source: URL, fallback: URL, prefix: string): Promise<URL> {
  // compiled: the worker's code is already JavaScript beside this file
  const code = import.meta.url.endsWith('.js') ? new URL(source.href.replace(/\.ts$/, '.js')) : source;
  // this file bundled into another (a one-file server): no worker code beside it, so the caller does without a thread
  if (code.protocol === 'file:' && !existsSync(fileURLToPath(code))) throw new Error(`no worker code at ${fileURLToPath(code)}`);
  if (code !== source) return code;
  let esbuild: typeof import('esbuild');
  try {
    esbuild = await import('esbuild');
  } catch {
    return fallback;
  }
  let file: string | undefined;
  try {
    file = join(CACHE, `${prefix}${fingerprint(esbuild.version)}.mjs`);
    if (existsSync(file)) return pathToFileURL(file);
  } catch {
    file = undefined; // sources not readable as files (an unusual install): bundle anyway
  }
  let text: string;
  try {
    text = await bundle(esbuild.build, source);
  } catch {
    return fallback;
  }
  if (file) {
    try {
      keep(file, text, prefix);
      return pathToFileURL(file);
    } catch {
      // a read-only install: this run keeps it in memory
    }
  }
  return new URL(`data:text/javascript;base64,${Buffer.from(text).toString('base64')}`);
}

const entries = new Map<string, Promise<URL>>();

/**
 * Where a worker whose code starts at `source` loads it from: one bundle built (or found) once per
 * process, named `<prefix><fingerprint>.mjs`; `fallback` (a .mjs registering the TypeScript loader)
 * when bundling fails.
 */
export function bundledWorker(source: URL, fallback: URL, prefix: string): Promise<URL> {
  let entry = entries.get(prefix);
  if (!entry) entries.set(prefix, (entry = load(source, fallback, prefix)));
  return entry;
}

/** Where simulation workers load their code from. */
export function workerEntry(): Promise<URL> {
  return bundledWorker(new URL('./worker.ts', import.meta.url), new URL('./worker-entry.mjs', import.meta.url), 'sim-worker-');
}
