/**
 * Reading encounter and scenario files: find the ruleset named in the file, validate against its schema,
 * and report every problem with file, line and field. Pure: the caller reads the text.
 */
import { z } from 'zod';
import { check, documentOutOfBounds, parseText, problemAt, rulesetIdOf, type Command, type Loaded, type Problem, type Ruleset } from '../engine/index.ts';
import { rulesets } from './index.ts';

export interface LoadedEncounter {
  ruleset: Ruleset;
  /** The validated document (defaults filled in). */
  doc: unknown;
}

export interface LoadedScenario extends LoadedEncounter {
  seed?: number | string;
  /** Faces in order; a card dealt from a deck by its name ("A♠"). */
  dice?: (number | string)[];
  commands: Command[];
  /** Where the encounter came from when the scenario names a file. */
  encounterFile?: string;
}

const scenarioSchema = z.strictObject({
  encounter: z.union([z.string().min(1), z.record(z.string(), z.unknown())]),
  seed: z.union([z.number().int(), z.string()]).optional(),
  dice: z.array(z.union([z.number().int().min(1), z.string().min(1)])).optional(),
  commands: z
    .array(
      z
        .looseObject({
          type: z.string().min(1),
          // a scenario's own words on a step (src/sim/script.ts); taken off before the command is decided
          expect: z.union([z.literal('refused'), z.strictObject({ refused: z.string().min(1) })], { message: 'expect is "refused" or { refused: <code> }' }).optional(),
          decisionOf: z.string().min(1).optional(),
          ifOpen: z.boolean().optional(),
        })
        .refine((c) => c.decisionOf === undefined || (c.type === 'answer' && c.pending === undefined), { message: 'decisionOf names the decision an "answer" settles, in place of "pending"', path: ['decisionOf'] })
        .refine((c) => c.ifOpen === undefined || (c.type === 'end_turn' && typeof c.actor === 'string'), { message: 'ifOpen is for an "end_turn" that names its actor: it ends that turn if it has not ended by itself', path: ['ifOpen'] }),
    )
    .default([]),
  description: z.string().optional(),
});

function unknownRuleset(file: string, id: string | undefined): Problem {
  const known = Object.keys(rulesets).join(', ');
  return { file, line: 1, column: 1, path: 'ruleset', message: id === undefined ? `missing "ruleset": one of ${known}` : `unknown ruleset "${id}"; known: ${known}` };
}

export function isScenario(value: unknown): boolean {
  return typeof value === 'object' && value !== null && 'encounter' in value;
}

/** Validate a parsed encounter object against its ruleset. */
export function validateEncounter(value: unknown, file: string, parsed?: Parameters<typeof check>[3]): Loaded<LoadedEncounter> {
  const id = rulesetIdOf(value);
  const ruleset = id === undefined ? undefined : rulesets[id];
  if (!ruleset || !Object.hasOwn(rulesets, id!)) return { ok: false, problems: [unknownRuleset(file, id)] };
  // counted before the schema runs: validating and building a file past these would hold the process
  const out = documentOutOfBounds(value);
  if (out) return { ok: false, problems: [problemAt(file, out.path, out.message, parsed)] };
  const r = check(value, ruleset.encounterSchema, file, parsed);
  if (!r.ok) return r;
  const stray = visionStranger(r.value);
  if (stray) return { ok: false, problems: [problemAt(file, stray.path, stray.message, parsed)] };
  return { ok: true, value: { ruleset, doc: r.value } };
}

/** A sight range set for a unit the file does not have (map.vision.units, docs/fog.md): a typo would silently do nothing. */
function visionStranger(doc: unknown): { path: (string | number)[]; message: string } | undefined {
  const d = doc as { map?: { vision?: { units?: Record<string, number> } }; units?: { id?: string }[] };
  const ids = new Set((d.units ?? []).map((u) => u.id));
  for (const id of Object.keys(d.map?.vision?.units ?? {})) {
    if (!ids.has(id)) return { path: ['map', 'vision', 'units', id], message: `no unit has the id "${id}": a sight range is set per unit id` };
  }
  return undefined;
}

/**
 * Load an encounter or scenario from text. A scenario whose `encounter` is a file name gets it
 * through `readFile` (relative to the scenario is the caller's business).
 */
export function loadText(text: string, file: string, readFile?: (name: string) => { text: string; file: string }): Loaded<LoadedScenario> {
  const p = parseText(text, file);
  if (!p.ok) return p;
  if (!isScenario(p.value)) {
    const e = validateEncounter(p.value, file, p.parsed);
    return e.ok ? { ok: true, value: { ...e.value, commands: [] } } : e;
  }
  const s = check(p.value, scenarioSchema, file, p.parsed);
  if (!s.ok) return s;
  let enc: Loaded<LoadedEncounter>;
  let encounterFile: string | undefined;
  if (typeof s.value.encounter === 'string') {
    if (!readFile) return { ok: false, problems: [{ file, line: 1, column: 1, path: 'encounter', message: 'a scenario naming a file needs a file reader' }] };
    let inner: { text: string; file: string };
    try {
      inner = readFile(s.value.encounter);
    } catch (err) {
      return { ok: false, problems: [{ file, line: 1, column: 1, path: 'encounter', message: `cannot read "${s.value.encounter}": ${(err as Error).message}` }] };
    }
    encounterFile = inner.file;
    const ip = parseText(inner.text, inner.file);
    if (!ip.ok) return ip;
    enc = validateEncounter(ip.value, inner.file, ip.parsed);
  } else {
    enc = validateEncounter(s.value.encounter, file, p.parsed);
    // positions inside an inline encounter: re-check with the path prefix so lines point into it
    if (!enc.ok) {
      const id = rulesetIdOf(s.value.encounter);
      const rs = id ? rulesets[id] : undefined;
      if (rs) {
        const wrapped = check(p.value, z.object({ encounter: rs.encounterSchema }), file, p.parsed);
        if (!wrapped.ok) enc = wrapped;
      }
    }
  }
  if (!enc.ok) return enc;
  const out: LoadedScenario = { ...enc.value, commands: s.value.commands as Command[] };
  if (s.value.seed !== undefined) out.seed = s.value.seed;
  if (s.value.dice) out.dice = s.value.dice;
  if (encounterFile) out.encounterFile = encounterFile;
  return { ok: true, value: out };
}
