/** A copy of the project as a newcomer has it — the sources, the examples, the dependencies (linked) — for tests that change it. */
import { cpSync, mkdtempSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const PROJECT_ROOT = join(import.meta.dirname, '..');

export function freshProject(prefix = 'skirmish-newcomer-'): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  for (const f of ['package.json', 'tsconfig.json', 'vitest.config.ts', 'bin', 'scripts', 'src', 'examples']) {
    cpSync(join(PROJECT_ROOT, f), join(dir, f), { recursive: true, filter: (src) => !/\/src\/web\/dist(\/|$)|\.build-lock|node_modules/.test(src) });
  }
  symlinkSync(join(PROJECT_ROOT, 'node_modules'), join(dir, 'node_modules'), 'dir');
  return dir;
}
