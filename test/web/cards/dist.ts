// Where the page of a cards table is built (vite.config.ts) and served from (table.ts): a folder of its own.
import { fileURLToPath } from 'node:url';

export const CARDS_DIST = fileURLToPath(new URL('../../../node_modules/.cache/skirmish/web-cards/', import.meta.url));
