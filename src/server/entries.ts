/**
 * Units written as in the encounter file. The engine's `gm.add_unit` takes a unit in the engine's shape
 * (`pools`, `position`, the ruleset's resolved `data`); a GM writes one as the file does (`hp: 9`,
 * `at: [7, 2]`, `weapons: [spear]` naming the file's `content`). The server keeps each encounter's source
 * document (store: `encounters.document`) and translates:
 *
 *   gm.add_unit {entry, slot?, reason?, hidden?}
 *     → the entry appended to the document's units, the whole document validated by the ruleset's
 *       schema (as `skirmish validate` does), the ruleset's `create` run on it, and the engine's
 *       gm.add_unit {unit, slot?, reason?} sent with the unit it built.
 *
 * Problems are reported at the entry (`entry.hp: …`), not at `units[7]`. The cell is checked against the
 * fight as it stands (a unit may have moved off its starting cell, or onto the one asked for). Nothing is
 * written on a refusal; on success the document, with the entry, is stored in the same transaction as the
 * command's events (referee.ts), so a later entry can name the same content.
 */
import { z } from 'zod';
import type { Cell, Command, EncounterState, GameEvent, Json, LoggedEvent, Problem, Unit } from '../engine/index.ts';
import { unitAt } from '../engine/space/index.ts';
import { validateEncounter } from '../rulesets/load.ts';
import { liveFor, type Context } from './context.ts';
import { ApiError } from './errors.ts';
import type { Live } from './live.ts';
import type { Principal } from './policy.ts';
import { parseWith } from './schemas.ts';

type Doc = Record<string, Json> & { units: Json[] };

const isRecord = (v: unknown): v is Record<string, Json> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The server's form of gm.add_unit (the engine's form has `unit` instead of `entry`). */
export const AddUnitEntry = z.strictObject({
  type: z.literal('gm.add_unit'),
  entry: z.record(z.string(), z.json()).meta({ description: "One unit written exactly as an entry of the encounter file's `units` list (hp, at, weapons naming the file's content…)." }),
  slot: z.number().int().min(0).optional().meta({ description: 'Where it enters the turn order (an index of the slots still to come); default: the ruleset\'s rule, or the end of the round.' }),
  reason: z.string().max(500).optional(),
  hidden: z.boolean().optional().meta({ description: 'Bring it in hidden from the players (true) or seen (false); default: as the entry says.' }),
});

/** Whether a command is the server's file-shaped gm.add_unit. */
export const isEntryCommand = (c: Command): boolean => c.type === 'gm.add_unit' && Object.hasOwn(c, 'entry');

async function storedDocument(ctx: Context, live: Live): Promise<Doc | undefined> {
  const doc = await ctx.store.encounterDocument(live.row.id);
  return isRecord(doc) && Array.isArray(doc.units) ? (doc as Doc) : undefined;
}

const noFile = () =>
  new ApiError(
    'NO_ENCOUNTER_FILE',
    "this encounter keeps no encounter file (it was imported from a file without its document, or loaded before the server kept files), so a unit written as in the file (entry) cannot be built here: send it in the engine's shape (unit) instead",
    'entry',
  );

const isCell = (v: unknown): v is [number, number] => Array.isArray(v) && v.length === 2 && v.every((n) => Number.isInteger(n) && n >= 0);

/** A unit may stand on `cell` of the fight as it stands: on the map, not in a wall, not on another unit. */
function checkCell(state: EncounterState, cell: Cell, field: string): void {
  const map = state.map;
  if (!map || map.kind !== 'grid') return;
  const where = `cell [${cell.x}, ${cell.y}]`;
  if (cell.x >= map.width || cell.y >= map.height) throw new ApiError('gm/bad_unit', `${field}: ${where} is outside the ${map.width}×${map.height} map`, field);
  const terrain = map.cells[`${cell.x},${cell.y}`];
  if (terrain?.blocksMove) throw new ApiError('gm/bad_unit', `${field}: ${where} is ${terrain.tags?.length ? terrain.tags.join(', ') : 'a wall'}: no unit can stand there`, field);
  const there = unitAt(state.units, cell);
  if (there) throw new ApiError('gm/cell_taken', `${field}: ${where} is taken by ${there.name} (${there.id})`, field);
}

/** `units[k]…` → `entry…`; undefined for a path elsewhere in the document. */
function entryPath(path: string, k: number): string | undefined {
  const head = `units[${k}]`;
  if (path === head) return 'entry';
  if (path.startsWith(`${head}.`) || path.startsWith(`${head}[`)) return `entry${path.slice(head.length)}`;
  return undefined;
}

/**
 * The document with the entry appended, as the fight stands: units no longer in the fight (an added unit
 * undone) left out, and, when `now`, every other unit's `at` moved to the cell it holds now.
 */
function trialOf(doc: Doc, entry: Record<string, Json>, state: EncounterState, now: boolean): Doc {
  const others = doc.units.filter((u): u is Record<string, Json> => isRecord(u) && typeof u.id === 'string' && u.id !== entry.id && Object.hasOwn(state.units, u.id));
  const placed = now
    ? others.map((u) => {
        const pos = state.units[u.id as string].position;
        return pos && isCell(u.at) ? { ...u, at: [pos.x, pos.y] } : u;
      })
    : others;
  return { ...doc, units: [...placed, entry] };
}

