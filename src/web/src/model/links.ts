/**
 * Links between units (a pet and its owner, a rider and its mount) as the page shows them. The engine
 * keeps them as unit data `links` on both units (gm.link / gm.unlink); a link to a unit this page cannot
 * see (hidden from a player) is left out.
 */
import { linksOf, type EncounterState, type Json, type Link, type UnitId } from '../../../engine/index.ts';

export interface LinkShown extends Link {
  /** The other unit's name. */
  name: string;
}

export function linksShown(state: EncounterState, unit: UnitId): LinkShown[] {
  const u = state.units[unit];
  if (!u) return [];
  return linksOf(u).flatMap((l) => (state.units[l.with] ? [{ ...l, name: state.units[l.with].name }] : []));
}

/** "leads Wolf (pet)" on the owner, "led by Kara (pet)" on the pet. */
export function linkText(l: LinkShown): string {
  return `${l.lead ? 'leads' : 'led by'} ${l.name} (${l.kind})`;
}

const same = (a: Link, b: Link) => a.with === b.with && a.kind === b.kind && a.lead === b.lead;

/**
 * The log line for a change of a unit's `links` (one `unit.data` event per unit): what was made and
 * what ended, with names. `old` are the unit's links before the event, `state` the state after it.
 */
export function linkChangeText(state: EncounterState, unit: UnitId, old: readonly Link[], value: Json | undefined): string {
  const name = (id: UnitId) => state.units[id]?.name ?? id;
  const now = Array.isArray(value) ? (value as unknown as Link[]) : [];
  const made = now.filter((l) => !old.some((o) => same(o, l)));
  const ended = old.filter((o) => !now.some((l) => same(o, l)));
  const words = (l: Link, now: 'now' | 'no longer') => (l.lead ? `${now} leads` : `is ${now} led by`) + ` ${name(l.with)} (${l.kind})`;
  const parts = [...made.map((l) => words(l, 'now')), ...ended.map((l) => words(l, 'no longer'))];
  return `${name(unit)} ${parts.length ? parts.join('; ') : 'keeps its links'}`;
}
