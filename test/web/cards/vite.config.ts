// The table page built for a cards table (test/web/cards/table.ts): the page's own config, into a folder of
// its own, with the registry every file of the page imports (src/rulesets/index.ts, by whatever path) swapped
// for test/web/cards/registry.ts — which alone imports the real one.
import { fileURLToPath } from 'node:url';
import { mergeConfig, type Plugin } from 'vite';
import page from '../../../src/web/vite.config.ts';
import { CARDS_DIST } from './dist.ts';

const registry = fileURLToPath(new URL('./registry.ts', import.meta.url));
const shipped = fileURLToPath(new URL('../../../src/rulesets/index.ts', import.meta.url));

const withCards: Plugin = {
  name: 'skirmish-cards-registry',
  enforce: 'pre',
  async resolveId(source, importer, options) {
    if (!source.endsWith('index.ts') || importer === registry) return null;
    const r = await this.resolve(source, importer, { ...options, skipSelf: true });
    return r?.id === shipped ? registry : null;
  },
};

export default mergeConfig(page, { build: { outDir: CARDS_DIST, emptyOutDir: true }, plugins: [withCards] });
