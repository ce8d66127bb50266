/**
 * How a fight went, from its events as this viewer received them: the result, the rounds, who went down
 * (and in which round), and the damage each unit dealt and took. Undone commands count for nothing; damage
 * whose source the viewer may not see is counted as taken, dealt by no one named.
 */
import type { EncounterState, LoggedEvent } from '../../../engine/index.ts';
import { resultText } from '../../../engine/describe.ts';
import { isOut, outWord } from './standing.ts';

export interface FightSummary {
  result?: string;
  rounds: number;
  /** Units out of the fight at its end, in turn-order order: "Grik", "down", round 2. */
  down: { unit: string; name: string; word: string; round?: number }[];
  /** Every unit that dealt or took damage, in turn-order order. */
  damage: { unit: string; name: string; dealt: number; taken: number }[];
  /** Damage dealt by nothing this viewer can name (a trap, a burn whose caster is unseen, the GM's hand). */
  unnamed: number;
}

export function summarizeFight(state: EncounterState, events: readonly LoggedEvent[], undone: ReadonlySet<string>): FightSummary {
  const dealt = new Map<string, number>();
  const taken = new Map<string, number>();
  const downIn = new Map<string, number>();
  let round = 0;
  let unnamed = 0;
  for (const e of events) {
    if (undone.has(e.cmd)) continue;
    if (e.type === 'round.started') round = e.round;
    else if (e.type === 'unit.status') {
      if (e.status === 'active') downIn.delete(e.unit);
      else if (!downIn.has(e.unit)) downIn.set(e.unit, round);
    } else if (e.type === 'pool.changed' && e.kind === 'damage' && e.delta < 0) {
      const amount = -e.delta;
      taken.set(e.unit, (taken.get(e.unit) ?? 0) + amount);
      if (e.source === e.unit) continue; // a unit hurting itself dealt nothing to anyone
      if (e.source && state.units[e.source]) dealt.set(e.source, (dealt.get(e.source) ?? 0) + amount);
      else unnamed += amount;
    }
  }
  const units = state.unitOrder.filter((id) => state.units[id]);
  return {
    ...(state.result ? { result: resultText(state.result) } : {}),
    rounds: state.turn.round,
    down: units
      .filter((id) => isOut(state, state.units[id]))
      .map((id) => ({ unit: id, name: state.units[id].name, word: outWord(state.units[id]), ...(downIn.get(id) ? { round: downIn.get(id) } : {}) })),
    damage: units.filter((id) => dealt.has(id) || taken.has(id)).map((id) => ({ unit: id, name: state.units[id].name, dealt: dealt.get(id) ?? 0, taken: taken.get(id) ?? 0 })),
    unnamed,
  };
}
