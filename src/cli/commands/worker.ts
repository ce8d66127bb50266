/**
 * `skirmish worker --queue postgres://…`: play the simulation chunks `skirmish sim --queue` enqueues,
 * one thread per core by default, until stopped (Ctrl-C, SIGTERM: the chunks in hand are finished and
 * landed first). Start any number, on any machines that reach the database. See docs/simulator.md.
 */
import { availableParallelism } from 'node:os';
import { CliExit } from '../exit.ts';
import type { AddCommand } from './index.ts';

export const addWorker: AddCommand = (program) => {
  program
    .command('worker')
    .description('play simulation chunks from a queue in PostgreSQL (`skirmish sim --queue`), on any machine that reaches it')
    .requiredOption('--queue <postgres-url>', 'the queue: a PostgreSQL database (postgres://user@host/db)')
    .option('--threads <k>', 'chunks played at once (default: one per core)')
    .action(async (opts: { queue: string; threads?: string }) => {
      if (!/^postgres(ql)?:\/\//.test(opts.queue)) throw new CliExit(2, `skirmish worker: --queue takes a PostgreSQL URL (postgres://user@host/db), got "${opts.queue}"`);
      const threads = opts.threads === undefined ? Math.max(1, availableParallelism()) : Number(opts.threads);
      if (!Number.isInteger(threads) || threads < 1) throw new CliExit(2, `skirmish worker: --threads must be a whole number ≥ 1, got "${opts.threads}"`);
      const { runWorkerProcess } = await import('../../sim/queue/worker-process.ts');
      const { redact } = await import('../../store/postgres.ts');
      const abort = new AbortController();
      const stop = () => {
        process.stderr.write('skirmish worker: stopping once the chunks in hand have landed\n');
        abort.abort();
      };
      process.once('SIGINT', stop);
      process.once('SIGTERM', stop);
      try {
        await runWorkerProcess({
          url: opts.queue,
          threads,
          signal: abort.signal,
          note: (line) => process.stderr.write(`skirmish worker: ${line}\n`),
          onReady: (id) => process.stdout.write(`skirmish worker ${id}: ${threads} thread${threads === 1 ? '' : 's'}, waiting for chunks on ${redact(opts.queue)}\n`),
        });
      } catch (err) {
        throw new CliExit(1, `skirmish worker: cannot reach the queue ${redact(opts.queue)}: ${(err as Error).message}`);
      }
    });
};
