// Whether dist/ (the compiled package, `npm run build`) holds what src/ says now. The build leaves
// dist/.built stamped with the time it started; any source file changed since (an edit, a checkout,
// `skirmish new-ruleset`) makes dist stale. Only a checkout asks: an installed package has no src/.
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

export const STAMP = 'dist/.built';

/** The newest modification time (ms) of the sources the build compiles, or 0 when there are none. */
export function newestSource(root) {
  let newest = 0;
  const walk = (dir, top) => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      if (e.isDirectory()) {
        // the page is built by vite, the templates are read as text: neither is in dist
        if (!(top && (e.name === 'web' || e.name === 'scaffold'))) walk(join(dir, e.name), false);
      } else if (e.name.endsWith('.ts') && !e.name.endsWith('.test.ts')) {
        newest = Math.max(newest, statSync(join(dir, e.name)).mtimeMs);
      }
    }
  };
  walk(join(root, 'src'), true);
  return newest;
}

/** True when dist/ was built from the sources as they are (its stamp is no older than any of them). */
export function distIsFresh(root) {
  let built;
  try {
    built = statSync(join(root, STAMP)).mtimeMs;
  } catch {
    return false;
  }
  return newestSource(root) <= built;
}
