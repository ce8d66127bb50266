/**
 * The aggressive policy's answers when a projectile reaches its unit (D60-PRJ-2):
 *   - Evade when it can (free, no damage), to the offered tile nearest an enemy that no other projectile
 *     will cross — unless an ally stands further on the projectile's line and a reaction is worth it;
 *   - else weigh the reactions by their exact odds (`reactionOdds`: the same contests and damage formula
 *     projectile.ts resolves): first survival — if Block or Counter lowers the chance that this blow leaves
 *     it defenseless, the one that lowers it most; else Block or Counter only when the expected health it
 *     saves is more than what it costs: both take an action (`actionWorth`: the strike that action would make
 *     next turn, from where it can get to, at whoever it can reach), and Block's Root takes the movement too
 *     (`rootCost`: a turn's delay of its next strike when it is more than a move away from anyone). Counter
 *     only with stamina to spare. Otherwise it takes the blow (or, shielding an ally, evades after all: the
 *     ally gets its own reaction);
 *   - a dramatic blow of its own: make the target bleed.
 */
import { Distribution } from '../../dice/index.ts';
import { distance } from '../../engine/space/grid.ts';
import type { ActionOption, Cell, EncounterState, Unit, UnitId } from '../../engine/index.ts';
import { blockAgainst } from './blow.ts';
import { gradeOf, type Grade } from './contest.ts';
import { computeDamage } from './damage.ts';
import { agilityTerms, dataOf, enduranceOf, enemiesOf, type Projectile, projectilesOf } from './model.ts';
import { marginOf } from './preview.ts';
import { cameFrom, type Reaction } from './projectile.ts';
import { actionWorth, rootCost } from './worth.ts';

function nearestEnemy(state: EncounterState, id: UnitId, at: Cell): number {
  return Math.min(Infinity, ...enemiesOf(state, state.units[id]).map((o) => distance(at, o.position!)));
}

/** What a reaction would cost the unit hit: health lost (exact distribution, capped at its health). */
export interface ReactionOdds {
  /** Health lost. */
  damage: Distribution;
  expected: number;
  /** The chance the blow leaves it defenseless (health 0, D60-STA-2). */
  down: number;
  /** Counter only: the chance to cancel the projectile. */
  cancel?: number;
}

/** d60 − d60: the dice part of every contest's margin. */
const DICE_MARGIN = Distribution.die(60).minus(Distribution.die(60));

function oddsOf(parts: [number, number][], health: number, cancel?: number): ReactionOdds {
  const damage = Distribution.fromPairs(parts.map(([dmg, pr]) => [Math.min(health, dmg), pr] as [number, number]));
  return { damage, expected: damage.mean, down: damage.atLeast(health), ...(cancel !== undefined ? { cancel } : {}) };
}

/**
 * The exact odds of each reaction of `u` to projectile `p` (D60-PRJ-2), as projectile.ts resolves them:
 * none — the thrower's Agility against the defender's (flank and all), graded by the margin, its block
 * stance applying; block — a solid blow halved; counter — d60 + Agility against d60 + the thrower's
 * Agility, reaching it cancels, else graded by the margin (the stance applying).
 */
export function reactionOdds(state: EncounterState, u: Unit, p: Projectile): { none: ReactionOdds; block: ReactionOdds; counter: ReactionOdds } {
  const from = cameFrom(p);
  const stance = blockAgainst(u, from);
  const blow = (grade: Grade, reactionBlock = false) =>
    computeDamage({ kind: p.kind, base: p.base, baseName: p.name, strength: p.strength, endurance: enduranceOf(u), grade, ...(reactionBlock ? { reactionBlock } : stance ? { block: stance } : {}) }, false).amount;
  const health = u.pools.hp.value;
  const none = oddsOf(marginOf(state, { agility: p.agility }, u, { from }).pmf().map(([m, pr]) => [gradeOf(m) === 'dodged' ? 0 : blow(gradeOf(m)), pr]), health);
  const block = oddsOf([[blow('solid', true), 1]], health);
  // the counter's margin: the projectile's total minus the counter's
  const counterMargin = DICE_MARGIN.plus(p.agility - agilityTerms(u).agility);
  const counter = oddsOf(counterMargin.pmf().map(([m, pr]) => [m <= 0 ? 0 : blow(gradeOf(m)), pr]), health, counterMargin.atMost(0));
  return { none, block, counter };
}

/** Chances closer than this are equal (sums of exact probabilities carry rounding). */
const EPSILON = 1e-9;

