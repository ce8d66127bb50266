/**
 * The encounter being built: the file's own data, as the GM would write it (defaults left out unless
 * set), with the scenario around it when the file was one (its dice and commands are kept untouched).
 * To and from text: what *Download* writes and *Open* reads. A download read back is the same draft.
 */
import { Document, isMap, isScalar, isSeq, visit } from 'yaml';
import { parseText, type Problem } from '../../../../engine/index.ts';
import type { Doc } from './paths.ts';

export interface Draft {
  /** The encounter file's data (`ruleset`, `name`, `map`, `units`...). */
  doc: Doc;
  /** A scenario's other fields (`dice`, `commands`, `seed`...) when the file was a scenario. */
  scenario?: Doc;
  /** The file name it came from or will be downloaded as. */
  file: string;
}

export type Opened = { ok: true; draft: Draft } | { ok: false; problems: Problem[] };

const isRecord = (v: unknown): v is Doc => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Read a file (YAML or JSON) into a draft; only text that is not a document at all is refused here. */
export function openText(text: string, file: string): Opened {
  const p = parseText(text, file);
  return p.ok ? openData(p.value, file) : p;
}

/** A file's data (an encounter saved at the table, a parsed file) as a draft. */
export function openData(value: unknown, file: string): Opened {
  const at = (message: string, path = '(top)'): Opened => ({ ok: false, problems: [{ file, line: 1, column: 1, path, message }] });
  if (!isRecord(value)) return at('an encounter file is a mapping of fields (ruleset, name, units...)');
  if ('encounter' in value) {
    const { encounter, ...scenario } = value;
    if (typeof encounter === 'string') return at(`this scenario names its encounter in another file ("${encounter}"): open that file`, 'encounter');
    if (!isRecord(encounter)) return at('a scenario\'s encounter is a mapping of fields', 'encounter');
    return { ok: true, draft: { doc: structuredClone(encounter), scenario: structuredClone(scenario), file } };
  }
  return { ok: true, draft: { doc: structuredClone(value), file } };
}

/** The data the file holds: the encounter, or the scenario with the encounter inside. */
export function draftData(d: Draft): Doc {
  return d.scenario ? { ...d.scenario, encounter: d.doc } : d.doc;
}

const scalarsOnly = (items: unknown[]) => items.every((x) => isScalar(x));

/**
 * YAML as the examples are written: cells, tags and other short lists on one line, each terrain entry,
 * gear entry or small unit part as a one-line mapping; units and longer mappings in block style.
 */
export function draftText(d: Draft): string {
  const doc = new Document(draftData(d));
  visit(doc, {
    Seq(_, node) {
      if (scalarsOnly(node.items) && node.items.length <= 12) node.flow = true;
    },
    Map(_, node, path) {
      const parent = path[path.length - 1];
      const small = node.items.length <= 8 && node.items.every((p) => isScalar(p.value) || (isSeq(p.value) && scalarsOnly(p.value.items)) || (isMap(p.value) && p.value.items.every((q) => isScalar(q.value))));
      const inList = isSeq(parent);
      const leaf = node.items.every((p) => isScalar(p.value));
      if ((inList && small && !hasUnitShape(node)) || (leaf && node.items.length <= 6 && !inList)) node.flow = true;
    },
  });
  return doc.toString({ lineWidth: 120, flowCollectionPadding: true });
}

/** A unit entry reads better in block style (one field a line), however small. */
function hasUnitShape(node: { items: { key: unknown }[] }): boolean {
  const keys = node.items.map((p) => (isScalar(p.key) ? String(p.key.value) : ''));
  return keys.includes('side') && keys.includes('name');
}

/** A file name for the download: the encounter's name in lower case with dashes. */
export function fileNameFor(d: Draft): string {
  const name = typeof d.doc.name === 'string' ? d.doc.name : 'encounter';
  const slug = name.toLowerCase().normalize('NFKD').replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'encounter';
  return `${slug}.yaml`;
}
