import { startServer } from '../../server/app.ts';
import { isPostgresUrl, redact, StoreUnavailableError } from '../../store/index.ts';
import { OptionError, parseServeOptions } from '../../server/options.ts';
import { CliExit } from '../exit.ts';
import type { AddCommand } from './index.ts';

export const addServe: AddCommand = (program) => {
  program
    .command('serve')
    .description('run the referee server: HTTP API, live WebSocket and the web page, stored in a SQLite file or PostgreSQL')
    .option('--port <port>', 'port to listen on (0: any free port; default $PORT or 8080)')
    .option('--host <host>', 'address to bind (0.0.0.0 to open it to the network)', '127.0.0.1')
    .option('--store <where>', 'postgres://user@host/db (several processes may share it; or $DATABASE_URL), or a SQLite file (default data/skirmish.sqlite)')
    .option('--db <path>', 'the SQLite file (same as --store <path>)')
    .option('--sync <level>', 'SQLite only, synchronous: full (survives power loss) or normal (survives a crash)', 'full')
    .option('--allow-origin <origin...>', 'extra browser origins allowed to open the WebSocket')
    .option('--limits <json>', 'override limits, e.g. \'{"wsRate":100}\' (see docs/server.md)')
    .option('--dice-seed <n>', 'TESTING ONLY: reproducible server dice (anyone who knows n knows the rolls)')
    .action(async (opts: { port?: string; host: string; store?: string; db?: string; sync: string; allowOrigin?: string[]; limits?: string; diceSeed?: string }) => {
      let options;
      try {
        options = parseServeOptions(opts);
      } catch (err) {
        if (err instanceof OptionError) throw new CliExit(2, `skirmish serve: ${err.message}`);
        throw err;
      }
      if (opts.diceSeed !== undefined) process.stderr.write('skirmish serve: WARNING --dice-seed makes every roll predictable; for tests only, never for play\n');
      let running;
      try {
        running = await startServer(options);
      } catch (err) {
        // the database named cannot be reached: say so in one line, not a stack
        if (err instanceof StoreUnavailableError) throw new CliExit(1, `skirmish serve: cannot reach the database ${isPostgresUrl(options.db ?? '') ? redact(options.db!) : options.db}: ${err.message}`);
        throw err;
      }
      process.stdout.write(`skirmish serve: listening on ${running.url} (${await running.ctx.store.describe()})\n`);
      await new Promise<void>((resolve) => {
        const stop = () => void running.close().then(resolve);
        process.once('SIGINT', stop);
        process.once('SIGTERM', stop);
      });
    });
};
