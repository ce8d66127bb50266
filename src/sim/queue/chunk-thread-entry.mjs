// Queue threads start here when the sources cannot be bundled: register the TypeScript loader (as
// bin/skirmish.js does), then run the thread. Node 20 does not carry the main thread's loader hooks into workers.
import { register } from 'tsx/esm/api';

register();
await import('./chunk-thread.ts');
