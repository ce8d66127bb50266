/**
 * Projectiles in flight in words, for the board's tooltip and the list under it (a phone has no hover):
 * whose it is, where it hangs, where it flies next turn and whom it reaches there. Identical ones (two
 * javelins of one throw) read as one line, "Javelin ×2".
 */
import type { Cell, EncounterState, InFlight } from '../../../engine/index.ts';
import { rulesetById } from '../../../rulesets/index.ts';
import { key } from './marks.ts';

const at = (c: Cell) => `(${c.x}, ${c.y})`;

/** What the ruleset says is in the air now (none for a ruleset without projectiles). */
export function inFlightOf(state: EncounterState): InFlight[] {
  return rulesetById(state.ruleset)?.inFlight?.(state) ?? [];
}

/** The first unit standing on the tiles of its next flight: the one it reaches (its thrower excepted). */
function reachesNext(f: InFlight, state: EncounterState): string | undefined {
  for (const c of f.next) {
    const u = Object.values(state.units).find((v) => v.id !== f.owner && v.position && key(v.position) === key(c) && v.status !== 'dead' && v.status !== 'removed');
    if (u) return u.name;
  }
  return undefined;
}

export function flightWords(f: InFlight, state: EncounterState, count = 1): string {
  const owner = state.units[f.owner];
  const what = `${f.name}${count > 1 ? ` ×${count}` : ''}${owner ? ` (${owner.name}'s)` : ''}`;
  const next = f.next.at(-1);
  const [it, flies] = count > 1 ? ['they', 'fly'] : ['it', 'flies'];
  if (f.reaching) {
    const who = state.units[f.reaching]?.name ?? 'someone';
    return `${what} ${count > 1 ? 'reach' : 'reaches'} ${who} at ${at(f.at)}: waiting for ${who} to react${next ? `; if ${it} fly on, next turn to ${at(next)}` : ''}`;
  }
  if (!next) return `${what} over ${at(f.at)}, at the end of ${count > 1 ? 'their' : 'its'} flight`;
  const who = reachesNext(f, state);
  return `${what} over ${at(f.at)}; next turn ${it} ${flies} to ${at(next)}${who ? `, reaching ${who}` : ''}`;
}

export interface FlightGroup {
  flight: InFlight;
  count: number;
  words: string;
}

/** The projectiles in flight, identical ones (same name, thrower, tile and flight) as one. */
export function flightGroups(state: EncounterState, flying: InFlight[] = inFlightOf(state)): FlightGroup[] {
  const groups = new Map<string, { flight: InFlight; count: number }>();
  for (const f of flying) {
    const k = JSON.stringify([f.name, f.owner, f.at, f.next, f.reaching ?? null]);
    const g = groups.get(k);
    if (g) g.count++;
    else groups.set(k, { flight: f, count: 1 });
  }
  return [...groups.values()].map((g) => ({ ...g, words: flightWords(g.flight, state, g.count) }));
}
