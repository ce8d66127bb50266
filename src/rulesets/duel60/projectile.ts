/**
 * Projectiles in combat (D60-PRJ-1): kept in state.data.projectiles between turns. Each flies a fixed
 * line from its launch tile through the tile its target stood on, floor(speed / 10) tiles at the end of
 * each of its thrower's turns (the throw's turn included; once the thrower is out, at each round's end).
 * The first unit on a tile it passes is hit and must deal with it: a reaction (D60-PRJ-2) offered as a
 * pending decision — Block (Agility ≥ half its speed), Evade (Agility ≥ its speed), Counter, or none.
 */
import { distance, inBounds, terrainAt } from '../../engine/space/grid.ts';
import { ray } from '../../engine/space/line.ts';
import { occupiedBy, unitAt } from '../../engine/space/occupancy.ts';
import { pathTo, reachable } from '../../engine/space/path.ts';
import { parseCellKey, cellKey } from '../../engine/space/grid.ts';
import { currentUnit, type Cell, type EncounterState, type InFlight, type GridMap, type Term, type Json, type Pending, type PendingChoice, type Resolution, type Unit } from '../../engine/index.ts';
import { abilityAftermath } from './aftermath.ts';
import { DRAMATIC_BLEED_TURNS, knockBack } from './attack.ts';
import { landBlow, type Blow } from './blow.ts';
import { gradeOf, GRADE_TEXT } from './contest.ts';
import { applySideEffect } from './effects.ts';
import type { Ability } from './schema.ts';
import { abilityOf, agilityTerms, asJson, cannotDodge, dataOf, has, heldInPlace, type Projectile, projectilesOf, projectileSpeed, speedOf } from './model.ts';

export type Reaction =
  | { reaction: 'none' }
  | { reaction: 'block' }
  | { reaction: 'evade'; to: [number, number] }
  /** With a fist (`unarmed`) or a weapon's id. */
  | { reaction: 'counter'; with: string }
  /** With a defensive spell (an ability marked `defensive`), by its id. */
  | { reaction: 'counter'; spell: string };

/**
 * Whether `a` can counter now (ruling D60-PRJ-2): a defensive spell "that they can complete in a single
 * turn" — not Pre-Emptive (it resolves next round) — that the unit can cast (not Silenced, the stamina
 * for it) and, unless it is Instant-Cast, an action to spend.
 */
function counterSpell(ctx: Resolution, u: Unit, a: Ability, hasAction: boolean): boolean {
  if (!a.defensive || a.preEmptive || u.pools.stamina.value < a.stamina) return false;
  if (a.magic && has(ctx.state, u.id, 'Silence')) return false;
  return a.instantCast ? !dataOf(u).instantUsed : hasAction;
}

/** Tiles a turn: floor(speed / 10) (D60-PRJ-1: 60, 64 and 69 all fly 6). */
export const tilesPerTurn = (speed: number): number => Math.floor(speed / 10);

/** Evade: 1 tile, then 1 more per full 10 Speed (ruling D60-PRJ-2). */
export const evadeTiles = (u: Unit): number => 1 + Math.floor(speedOf(u) / 10);

function save(ctx: Resolution, list: Projectile[]): void {
  ctx.setEncounterData('projectiles', asJson(list));
}

