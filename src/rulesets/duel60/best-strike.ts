/**
 * The best strike a duel60 unit could make from any of a set of tiles — where it stands, where one move
 * takes it — at any able enemy, by strikes.ts's estimate. The aggressive policy asks it whether moving
 * first pays, and what its next action is worth.
 */
import { attackAngle } from '../../engine/space/facing.ts';
import { distance } from '../../engine/space/grid.ts';
import type { Cell, EncounterState, Unit } from '../../engine/index.ts';
import { enemiesOf } from './model.ts';
import { arrivalTurns, flightShare, landedOdds, strikeOdds, strikesOf, type Odds, type Strike } from './strikes.ts';

export interface BestStrike {
  cell: Cell;
  target: Unit;
  strike: Strike;
  odds: Odds;
}

/**
 * The best strike from `cells` by `by`: 'score' (its own turn's choice) or 'expected' (damage, what an
 * action is worth). A projectile counts only from a tile where it arrives within the turn, or from
 * `stay` (where the unit stands): a slow flight is not worth a move.
 */
export function bestStrike(state: EncounterState, u: Unit, cells: Cell[], by: keyof Odds, stay?: Cell, strikes: Strike[] = strikesOf(state, u)): BestStrike | undefined {
  if (!strikes.length) return undefined;
  let best: BestStrike | undefined;
  for (const t of enemiesOf(state, u)) {
    const at = t.position!;
    // a blow's odds depend on the tile only through the flank it comes from, close quarters and the
    // share of a flight that lands — except a flurry's, whose knock back depends on what lies behind
    const known = new Map<string, Odds>();
    for (let i = 0; i < strikes.length; i++) {
      const s = strikes[i];
      const memo = s.type !== 'attack' || s.weapon !== undefined;
      for (const c of cells) {
        const d = distance(c, at);
        if (d > s.reach || d === 0) continue;
        const staying = stay !== undefined && c.x === stay.x && c.y === stay.y;
        if (s.flight && !staying && arrivalTurns(s.flight.speed, d) > 1) continue;
        let odds: Odds | null;
        if (!memo || (s.type === 'cast' && s.ability!.area)) odds = strikeOdds(state, u, t, s, c);
        else {
          const share = s.flight ? flightShare(state, u, t, c, s) : 1;
          if (share === null) continue;
          const key = `${i}|${t.facing ? attackAngle(c, at, t.facing) : 'front'}|${d <= 1}|${share}`;
          odds = known.get(key) ?? null;
          if (!odds) known.set(key, (odds = landedOdds(state, u, t, s, c, share)));
        }
        if (odds && odds[by] > (best?.odds[by] ?? 0)) best = { cell: c, target: t, strike: s, odds };
      }
    }
  }
  return best;
}
