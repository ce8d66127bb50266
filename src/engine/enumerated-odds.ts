/**
 * Odds from the resolution itself: every sequence of faces `decide` can draw for a command is played, each
 * weighing 1/sides per face, and the damage the aimed-at unit takes is tallied — the exact distribution of
 * the rules as written, with no second copy of them. For commands whose dice tree is small (a d20 and a
 * damage die: 20 + 20 × 8 decisions); a larger tree, or a command whose damage waits on an answer, gives
 * undefined and the ruleset's own preview stands.
 */
import { Distribution } from '../dice/index.ts';
import type { DiceSource } from '../dice/source.ts';
import type { Engine } from './engine.ts';
import type { Command } from './ruleset.ts';
import type { EncounterState } from './types.ts';

export interface EnumeratedOdds {
  /** The damage the aimed-at unit takes, misses included as 0 (what its pools lost). */
  damage: Distribution;
  /** The chance that it takes any. */
  harmed: number;
  /** Decisions played to find it. */
  decided: number;
}

/** Thrown by the enumerating source when a path needs a face not chosen yet. */
class NextFace {
  constructor(readonly sides: number) {}
}

export function enumeratedOdds(engine: Engine, state: EncounterState, cmd: Command, opts: { maxDecisions?: number } = {}): EnumeratedOdds | undefined {
  const target = typeof cmd.target === 'string' ? cmd.target : undefined;
  if (!target) return undefined;
  const budget = opts.maxDecisions ?? 5_000;
  const tally = new Map<number, number>();
  let decided = 0;
  let tooBig = false;
  let unsettled = false;
  // depth first: a path of faces chosen so far is decided again from the start, and extended where it runs out
  const explore = (faces: number[], p: number): void => {
    if (tooBig || unsettled) return;
    if (++decided > budget) {
      tooBig = true;
      return;
    }
    let i = 0;
    const src: DiceSource = {
      roll(sides) {
        if (i < faces.length) return faces[i++];
        throw new NextFace(sides);
      },
    };
    let d: ReturnType<Engine['decide']>;
    try {
      d = engine.decide(engine.fork(state), cmd, src, { inPlace: true });
    } catch (e) {
      if (!(e instanceof NextFace)) throw e;
      for (let f = 1; f <= e.sides; f++) explore([...faces, f], p / e.sides);
      return;
    }
    if (!d.ok) {
      unsettled = true;
      return;
    }
    if (d.state.pending.length > state.pending.length) {
      unsettled = true;
      return;
    }
    let dealt = 0;
    for (const e of d.events) if (e.type === 'pool.changed' && e.unit === target && e.kind === 'damage') dealt += Math.abs(e.delta);
    tally.set(dealt, (tally.get(dealt) ?? 0) + p);
  };
  explore([], 1);
  if (tooBig || unsettled || tally.size === 0) return undefined;
  const damage = Distribution.fromPairs(tally);
  return { damage, harmed: 1 - damage.probOf(0), decided };
}
