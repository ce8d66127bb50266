#!/usr/bin/env node
// Entry point for `npx skirmish`: registers the TypeScript loader, then runs the CLI from source.
import { register } from 'tsx/esm/api';

register();
// a reader that stops early (`skirmish run … | head`) has what it wanted: end quietly, not with a stack
process.stdout.on('error', (err) => {
  if (err.code === 'EPIPE') process.exit(0);
  throw err;
});
const { main } = await import('../src/cli/main.ts');
process.exitCode = await main(process.argv.slice(2));
