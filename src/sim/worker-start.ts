/**
 * Starting a simulation worker thread: with this process's flags, less the TypeScript loader and less
 * what a worker refuses.
 */
import { Worker } from 'node:worker_threads';

/**
 * The flags a worker starts with: this process's, less the TypeScript loader (`--import tsx` and the
 * like). The workers' code is one bundle of JavaScript, and a loader registered again in every thread
 * cost each worker 0.2–0.7 s of start-up; the fallback entry (worker-entry.mjs) registers its own.
 */
export function workerArgv(argv: readonly string[] = process.execArgv): string[] {
  const loader = /^(--import|--loader|--experimental-loader|--require|-r)(=(.*))?$/;
  const isTsx = (v: string | undefined) => v !== undefined && /^tsx(\/|$)/.test(v);
  const out: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const m = loader.exec(argv[i]);
    if (m && m[2] === undefined && isTsx(argv[i + 1])) i++;
    // `--input-type` is about the main script (`node --input-type=module -e …`): a worker started with it fails
    else if (argv[i] === '--input-type') i++;
    else if (!(m && isTsx(m[3])) && !argv[i].startsWith('--input-type=')) out.push(argv[i]);
  }
  return out;
}

/**
 * A worker thread running `entry`, with workerArgv's flags. A worker refuses V8's own flags and those of
 * the whole process (`--max-old-space-size`, `--expose-gc`, `--stack-size`…: they hold for every
 * thread already), and Node says so only by throwing: then it starts with none of this process's
 * flags, instead of the run failing.
 */
export function startWorker(entry: URL, workerData: unknown, argv: readonly string[] = process.execArgv): Worker {
  try {
    return new Worker(entry, { workerData, execArgv: workerArgv(argv) });
  } catch (err) {
    if ((err as { code?: string }).code !== 'ERR_WORKER_INVALID_EXEC_ARGV') throw err;
    return new Worker(entry, { workerData, execArgv: [] });
  }
}
