/**
 * What a reaction that takes an action (Block, Counter: D60-PRJ-2) costs the aggressive policy: the strike
 * that action would have made — next turn, from where the unit can get to, at whoever it can reach
 * then — and, for Block, the movement its Root takes too.
 */
import { lineCells } from '../../engine/space/line.ts';
import type { Cell, EncounterState, Unit } from '../../engine/index.ts';
import { bestStrike } from './best-strike.ts';
import { enemiesOf, has } from './model.ts';
import { reachFor } from './move.ts';
import { strikeOdds, strikesOf } from './strikes.ts';

/** Whether `u` could move on its next turn (no lasting hold on it). */
const free = (state: EncounterState, u: Unit): boolean => !has(state, u.id, 'Root') && !has(state, u.id, 'Drowning') && !has(state, u.id, 'Suppressed') && !has(state, u.id, 'Stun');

/** Tiles `u` could strike from on its next turn: where it stands, and where one move takes it. */
function nextTurnTiles(state: EncounterState, u: Unit): Cell[] {
  const cells = [u.position!];
  if (free(state, u)) for (const c of reachFor(state, u).tiles) cells.push(c);
  return cells;
}

/**
 * What the action a reaction takes is worth: the expected damage of the unit's best strike on its next
 * turn, moving first if it can, at any able enemy in reach by then (where everyone stands now); its
 * projectiles only as far as they fly in that turn. 0 when no one is in reach by then.
 */
export function actionWorth(state: EncounterState, u: Unit): number {
  if (!u.position) return 0;
  return bestStrike(state, u, nextTurnTiles(state, u), 'expected', u.position)?.odds.expected ?? 0;
}

/**
 * What Block's Root (D60-PRJ-2) costs on top of the action: the movement of the turn it has no action in.
 * Nothing when it can strike someone after one move anyway (rooted now, it moves and strikes the turn
 * after, as it would have); else that move was bringing it closer, and being rooted puts its next strike
 * off by a turn: it costs that strike (its best, at an enemy's near side).
 */
export function rootCost(state: EncounterState, u: Unit): number {
  if (!u.position || actionWorth(state, u) > 0) return 0;
  let worth = 0;
  const strikes = strikesOf(state, u);
  for (const t of enemiesOf(state, u)) {
    const side = lineCells(t.position!, u.position!)[0];
    if (!side) continue;
    for (const s of strikes) worth = Math.max(worth, strikeOdds(state, u, t, s, side)?.expected ?? 0);
  }
  return worth;
}