export function launch(ctx: Resolution, p: Omit<Projectile, 'id' | 'launch' | 'path' | 'progress' | 'agility' | 'agilityTerms'>, from: Cell, toward: Cell, range: number): Projectile {
  const map = ctx.state.map as GridMap;
  const path = ray(from, toward, range, map);
  const list = projectilesOf(ctx.state);
  const id = `pj${ctx.state.version}-${list.length}`;
  // the throw is the thrower's side of the contest: its Agility as it stands, avoiding eye contact too (D60-EYE-1)
  const ag = agilityTerms(ctx.unit(p.owner));
  const terms = ag.terms.map((t) => ({ ...t, name: `${t.name} (thrower)` }));
  // the thrower's outlets (perks stating their effect on projectile speed) raise the base speed (D60-PRJ-1)
  const { speed, outlets } = projectileSpeed(ctx.unit(p.owner), p.speed);
  const shot: Projectile = { ...p, speed, id, agility: ag.agility, agilityTerms: terms, launch: { x: from.x, y: from.y }, path, progress: 0 };
  save(ctx, [...list, shot]);
  const carried = ag.terms.length > 1 ? `${ag.terms.map((t) => `${t.name} ${t.value}`).join(', ')}: ${ag.agility}` : `Agility ${ag.agility}`;
  const speedText = outlets.length ? `${p.speed} ${outlets.map((o) => `${o.value < 0 ? '−' : '+'} ${o.name} ${Math.abs(o.value)}`).join(' ')} = ${speed}` : `${speed}`;
  ctx.note(() => `${p.name} flies from (${from.x}, ${from.y}) toward (${toward.x}, ${toward.y}) at speed ${speedText}: ${tilesText(tilesPerTurn(speed))} a turn, with the thrower's ${carried} [D60-PRJ-1]`);
  return shot;
}

const tilesText = (n: number) => `${n} ${n === 1 ? 'tile' : 'tiles'}`;

/** Move every projectile of `owner` (or, with owner undefined, those whose thrower is out of the fight). */
export function advanceProjectiles(ctx: Resolution, owner: string | undefined): void {
  for (const p of projectilesOf(ctx.state)) {
    if (p.pendingOn) continue;
    const mine = owner === undefined ? ctx.state.units[p.owner]?.status !== 'active' : p.owner === owner;
    if (mine) advance(ctx, p.id);
  }
}

function advance(ctx: Resolution, id: string): void {
  const p = projectilesOf(ctx.state).find((x) => x.id === id)!;
  const map = ctx.state.map as GridMap;
  let progress = p.progress;
  // ruling D60-PRJ-1: whoever has stepped onto the tile it hangs over is in its range too
  const here = progress > 0 ? p.path[progress - 1] : undefined;
  if (here && inPath(ctx, p, here)) return reach(ctx, p.id, progress, here, inPath(ctx, p, here)!);
  for (let i = 0; i < tilesPerTurn(p.speed); i++) {
    const cell = p.path[progress];
    if (!cell || !inBounds(map, cell) || terrainAt(map, cell).blocksMove) {
      drop(ctx, p.id, `${p.name} falls${cell ? ` against (${cell.x}, ${cell.y})` : ' at the end of its flight'} [D60-PRJ-1]`);
      return;
    }
    progress++;
    const hit = inPath(ctx, p, cell);
    if (hit) return reach(ctx, p.id, progress, cell, hit);
  }
  if (progress >= p.path.length) return drop(ctx, p.id, `${p.name} falls at the end of its flight [D60-PRJ-1]`);
  update(ctx, p.id, { progress });
  // the table sees where it hangs now: whoever stands on its line next is in its way
  const at = p.path[progress - 1];
  if (progress > p.progress) ctx.note(() => `${p.name} flies ${progress - p.progress} tile${progress - p.progress > 1 ? 's' : ''} to (${at.x}, ${at.y}) [D60-PRJ-1]`);
}

/** The unit on `cell` a projectile hits: anyone but its thrower, the dead excepted. */
function inPath(ctx: Resolution, p: Projectile, cell: Cell): Unit | undefined {
  const u = unitAt(ctx.state.units, cell);
  return u && u.id !== p.owner && u.status !== 'dead' ? u : undefined;
}

function reach(ctx: Resolution, id: string, progress: number, cell: Cell, hit: Unit): void {
  update(ctx, id, { progress, pendingOn: hit.id });
  const p = projectilesOf(ctx.state).find((x) => x.id === id)!;
  ctx.note(() => `${p.name} reaches ${hit.name} at (${cell.x}, ${cell.y}) [D60-PRJ-1]`);
  offerReactions(ctx, p, hit);
}