type Checked = { ok: true; doc: unknown } | { ok: false; mine: { path: string; message: string; text: string }[]; elsewhere: Problem[] };

function checkTrial(trial: Doc): Checked {
  const checked = validateEncounter(trial, 'entry');
  if (checked.ok) return { ok: true, doc: checked.value.doc };
  const k = trial.units.length - 1;
  const mine: { path: string; message: string; text: string }[] = [];
  const elsewhere: Problem[] = [];
  for (const p of checked.problems) {
    const path = entryPath(p.path, k);
    if (path) mine.push({ path, message: p.message, text: `${path}: ${p.message}` });
    else elsewhere.push(p);
  }
  return { ok: false, mine, elsewhere };
}

/**
 * The engine's gm.add_unit for a file-shaped one, and the document to store once it is committed.
 * Throws an ApiError (nothing changed) when the entry cannot join the fight.
 */
export async function entryToUnit(ctx: Context, live: Live, command: Command): Promise<{ command: Command; document: Doc }> {
  if (Object.hasOwn(command, 'unit')) throw new ApiError('BAD_REQUEST', "gm.add_unit takes either unit (the engine's shape) or entry (the encounter file's), not both", 'command.unit');
  const req = parseWith(AddUnitEntry, command);
  const doc = await storedDocument(ctx, live);
  if (!doc) throw noFile();
  const state = live.log.state;
  const entry = req.entry as Record<string, Json>;

  // against the fight as it stands: the id, and the cell as the file writes it
  if (typeof entry.id === 'string' && Object.hasOwn(state.units, entry.id)) {
    throw new ApiError('gm/duplicate_unit', `entry.id: there is already a unit "${entry.id}" (${state.units[entry.id].name})`, 'entry.id');
  }
  if (isCell(entry.at)) checkCell(state, { x: entry.at[0], y: entry.at[1] }, 'entry.at');

  // the whole document with the entry, as `skirmish validate` checks it
  let checked = checkTrial(trialOf(doc, entry, state, true));
  // moving the others to where they stand now can put two of them on one cell (a living unit over a fallen
  // one): that is the fight's business, not the entry's; then check against the file's own cells
  if (!checked.ok && !checked.mine.length) checked = checkTrial(trialOf(doc, entry, state, false));
  if (!checked.ok) {
    const { mine, elsewhere } = checked;
    if (mine.length) {
      const more = mine.length > 1 ? ` (and ${mine.length - 1} more)` : '';
      throw new ApiError('gm/bad_unit', `${mine[0].text}${more}`, mine[0].path, { problems: mine });
    }
    const p = elsewhere[0];
    throw new ApiError('gm/bad_unit', `with this unit the encounter file does not validate: ${p.path}: ${p.message}`, 'entry', {
      problems: elsewhere.map((x) => ({ path: x.path, message: x.message, text: `${x.path}: ${x.message}` })),
    });
  }

  // the ruleset builds it as it builds the file's units
  let unit: Unit | undefined;
  try {
    const created: GameEvent[] = live.engine.create(checked.doc);
    const built = live.engine.replay(created.map((e, i) => ({ ...e, seq: i + 1, cmd: 'c1' }) as LoggedEvent));
    unit = built.units[entry.id as string];
  } catch (err) {
    throw new ApiError('gm/bad_unit', `entry: ${live.ruleset.name} cannot build this unit (${(err as Error).message})`, 'entry');
  }
  if (!unit) throw new ApiError('gm/bad_unit', `entry: ${live.ruleset.name} built no unit "${String(entry.id)}" from it`, 'entry');
  unit = structuredClone(unit);
  if (unit.position) checkCell(state, unit.position, 'entry');
  if (req.hidden === true) unit.hidden = true;
  if (req.hidden === false) delete unit.hidden;

  const engineCommand: Command = {
    type: 'gm.add_unit',
    unit: unit as unknown as Json,
    ...(req.slot !== undefined ? { slot: req.slot } : {}),
    ...(req.reason !== undefined ? { reason: req.reason } : {}),
  };
  // kept with the fight: the entry as written, replacing an earlier (undone) entry of the same id
  const document: Doc = { ...doc, units: [...doc.units.filter((u) => !(isRecord(u) && u.id === entry.id)), entry] };
  return { command: engineCommand, document };
}

/**
 * GET /api/encounters/{e}/file-units: the units of the encounter's file still in the fight, as the file
 * writes them (and the units added since in that shape), for the GM to start a new one from a copy; and
 * the rest of the file (`document`: map, sides, content) the new unit is checked against.
 */
export async function fileUnits(ctx: Context, token: Principal, id: string): Promise<{ encounter: string; hasFile: boolean; units: Record<string, Json>[]; document?: Record<string, Json> }> {
  const { live } = await liveFor(ctx, token, id, 'gm');
  const doc = await storedDocument(ctx, live);
  if (!doc) return { encounter: id, hasFile: false, units: [] };
  const state = live.log.state;
  const units = doc.units.filter((u): u is Record<string, Json> => isRecord(u) && typeof u.id === 'string' && Object.hasOwn(state.units, u.id));
  // the rest of the file (map, sides, content): the page's unit form picks gear and sides from it and checks the entry as validate would
  const { units: _all, ...document } = doc;
  return { encounter: id, hasFile: true, units, document };
}
