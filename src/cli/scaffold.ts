/**
 * `skirmish new-ruleset <id>`: a new rule system's folder from the template in src/scaffold/ (a small,
 * complete ruleset named "skeleton", itself type-checked and tested with the rest), its first example,
 * and its registration line in src/rulesets/index.ts. The new folder passes its own tests and
 * `skirmish check-ruleset <id>` as it is written.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { rulesets } from '../rulesets/index.ts';

export const PACKAGE_ROOT = fileURLToPath(new URL('../../', import.meta.url));
const TEMPLATE = fileURLToPath(new URL('../scaffold/', import.meta.url));

export interface ScaffoldOptions {
  /** The project to write into (default: this package). */
  root?: string;
  /** The prefix of its rule ids (default: the id's first four letters, in capitals). */
  prefix?: string;
}

/** Why `id` (and its prefix) cannot be a new ruleset, or undefined when it can. */
export function badId(id: string, prefix: string, root: string): string | undefined {
  if (!/^[a-z][a-z0-9]{1,19}$/.test(id)) return `"${id}" cannot be a ruleset id: use 2 to 20 lower-case letters and digits, starting with a letter (like phase20)`;
  if (Object.hasOwn(rulesets, id)) return `there is already a ruleset "${id}"`;
  if (existsSync(join(root, 'src/rulesets', id))) return `src/rulesets/${id} already exists`;
  if (!/^[A-Z][A-Z0-9]{1,4}$/.test(prefix)) return `"${prefix}" cannot be a rule-id prefix: use 2 to 5 capitals and digits, starting with a capital (like P20)`;
  const taken = Object.values(rulesets).find((r) => r.rulePrefix === prefix);
  if (taken) return `the rule-id prefix ${prefix} is ${taken.id}'s; choose another with --prefix`;
  return undefined;
}

/** The template's words made the new ruleset's: its id, its name in capitals, its rule-id prefix. */
function fill(text: string, id: string, prefix: string): string {
  const Cap = id[0].toUpperCase() + id.slice(1);
  return text.replace(/skeleton/g, id).replace(/Skeleton/g, Cap).replace(/SKEL-/g, `${prefix}-`).replace(/'SKEL'/g, `'${prefix}'`);
}

/** Add the import and the entry of the new ruleset to the registry's text; undefined when its shape is not the one expected. */
export function register(indexText: string, id: string): string | undefined {
  const imports = [...indexText.matchAll(/^import \{ \w+ \} from '\.\/\w+\/index\.ts';$/gm)];
  const open = /export const rulesets: Record<string, Ruleset> = \{\n/.exec(indexText);
  if (!imports.length || !open) return undefined;
  const close = indexText.indexOf('\n};', open.index);
  if (close < 0) return undefined;
  const last = imports[imports.length - 1];
  const afterImport = last.index! + last[0].length;
  return `${indexText.slice(0, afterImport)}\nimport { ${id} } from './${id}/index.ts';${indexText.slice(afterImport, close)}\n  ${id},${indexText.slice(close)}`;
}

/** Write the new ruleset; returns the files written, relative to the root. */
export function scaffold(id: string, opts: ScaffoldOptions = {}): string[] {
  const root = opts.root ?? PACKAGE_ROOT;
  const prefix = opts.prefix ?? id.replace(/[^a-z]/g, '').slice(0, 4).toUpperCase();
  const why = badId(id, prefix, root);
  if (why) throw new Error(why);
  const indexFile = join(root, 'src/rulesets/index.ts');
  const registered = register(readFileSync(indexFile, 'utf8'), id);
  if (!registered) throw new Error(`src/rulesets/index.ts does not read as expected: add "import { ${id} } from './${id}/index.ts';" and "${id}," to it by hand`);
  const written: string[] = [];
  const put = (to: string, text: string) => {
    mkdirSync(join(to, '..'), { recursive: true });
    writeFileSync(to, text);
    written.push(relative(root, to));
  };
  for (const f of readdirSync(join(TEMPLATE, 'ruleset')).sort()) put(join(root, 'src/rulesets', id, f), fill(readFileSync(join(TEMPLATE, 'ruleset', f), 'utf8'), id, prefix));
  for (const f of readdirSync(join(TEMPLATE, 'examples')).sort()) put(join(root, 'examples', id, f), fill(readFileSync(join(TEMPLATE, 'examples', f), 'utf8'), id, prefix));
  writeFileSync(indexFile, registered);
  written.push(relative(root, indexFile));
  return written;
}
