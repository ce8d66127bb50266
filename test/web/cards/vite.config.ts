// The table page built for a cards table (test/web/cards/table.ts): the page's own config, into a folder of
// its own, with the registry every page file imports swapped for test/web/cards/registry.ts.
import { fileURLToPath } from 'node:url';
import { mergeConfig } from 'vite';
import page from '../../../src/web/vite.config.ts';
import { CARDS_DIST } from './dist.ts';

const registry = fileURLToPath(new URL('./registry.ts', import.meta.url));

export default mergeConfig(page, {
  build: { outDir: CARDS_DIST, emptyOutDir: true },
  // the page's imports of the registry, from whatever depth (../../rulesets/index.ts); the registry above
  // imports the real one as ../../../src/rulesets/index.ts, which this does not match
  resolve: { alias: [{ find: /^(\.\.\/)+rulesets\/index\.ts$/, replacement: registry }] },
});