function update(ctx: Resolution, id: string, change: Partial<Projectile>): void {
  const next = (x: Projectile) => {
    const y: Projectile = { ...x, ...change };
    if (y.pendingOn === undefined) delete y.pendingOn; // state is plain JSON: no undefined fields
    return y;
  };
  save(ctx, projectilesOf(ctx.state).map((x) => (x.id === id ? next(x) : x)));
}

function drop(ctx: Resolution, id: string, why: string): void {
  save(ctx, projectilesOf(ctx.state).filter((x) => x.id !== id));
  ctx.note(why);
}

/** The reactions open to `u` against `p` (D60-PRJ-2); empty when it cannot react at all. */
export function reactionsOf(ctx: Resolution, p: Projectile, u: Unit): Reaction[] {
  if (p.nonReactionary || u.status !== 'active' || cannotDodge(ctx.state, u)) return [];
  const out: Reaction[] = [{ reaction: 'none' }];
  // the thresholds read Agility as it stands, avoiding eye contact included (D60-EYE-1)
  const agility = agilityTerms(u).agility;
  const able = !has(ctx.state, u.id, 'Paralyze') && !has(ctx.state, u.id, 'Suppressed');
  const free = able && !dataOf(u).owesAction;
  if (free && agility * 2 >= p.speed) out.push({ reaction: 'block' });
  // Evade is a move: not for a unit held where it stands (Root, Drowning, Suppressed: ruling D60-EFF-1)
  if (agility >= p.speed && !heldInPlace(ctx.state, u)) {
    const line = new Set(p.path.slice(p.progress - 1).map(cellKey));
    const reach = reachable(ctx.state.map as GridMap, u.position!, evadeTiles(u), { occupied: occupiedBy(ctx.state.units, [u.id]) });
    for (const [key, r] of reach) if (r.cost > 0 && !line.has(key)) out.push({ reaction: 'evade', to: [parseCellKey(key).x, parseCellKey(key).y] });
  }
  // a counter is made "so long as a character can perform it in a single turn": not under Delay, whose
  // actions come a turn later (ruling D60-PRJ-2)
  if (able && !has(ctx.state, u.id, 'Delay')) {
    if (free && u.pools.stamina.value >= 1) out.push({ reaction: 'counter', with: 'unarmed' });
    if (free) for (const w of dataOf(u).weapons) if (u.pools.stamina.value >= w.stamina) out.push({ reaction: 'counter', with: w.id });
    for (const a of dataOf(u).abilities) if (counterSpell(ctx, u, a, free)) out.push({ reaction: 'counter', spell: a.id });
  }
  return out;
}

function offerReactions(ctx: Resolution, p: Projectile, u: Unit): void {
  const options = reactionsOf(ctx, p, u);
  if (!options.length) {
    ctx.note(() => `${u.name} cannot react to ${p.name}${p.nonReactionary ? ' (Non-Reactionary) [D60-EFF-2]' : ''}`);
    return strike(ctx, p, u, { reaction: 'none' });
  }
  ctx.openPending({
    kind: 'reaction',
    answeredBy: u.id,
    prompt: reactionPrompt(p, u, options),
    options: options as unknown as Json[],
    choices: options.map((r) => reactionWords(p, u, r)),
    data: { projectile: p.id },
  });
}

/** The question, naming only the reactions open to `u`. */
function reactionPrompt(p: Projectile, u: Unit, options: Reaction[]): string {
  const kinds = [...new Set(options.map((r) => r.reaction))].filter((k) => k !== 'none');
  const verbs = kinds.map((k) => ({ block: 'block', evade: 'evade', counter: 'counter' })[k as 'block' | 'evade' | 'counter']);
  const open = verbs.length ? `${verbs.length > 1 ? `${verbs.slice(0, -1).join(', ')} or ${verbs.at(-1)}` : verbs[0]}, or take it` : 'take it';
  return `${p.name} is about to hit ${u.name}: ${open}?`;
}

