/**
 * Run the server without the CLI: `node --import tsx src/server/main.ts [--port 0] [--db path]
 * [--host h] [--sync full|normal] [--limits JSON]`. Prints "listening on <url>" once it accepts.
 */
import { parseArgs } from 'node:util';
import { startServer } from './app.ts';
import { parseServeOptions } from './options.ts';

const { values } = parseArgs({
  options: {
    port: { type: 'string' },
    host: { type: 'string' },
    db: { type: 'string' },
    sync: { type: 'string' },
    limits: { type: 'string' },
    'allow-origin': { type: 'string', multiple: true },
  },
});
const running = await startServer(parseServeOptions(values));
process.stdout.write(`skirmish serve: listening on ${running.url} (db ${running.ctx.store.options.path}, synchronous ${running.ctx.store.durability().synchronous})\n`);
const stop = () => void running.close().then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
