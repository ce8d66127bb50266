/**
 * The server for a cards table: src/server/main.ts's, with the engine's test ruleset with cards
 * (src/engine/testing/cards.ts) registered beside the shipped ones and the page built with it
 * (test/web/cards/vite.config.ts). Arguments as main.ts's. Tests only.
 */
import { parseArgs } from 'node:util';
import { toyCards } from '../../../src/engine/testing/cards.ts';
import { rulesets } from '../../../src/rulesets/index.ts';
import { startServer } from '../../../src/server/app.ts';
import { parseServeOptions } from '../../../src/server/options.ts';

rulesets[toyCards.id] = toyCards;
const { values } = parseArgs({
  options: { port: { type: 'string' }, db: { type: 'string' }, sync: { type: 'string' }, limits: { type: 'string' }, 'dice-seed': { type: 'string' }, 'web-dist': { type: 'string' } },
});
const { 'web-dist': webDist, ...serve } = values;
const running = await startServer({ ...parseServeOptions(serve), ...(webDist ? { webDist } : {}) });
process.stdout.write(`skirmish serve: listening on ${running.url} (cards table)\n`);
const stop = () => void running.close().then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
