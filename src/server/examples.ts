/** The example encounters shipped in examples/<ruleset>/*.yaml, listed once and read by name only. */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import { rulesetById } from '../rulesets/index.ts';
import { notFound } from './errors.ts';

export const EXAMPLES_DIR = fileURLToPath(new URL('../../examples/', import.meta.url));

export interface Example {
  /** "phase20/goblin-cave.yaml": what POST .../encounters {example} takes. */
  path: string;
  ruleset: string;
  name: string;
  description?: string;
}

let cached: Example[] | undefined;

export function listExamples(dir = EXAMPLES_DIR): Example[] {
  if (cached && dir === EXAMPLES_DIR) return cached;
  const out: Example[] = [];
  let rulesets: string[] = [];
  try {
    rulesets = readdirSync(dir).filter((d) => rulesetById(d) && statSync(join(dir, d)).isDirectory()).sort();
  } catch {
    return [];
  }
  for (const r of rulesets) {
    for (const f of readdirSync(join(dir, r)).filter((x) => /\.ya?ml$/.test(x)).sort()) {
      let name = titleOf(f);
      let description: string | undefined;
      try {
        type Named = { name?: unknown; description?: unknown };
        const doc = parse(readFileSync(join(dir, r, f), 'utf8')) as (Named & { encounter?: Named }) | null;
        // a scenario keeps its encounter's name and description inside `encounter:`
        const named = [doc, doc?.encounter].find((d) => typeof d?.name === 'string');
        if (named) name = named.name as string;
        const told = [doc, doc?.encounter].find((d) => typeof d?.description === 'string');
        if (told) description = told.description as string;
      } catch {
        // listed anyway: loading it reports the problem with line numbers
      }
      out.push({ path: `${r}/${f}`, ruleset: r, name, ...(description ? { description } : {}) });
    }
  }
  if (dir === EXAMPLES_DIR) cached = out;
  return out;
}

/** A file without a name is listed by its file name in words: "convoy-ambush.yaml" → "Convoy ambush". */
function titleOf(file: string): string {
  const words = file.replace(/\.ya?ml$/, '').replace(/[-_]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * The example a ruleset is shown off with at a table (Ruleset.showcase, else its first example), as an
 * example path ("phase20/crossroads-4v4.yaml"); undefined when it ships none.
 */
export function showcaseOf(rulesetId: string, dir = EXAMPLES_DIR): string | undefined {
  const mine = listExamples(dir).filter((e) => e.ruleset === rulesetId);
  const named = rulesetById(rulesetId)?.showcase;
  return (mine.find((e) => e.path === `${rulesetId}/${named}`) ?? mine[0])?.path;
}

/** The text of a listed example; anything not in the list (../, absolute paths) is simply not found. */
export function readExample(path: string, dir = EXAMPLES_DIR): { text: string; file: string } | undefined {
  const ex = listExamples(dir).find((e) => e.path === path);
  if (!ex) return undefined;
  return { text: withMapArt(readFileSync(join(dir, ex.path), 'utf8'), join(dir, ex.ruleset)), file: `examples/${ex.path}` };
}

const IMAGE_TYPES: Record<string, string> = { '.svg': 'image/svg+xml', '.png': 'image/png', '.jpg': 'image/jpeg', '.jpeg': 'image/jpeg', '.webp': 'image/webp' };

/**
 * An example's map art names a file beside it (`src: maps/goblin-cave.svg`): it becomes the address the
 * server serves it at (`/maps/phase20/goblin-cave.svg`, same origin: what the page's CSP lets it show),
 * so the encounter names its image wherever it goes (the log, an export) without carrying it. Only on its
 * own line's value, so every other line and column of the file stays where it was.
 */
export function withMapArt(text: string, folder: string): string {
  const ruleset = basename(folder);
  return text.replace(/(\bsrc:\s*)(maps\/([\w-]+(\.svg|\.png|\.jpe?g|\.webp)))\b/g, (whole, key: string, rel: string, name: string) => {
    if (!existsSync(join(folder, rel))) return whole; // left as written: loading says where the image should be
    return `${key}"/maps/${ruleset}/${name}"`;
  });
}

/** GET /maps/{ruleset}/{file}: a shipped example's map art, or undefined when there is no such file (404). */
export function exampleMap(pathname: string, dir = EXAMPLES_DIR): { type: string; body: Buffer } | undefined {
  const m = /^\/maps\/([a-z0-9-]+)\/([\w-]+(\.svg|\.png|\.jpe?g|\.webp))$/.exec(pathname);
  if (!m || !rulesetById(m[1])) return undefined;
  const file = join(dir, m[1], 'maps', m[2]);
  if (!existsSync(file)) return undefined;
  return { type: IMAGE_TYPES[m[3]], body: readFileSync(file) };
}

/** GET /api/examples/{ruleset}/{stem}: a listed example's text (`phase20/goblin-cave`), for the builder to open. */
export function exampleText(ruleset: string, stem: string): Example & { text: string } {
  const ex = listExamples().find((e) => e.path === `${ruleset}/${stem}.yaml` || e.path === `${ruleset}/${stem}.yml`);
  const read = ex && readExample(ex.path);
  if (!ex || !read) throw notFound(`no example "${ruleset}/${stem}" (GET /api/examples lists them)`);
  return { ...ex, text: read.text };
}