/** One reaction in words: the button, the log's sentence, and for an evade the square it goes to (D60-PRJ-2). */
function reactionWords(p: Projectile, u: Unit, r: Reaction): PendingChoice {
  switch (r.reaction) {
    case 'none': return { label: 'Take the hit', said: `${u.name} takes ${p.name} without reacting` };
    case 'block': return { label: 'Block (uses an action; rooted for a turn)', said: `${u.name} blocks ${p.name}` };
    case 'evade': return { label: `Evade to (${r.to[0]}, ${r.to[1]})`, said: `${u.name} evades to (${r.to[0]}, ${r.to[1]})`, cell: { x: r.to[0], y: r.to[1] } };
    case 'counter': {
      if ('spell' in r) {
        const spell = abilityOf(u, r.spell);
        const cost = spell?.instantCast ? `Instant-Cast, ${spell.stamina} stamina` : `uses an action, ${spell?.stamina ?? 0} stamina`;
        return { label: `Counter with ${spell?.name ?? r.spell} (${cost})`, said: `${u.name} counters ${p.name} with ${spell?.name ?? r.spell}` };
      }
      const w = r.with === 'unarmed' ? undefined : dataOf(u).weapons.find((x) => x.id === r.with);
      const what = w ? w.name : 'bare hands';
      return { label: `Counter with ${what} (uses an action, ${w ? w.stamina : 1} stamina)`, said: `${u.name} counters ${p.name} with ${what}` };
    }
  }
}

/**
 * After a reaction, the other projectiles waiting on a unit: one whose unit has left its tile, or can no
 * longer react, is no decision any more — the rules close it (and a unit that cannot react takes the hit).
 */
export function settleWaiting(ctx: Resolution): void {
  for (const pending of [...ctx.state.pending]) {
    if (pending.kind !== 'reaction') continue;
    const p = projectilesOf(ctx.state).find((x) => x.id === pending.data.projectile);
    const u = ctx.state.units[pending.answeredBy];
    if (!p || !u) continue;
    const at = p.path[p.progress - 1];
    if (!u.position || u.position.x !== at.x || u.position.y !== at.y || u.status === 'dead') {
      ctx.closePending(pending.id, `${p.name} finds no one at (${at.x}, ${at.y}): ${u.name} is ${u.status === 'dead' ? 'dead' : 'no longer there'} [D60-PRJ-1]`);
      update(ctx, p.id, { pendingOn: undefined });
      continue;
    }
    const now = reactionsOf(ctx, p, u);
    if (!now.length) {
      ctx.closePending(pending.id, `${u.name} can no longer react to ${p.name} [D60-PRJ-2]`);
      strike(ctx, projectilesOf(ctx.state).find((x) => x.id === p.id)!, ctx.unit(u.id), { reaction: 'none' });
      continue;
    }
    // ruling D60-PRJ-2: each answer sees the answers before it — a counter or a block that took an action
    // leaves the unit preoccupied, so the questions still open are asked again with what is left
    if (JSON.stringify(now) !== JSON.stringify(pending.options)) {
      const gone = (pending.options as unknown as Reaction[]).filter((o) => !now.some((r) => JSON.stringify(r) === JSON.stringify(o)));
      const kinds = [...new Set(gone.map((r) => r.reaction))];
      ctx.closePending(pending.id, `${u.name} can no longer ${kinds.join(' or ')} against ${p.name}: ${preoccupiedWords(u)} [D60-PRJ-2]`);
      offerReactions(ctx, p, u);
    }
  }
}

/** Why a unit's reactions shrank between two answers, in words. */
function preoccupiedWords(u: Unit): string {
  if (dataOf(u).owesAction) return 'it already owes its next action';
  if (u.pools.stamina.value <= 0) return 'it has no stamina left';
  return 'its answers so far took what it needed';
}

