/**
 * What one recipient receives: the engine's viewState / viewLog with the ruleset's secret pools, plus
 * previews made JSON. Every byte the server sends about an encounter goes through here.
 */
import type { Distribution } from '../dice/index.ts';
import { knownState, undoneCommands, viewLog, viewRulesOf, viewState, type ActionOption, type EncounterState, type AffectedOdds, type LoggedEvent, type Preview, type Ruleset, type Viewer } from '../engine/index.ts';

export const rulesOf = viewRulesOf;

export function projectState(state: EncounterState, viewer: Viewer, ruleset: Ruleset): EncounterState {
  return viewState(state, viewer, rulesOf(ruleset));
}

/**
 * The state `viewer`'s odds are reckoned from: the GM's is the state itself; a player's has other sides'
 * unit data as the ruleset shows it to players (frontline: only revealed affinities), so a preview never
 * tells what the table has not seen; the units hidden from a player are not there. Hit points and
 * positions are as they are. A player's moves are listed from it too (listing.ts).
 */
export function reckoningState(state: EncounterState, viewer: Viewer, ruleset: Ruleset): EncounterState {
  return knownState(state, viewer, rulesOf(ruleset));
}

/** A whole log (or a prefix of one) as `viewer` may see it. */
export function projectLog(events: readonly LoggedEvent[], viewer: Viewer, ruleset: Ruleset): LoggedEvent[] {
  if (viewer.role === 'gm') return [...events];
  return viewLog(events, viewer, ruleset.appliers, rulesOf(ruleset), undoneCommands(events));
}

/**
 * New events of one command as `viewer` may see them, without re-reading the whole log: the fold
 * starts from the state before the command (seeded as a synthetic creation event, dropped after).
 */
export function projectNew(before: EncounterState, events: readonly LoggedEvent[], viewer: Viewer, ruleset: Ruleset): LoggedEvent[] {
  if (viewer.role === 'gm') return [...events];
  const seed = { type: 'encounter.created', state: before, seq: 0, cmd: '' } as LoggedEvent;
  return viewLog([seed, ...events], viewer, ruleset.appliers, rulesOf(ruleset)).filter((e) => e.seq !== 0);
}

/** One unit's odds as JSON (Preview.affected). */
export interface OddsJson {
  chance?: number;
  expectedDamage?: number;
  damageOnHit?: { min: number; max: number; mean: number };
  /** Distribution of damage as [value, probability] pairs, misses as 0. */
  damage?: { pmf: [number, number][]; mean: number; min: number; max: number };
}

export interface PreviewJson extends OddsJson {
  why?: string;
  risk?: string;
  /** Every unit affected, the aimed-at first, each with its odds. */
  affected?: (OddsJson & { unit: string; note?: string })[];
  notes?: string[];
}

function oddsJson(p: Omit<AffectedOdds, 'unit'>): OddsJson {
  const out: OddsJson = {};
  if (p.chance !== undefined) out.chance = p.chance;
  if (p.expectedDamage !== undefined) out.expectedDamage = p.expectedDamage;
  if (p.damageOnHit) out.damageOnHit = { ...p.damageOnHit };
  if (p.damage) {
    const d = p.damage as Distribution;
    out.damage = { pmf: d.pmf(), mean: d.mean, min: d.min, max: d.max };
  }
  return out;
}

export function previewJson(p: Preview): PreviewJson {
  const out: PreviewJson = oddsJson(p);
  if (p.why) out.why = p.why;
  if (p.risk) out.risk = p.risk;
  if (p.affected?.length) out.affected = p.affected.map((a) => ({ unit: a.unit, ...oddsJson(a), ...(a.note ? { note: a.note } : {}) }));
  if (p.notes?.length) out.notes = [...p.notes];
  return out;
}

/** Anything that names a secret string anywhere (labels, commands, notes). */
export function mentionsAny(value: unknown, secrets: readonly string[]): boolean {
  if (!secrets.length) return false;
  const text = JSON.stringify(value);
  return secrets.some((s) => text.includes(s));
}

/**
 * Actions a player may see: none that names a hidden unit (a target it must not know of), and an area's
 * `targets` without the hidden units standing in it (the option stays: it is aimed at someone seen).
 */
export function visibleActions(options: ActionOption[], hiddenIds: ReadonlySet<string>, secrets: readonly string[]): ActionOption[] {
  const names = (v: unknown): boolean => (typeof v === 'string' ? hiddenIds.has(v) : Array.isArray(v) ? v.some(names) : v && typeof v === 'object' ? Object.values(v).some(names) : false);
  const out: ActionOption[] = [];
  for (const o of options) {
    if (Object.entries(o.command).some(([k, v]) => k !== 'type' && names(v)) || secrets.some((s) => o.label.includes(s))) continue;
    out.push(o.targets?.some((id) => hiddenIds.has(id)) ? { ...o, targets: o.targets.filter((id) => !hiddenIds.has(id)) } : o);
  }
  return out;
}
