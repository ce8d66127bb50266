// Worker threads start here: register the TypeScript loader (as bin/skirmish.js does), then run the
// worker. Node 20 does not carry the main thread's loader hooks into workers.
import { register } from 'tsx/esm/api';

register();
await import('./worker.ts');