export function answerReaction(ctx: Resolution, pending: Pending, choice: Json): void {
  const p = projectilesOf(ctx.state).find((x) => x.id === pending.data.projectile);
  if (!p) return;
  const u = ctx.unit(pending.answeredBy);
  const at = p.path[p.progress - 1];
  // several projectiles can reach a unit at once; one it evaded (or a knock back) took it off this one's line
  if (!u.position || u.position.x !== at.x || u.position.y !== at.y) {
    update(ctx, p.id, { pendingOn: undefined });
    ctx.note(() => `${p.name} finds no one at (${at.x}, ${at.y}): ${u.name} is no longer there [D60-PRJ-1]`);
    return;
  }
  strike(ctx, p, u, choice as unknown as Reaction);
  settleWaiting(ctx);
}

/** A reaction that takes an action: this turn's if it is the reactor's turn, else its next turn's. */
function takeAction(ctx: Resolution, u: Unit): void {
  if (currentUnit(ctx.state) === u.id && u.pools.action.value > 0) ctx.changePool(u.id, 'action', -1, 'spend', { rule: 'D60-PRJ-2' });
  else ctx.setData(u.id, 'owesAction', true);
}

/** The tile a projectile comes in from: the one before the tile it reached (its launch tile, not where the thrower stands now). */
export function cameFrom(p: Projectile): Cell {
  // (a projectile saved before launch tiles were kept: the tile before its first)
  return p.progress >= 2 ? p.path[p.progress - 2] : p.launch ?? p.path[0];
}

/** The thrower's side of the contest, as the log shows it. */
const throwerTerms = (p: Projectile): Term[] => p.agilityTerms ?? [{ kind: 'mod', name: 'Agility (thrower)', value: p.agility }];

function strike(ctx: Resolution, p: Projectile, u: Unit, r: Reaction): void {
  const from = cameFrom(p);
  const blow: Blow = {
    label: p.name,
    attacker: { id: p.owner, agility: p.agility, terms: throwerTerms(p) },
    approach: { from },
    kind: p.kind,
    base: p.base,
    baseName: p.name,
    strength: p.strength,
    rule: 'D60-PRJ-1',
  };
  if (r.reaction === 'evade') {
    const to = { x: r.to[0], y: r.to[1] };
    const reach = reachable(ctx.state.map as GridMap, u.position!, evadeTiles(u), { occupied: occupiedBy(ctx.state.units, [u.id]) });
    const tiles = distance(u.position!, to);
    ctx.emit({ type: 'unit.moved', unit: u.id, from: { ...u.position! }, to, path: pathTo(reach, to), cost: tiles });
    ctx.note(() => `${u.name} evades ${p.name}: a ${tiles} tile defensive move [D60-PRJ-2]`);
    return update(ctx, p.id, { pendingOn: undefined });
  }
  save(ctx, projectilesOf(ctx.state).filter((x) => x.id !== p.id));
  if (r.reaction === 'block') {
    takeAction(ctx, u);
    applySideEffect(ctx, u.id, { name: 'Root', turns: 1 }, u.id, 'D60-PRJ-2');
    landBlow(ctx, { ...blow, grade: 'solid', reactionBlock: true }, u.id);
    return;
  }
  if (r.reaction === 'counter') {
    const spell = 'spell' in r ? abilityOf(u, r.spell) : undefined;
    // an Instant-Cast spell takes no action: it is the unit's Instant-Cast until its next turn
    if (spell?.instantCast) ctx.setData(u.id, 'instantUsed', true);
    else takeAction(ctx, u);
    const cost = spell ? spell.stamina : 'with' in r && r.with !== 'unarmed' ? dataOf(u).weapons.find((w) => w.id === r.with)?.stamina ?? 1 : 1;
    if (cost > 0) ctx.changePool(u.id, 'stamina', -cost, 'spend', { rule: 'D60-PRJ-2' });
    if (spell) ctx.note(() => `${u.name} counters ${p.name} with ${spell.name}, a defensive spell${spell.instantCast ? ' (Instant-Cast: no action)' : ''} [D60-PRJ-2]`);
    const means = spell ? spell.name : 'with' in r ? r.with : 'unarmed';
    // ruling D60-PRJ-2: the counter is a contest; reaching the projectile's total cancels it, else it lands by the margin
    const mine = ctx.roll(60, 'counter');
    const its = ctx.roll(60, p.name, p.owner); // the thrower's die, in the defender's check
    const ag = agilityTerms(u);
    const total = mine + ag.agility;
    const theirs = its + p.agility;
    const cancelled = total >= theirs;
    const grade = cancelled ? 'dodged' : gradeOf(theirs - total);
    ctx.check(() => ({
      label: `counter (${means}) against ${p.name}`,
      terms: [{ kind: 'dice', label: 'd60', faces: [mine], value: mine }, ...ag.terms],
      total,
      against: { op: '>=', value: theirs, terms: [{ kind: 'dice', label: 'd60', faces: [its], value: its }, ...throwerTerms(p)] },
      outcome: cancelled ? 'cancelled' : `not cancelled: ${GRADE_TEXT[grade]} (margin ${theirs - total})`,
      rules: ['D60-PRJ-2', 'D60-HIT-2'],
      facts: { cancelled, grade, margin: theirs - total },
    }), u.id);
    if (cancelled) return;
    return finish(ctx, p, u, landBlow(ctx, { ...blow, grade }, u.id).grade);
  }
  finish(ctx, p, u, landBlow(ctx, blow, u.id).grade);
}

