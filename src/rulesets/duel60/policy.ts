/**
 * How a duel60 unit fights when no one steers it. 'aggressive':
 *   - a projectile reaching it (D60-PRJ-2): Evade when it can (free, no damage), to the offered tile
 *     nearest an enemy that no other projectile will cross — unless an ally stands further on the
 *     projectile's line and a reaction is worth it. Else weigh the reactions by their exact odds
 *     (`reactionOdds`: the same contests and damage formula projectile.ts resolves): first survival — if
 *     Block or Counter lowers the chance that this blow leaves it defenseless, the one that lowers it
 *     most; else Block or Counter (both take an action) only when it saves more expected health than that
 *     action is worth (`actionWorth`: the expected damage of its best strike at the thrower), the one
 *     saving most; Counter only with stamina to spare. Otherwise it takes the blow (or, shielding an
 *     ally, evades after all: the ally gets its own reaction);
 *   - a dramatic blow of its own: make the target bleed;
 *   - take a killing blow when offered; rest when stamina is low; strike the weakest reachable enemy
 *     with the best expected damage by preview (keeping 1 stamina so it can still dodge); otherwise
 *     close in on the nearest enemy; else end the turn.
 * Deterministic: it never calls `pick`.
 */
import { Distribution } from '../../dice/index.ts';
import { distance } from '../../engine/space/grid.ts';
import { isRejection, type ActionOption, type Cell, type EncounterState, type Policy, type Unit, type UnitId } from '../../engine/index.ts';
import { blockAgainst } from './blow.ts';
import { gradeOf, type Grade } from './contest.ts';
import { computeDamage, UNARMED_BASE, type DamageKind } from './damage.ts';
import { agilityTerms, dataOf, enemiesOf, projectilesOf, stat, type Projectile } from './model.ts';
import { gradeChances, GRADES, marginOf, preview } from './preview.ts';
import type { Reaction } from './projectile.ts';

/** Stamina below this: rest instead of attacking. */
export const LOW_STAMINA = 3;

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

/** The tile the projectile comes from (as projectile.ts strikes it): the tile before the one it reached. */
function cameFrom(state: EncounterState, p: Projectile): Cell {
  return p.progress >= 2 ? p.path[p.progress - 2] : state.units[p.owner]?.position ?? p.path[0];
}

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
  const from = cameFrom(state, p);
  const stance = blockAgainst(u, from);
  const blow = (grade: Grade, reactionBlock = false) =>
    computeDamage({ kind: p.kind, base: p.base, baseName: p.name, strength: p.strength, endurance: stat(u, 'endurance'), grade, ...(reactionBlock ? { reactionBlock } : stance ? { block: stance } : {}) }).amount;
  const health = u.pools.hp.value;
  const none = oddsOf(marginOf(state, { agility: p.agility }, u, { from }).pmf().map(([m, pr]) => [gradeOf(m) === 'dodged' ? 0 : blow(gradeOf(m)), pr]), health);
  const block = oddsOf([[blow('solid', true), 1]], health);
  // the counter's margin: the projectile's total minus the counter's
  const counterMargin = DICE_MARGIN.plus(p.agility - agilityTerms(u).agility);
  const counter = oddsOf(counterMargin.pmf().map(([m, pr]) => [m <= 0 ? 0 : blow(gradeOf(m)), pr]), health, counterMargin.atMost(0));
  return { none, block, counter };
}

/**
 * What the action a reaction takes is worth: the expected damage of the unit's best single strike at
 * `foe` from where it stands (its weapons; or its fists, one limb per stamina it can spare, up to 5).
 */
export function actionWorth(state: EncounterState, u: Unit, foe: Unit | undefined): number {
  if (!foe || foe.status !== 'active' || !foe.position) return 0;
  const chances = gradeChances(marginOf(state, u, foe, { from: u.position! }));
  const stance = blockAgainst(foe, u.position!);
  const perBlow = (kind: DamageKind, base: number) =>
    GRADES.reduce((s, g) => (g === 'dodged' ? s : s + chances[g] * Math.min(foe.pools.hp.value, computeDamage({ kind, base, baseName: '', strength: stat(u, 'strength'), endurance: stat(foe, 'endurance'), grade: g, ...(stance ? { block: stance } : {}) }).amount)), 0);
  const stamina = u.pools.stamina.value;
  let best = perBlow('blunt', UNARMED_BASE) * Math.max(1, Math.min(5, stamina - 1));
  for (const w of dataOf(u).weapons) if (w.stamina <= stamina) best = Math.max(best, perBlow(w.type, w.damage));
  return Math.min(foe.pools.hp.value, best);
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
    const r = reactionOf(o) as { with: string };
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
  // else a reaction is worth its action only if it saves more health than that action would deal
  let chosen: ActionOption | undefined;
  let chosenLoss = odds.none.expected - actionWorth(state, u, state.units[p.owner]);
  for (const [o, r] of candidates) {
    if (r.down <= odds.none.down + EPSILON && r.expected < chosenLoss) [chosen, chosenLoss] = [o, r.expected];
  }
  if (chosen) return chosen;
  return evades.length ? bestEvade(state, u, p, evades) : none;
}

function answer(state: EncounterState, id: UnitId, options: ActionOption[]): ActionOption {
  const pending = state.pending.find((x) => x.id === options[0].command.pending);
  const projectile = pending?.kind === 'reaction' ? projectilesOf(state).find((x) => x.id === pending.data.projectile) : undefined;
  if (projectile) return chooseReaction(state, state.units[id], projectile, options);
  return options.find((o) => o.command.choice === 'bleed') ?? options[0];
}

export const aggressive: Policy = (state, id, options) => {
  const answers = options.filter((o) => o.group === 'answer');
  if (answers.length) return answer(state, id, answers);
  const u = state.units[id];
  const kill = options.find((o) => o.command.type === 'kill');
  if (kill) return kill;
  const rest = options.find((o) => o.command.type === 'rest');
  if (rest && u.pools.stamina.value < LOW_STAMINA) return rest;
  const targetOf = (o: ActionOption) => state.units[o.command.target as string];
  let strikes = options.filter((o) => (o.command.type === 'attack' || o.command.type === 'throw' || o.command.type === 'cast') && targetOf(o)?.side !== u.side && targetOf(o)?.status === 'active');
  // keep one stamina back: at 0 a fighter can neither act nor dodge (D60-STA-1)
  const spare = strikes.filter((o) => !Array.isArray(o.command.limbs) || o.command.limbs.length < u.pools.stamina.value);
  if (spare.length) strikes = spare;
  if (strikes.length) {
    const weakest = Math.min(...strikes.map((o) => targetOf(o).pools.hp.value));
    let best: ActionOption | undefined;
    let bestValue = 0;
    for (const o of strikes.filter((s) => targetOf(s).pools.hp.value === weakest)) {
      const p = preview(state, o.command);
      const value = isRejection(p) ? 0 : p.expectedDamage ?? 0;
      if (value > bestValue) [best, bestValue] = [o, value];
    }
    if (best) return best;
  }
  const here = nearestEnemy(state, id, u.position!);
  if (here > 1) {
    let best: ActionOption | undefined;
    let bestDist = here;
    for (const m of options.filter((o) => o.command.type === 'move')) {
      const [x, y] = m.command.to as number[];
      const d = nearestEnemy(state, id, { x, y });
      if (d < bestDist) [best, bestDist] = [m, d];
    }
    if (best) return best;
  }
  if (rest && u.pools.stamina.value < u.pools.stamina.max) return rest;
  return options.find((o) => o.command.type === 'end_turn') ?? options[0];
};
