import { startServer } from '../../server/app.ts';
import { OptionError, parseServeOptions } from '../../server/options.ts';
import { CliExit } from '../exit.ts';
import type { AddCommand } from './index.ts';

export const addServe: AddCommand = (program) => {
  program
    .command('serve')
    .description('run the referee server: HTTP API, live WebSocket and the web page, stored in one SQLite file')
    .option('--port <port>', 'port to listen on (0: any free port; default $PORT or 8080)')
    .option('--host <host>', 'address to bind (0.0.0.0 to open it to the network)', '127.0.0.1')
    .option('--db <path>', 'SQLite file', 'data/skirmish.sqlite')
    .option('--sync <level>', 'SQLite synchronous: full (survives power loss) or normal (survives a crash)', 'full')
    .option('--allow-origin <origin...>', 'extra browser origins allowed to open the WebSocket')
    .option('--limits <json>', 'override limits, e.g. \'{"wsRate":100}\' (see docs/server.md)')
    .option('--dice-seed <n>', 'TESTING ONLY: reproducible server dice (anyone who knows n knows the rolls)')
    .action(async (opts: { port?: string; host: string; db: string; sync: string; allowOrigin?: string[]; limits?: string; diceSeed?: string }) => {
      let options;
      try {
        options = parseServeOptions(opts);
      } catch (err) {
        if (err instanceof OptionError) throw new CliExit(2, `skirmish serve: ${err.message}`);
        throw err;
      }
      if (opts.diceSeed !== undefined) process.stderr.write('skirmish serve: WARNING --dice-seed makes every roll predictable; for tests only, never for play\n');
      const running = await startServer(options);
      process.stdout.write(`skirmish serve: listening on ${running.url} (${await running.ctx.store.describe()})\n`);
      await new Promise<void>((resolve) => {
        const stop = () => void running.close().then(resolve);
        process.once('SIGINT', stop);
        process.once('SIGTERM', stop);
      });
    });
};