/** After the blow: the ability's effects, and a dramatic projectile's extra (ruling: a thrown weapon bleeds, magic knocks back). */
function finish(ctx: Resolution, p: Projectile, u: Unit, grade: string): void {
  if (grade === 'dodged') return;
  const owner = ctx.state.units[p.owner];
  const a = p.ability && owner ? abilityOf(owner, p.ability) : undefined;
  if (a && owner) abilityAftermath(ctx, owner.id, a, u.id);
  if (grade !== 'dramatic' || ctx.unit(u.id).status === 'dead') return;
  if (p.weapon) applySideEffect(ctx, u.id, { name: 'Bleed', turns: DRAMATIC_BLEED_TURNS }, p.owner, 'D60-HIT-2');
  else knockBack(ctx, cameFrom(p), u.id);
}

/** The projectiles in flight as a page draws them: where each hangs, its line on, and the tiles of its next flight. */
export function inFlight(state: EncounterState): InFlight[] {
  return projectilesOf(state).map((p) => {
    const at = p.progress > 0 ? p.path[p.progress - 1] : p.launch ?? p.path[0];
    const rest = p.path.slice(p.progress);
    return { id: p.id, name: p.name, owner: p.owner, at: { x: at.x, y: at.y }, path: rest.map((c) => ({ x: c.x, y: c.y })), next: rest.slice(0, tilesPerTurn(p.speed)).map((c) => ({ x: c.x, y: c.y })), ...(p.pendingOn ? { reaching: p.pendingOn } : {}) };
  });
}

/**
 * Fog of war (docs/fog.md): a player sees a projectile only while the tile where it hangs is in sight of
 * one of its units (inFlight's `at`); the others are left out of the data it is sent.
 */
export function projectilesSeen(data: EncounterState['data'], sees: (c: { x: number; y: number }) => boolean): EncounterState['data'] {
  const list = (data.projectiles ?? []) as unknown as Projectile[];
  if (!list.length) return data;
  const kept = list.filter((p) => sees(p.progress > 0 ? p.path[p.progress - 1] : p.launch ?? p.path[0]));
  return kept.length === list.length ? data : { ...data, projectiles: asJson(kept) };
}
