// The reader thread starts here when no bundle could be built: register the TypeScript loader (as
// bin/skirmish.js does), then run the thread. Node 20 does not carry the main thread's loader hooks into workers.
import { register } from 'tsx/esm/api';

register();
await import('./reader-thread.ts');
