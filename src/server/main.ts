/**
 * Run the server without the CLI: `node --import tsx src/server/main.ts [--port 0] [--store postgres://… | --db path]
 * [--host h] [--sync full|normal] [--limits JSON] [--dice-seed N]`. Prints "listening on <url>" once it
 * accepts. --dice-seed (testing only) makes every server roll reproducible, so a session replays exactly.
 */
import { parseArgs } from 'node:util';
import { startServer } from './app.ts';
import { parseServeOptions } from './options.ts';

const { values } = parseArgs({
  options: {
    port: { type: 'string' },
    host: { type: 'string' },
    store: { type: 'string' },
    db: { type: 'string' },
    sync: { type: 'string' },
    limits: { type: 'string' },
    'allow-origin': { type: 'string', multiple: true },
    'dice-seed': { type: 'string' },
  },
});
const options = parseServeOptions(values);
if (options.testDiceSeed !== undefined) process.stderr.write(`skirmish serve: --dice-seed ${options.testDiceSeed}: the server's dice are predictable (testing only, never for play)\n`);
const running = await startServer(options);
process.stdout.write(`skirmish serve: listening on ${running.url} (${await running.ctx.store.describe()})\n`);
const stop = () => void running.close().then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