/** The first unit further along the projectile's line: the one it would hit if `u` evaded. */
function nextOnLine(state: EncounterState, p: Projectile, u: Unit): Unit | undefined {
  for (const c of p.path.slice(p.progress)) {
    const o = state.unitOrder.map((k) => state.units[k]).find((x) => x.position && x.position.x === c.x && x.position.y === c.y && x.id !== u.id);
    if (o && o.id !== p.owner && o.status !== 'dead') return o;
  }
  return undefined;
}

const reactionOf = (o: ActionOption): Reaction | undefined => {
  const c = o.command.choice;
  return c && typeof c === 'object' && !Array.isArray(c) && typeof (c as { reaction?: unknown }).reaction === 'string' ? (c as unknown as Reaction) : undefined;
};

function bestEvade(state: EncounterState, u: Unit, p: Projectile, evades: ActionOption[]): ActionOption {
  // tiles another projectile in flight will still pass through
  const crossed = new Set(projectilesOf(state).filter((x) => x.id !== p.id).flatMap((x) => x.path.slice(x.progress).map((c) => `${c.x},${c.y}`)));
  let best = evades[0];
  let bestKey = [Infinity, Infinity];
  for (const o of evades) {
    const [x, y] = (reactionOf(o) as { to: [number, number] }).to;
    const key = [crossed.has(`${x},${y}`) ? 1 : 0, nearestEnemy(state, u.id, { x, y })];
    if (key[0] < bestKey[0] || (key[0] === bestKey[0] && key[1] < bestKey[1])) [best, bestKey] = [o, key];
  }
  return best;
}

/** The answer to a projectile reaching `u` (D60-PRJ-2); see the file comment. */
export function chooseReaction(state: EncounterState, u: Unit, p: Projectile, answers: ActionOption[]): ActionOption {
  const by = (kind: Reaction['reaction']) => answers.filter((o) => reactionOf(o)?.reaction === kind);
  const none = by('none')[0] ?? answers[0];
  const evades = by('evade');
  const next = evades.length ? nextOnLine(state, p, u) : undefined;
  const shielding = next !== undefined && next.side === u.side && next.status === 'active';
  if (evades.length && !shielding) return bestEvade(state, u, p, evades);
  const odds = reactionOdds(state, u, p);
  const stamina = u.pools.stamina.value;
  const costOf = (o: ActionOption) => {
    const r = reactionOf(o) as { with?: string; spell?: string };
    if (r.spell !== undefined) return dataOf(u).abilities.find((a) => a.id === r.spell)?.stamina ?? 1;
    return r.with === 'unarmed' ? 1 : dataOf(u).weapons.find((w) => w.id === r.with)?.stamina ?? 1;
  };
  // the cheapest counter that leaves a stamina to dodge with (at 0 a fighter cannot, D60-STA-1)
  const counter = by('counter').filter((o) => stamina - costOf(o) >= 1).sort((a, b) => costOf(a) - costOf(b))[0];
  const candidates: [ActionOption, ReactionOdds][] = [];
  const block = by('block')[0];
  if (block) candidates.push([block, odds.block]);
  if (counter) candidates.push([counter, odds.counter]);
  // survival first: the reaction that most lowers the chance of being left defenseless by this blow
  const safer = candidates.filter(([, r]) => r.down < odds.none.down - EPSILON);
  if (safer.length) return safer.reduce((a, b) => (b[1].down < a[1].down - EPSILON || (Math.abs(b[1].down - a[1].down) <= EPSILON && b[1].expected < a[1].expected) ? b : a))[0];
  // else a reaction is worth it only if it saves more health than it costs: the action, and Block's Root
  let chosen: ActionOption | undefined;
  let chosenLoss = odds.none.expected;
  if (candidates.length) {
    const worth = actionWorth(state, u);
    const rooted = block ? rootCost(state, u) : 0;
    for (const [o, r] of candidates) {
      const loss = r.expected + worth + (o === block ? rooted : 0);
      if (r.down <= odds.none.down + EPSILON && loss < chosenLoss) [chosen, chosenLoss] = [o, loss];
    }
  }
  if (chosen) return chosen;
  return evades.length ? bestEvade(state, u, p, evades) : none;
}

/** A pending decision of the unit: a projectile's reaction, or its own dramatic blow (bleed). */
export function answer(state: EncounterState, id: UnitId, options: ActionOption[]): ActionOption {
  const pending = state.pending.find((x) => x.id === options[0].command.pending);
  const projectile = pending?.kind === 'reaction' ? projectilesOf(state).find((x) => x.id === pending.data.projectile) : undefined;
  if (projectile) return chooseReaction(state, state.units[id], projectile, options);
  return options.find((o) => o.command.choice === 'bleed') ?? options[0];
}

