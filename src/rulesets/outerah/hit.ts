/**
 * The hit check (OUT-HIT-1, OUT-HIT-2, OUT-HIT-4, OUT-COV-1, OUT-COV-2).
 *  1. Critical check: a D100 at or under the attacker's crit chance is a critical hit (ruling OUT-HIT-2).
 *  2. If not: a D100 at or under 50 + attacker Charisma − target Agility, −10 head-on, +10 from behind
 *     (ruling OUT-HIT-1: equal stats are even odds, each point one number on the D100).
 *  3. Half cover: a second die (d10); odd is a miss whatever the hit roll (also after a critical),
 *     unless a skill bypasses it or the Charisma is 50+ above the target's Agility.
 * One d100 is rolled for "d10 + percentile die": the pair reads 1..100 uniformly.
 */
import { attackAngle, type AttackAngle } from '../../engine/space/facing.ts';
import type { EncounterState, Resolution, Term, Unit } from '../../engine/index.ts';
import { coverAgainst, type CoverInfo } from './cover.ts';
import { dataOf, hasEffect, stat } from './model.ts';
import { reachOf } from './ranges.ts';
import type { StrikeSpec } from './spec.ts';

export interface HitOdds {
  crit: number;
  threshold: number;
  terms: Term[];
  angle: AttackAngle;
  cover: CoverInfo;
  /** Half cover in the way and not bypassed: the second die decides. */
  coverDie: boolean;
  bypass?: string;
  /** The hit D100 is rolled twice and the lower counts (ruling OUT-PET-3, OUT-PET-5). */
  advantage?: string;
  /** No critical check (a pet under Trainer Interference, OUT-PET-3). */
  noCrit?: string;
}

export const FACING_SHIFT: Record<AttackAngle, number> = { front: -10, side: 0, back: 10 };

export function hitOdds(state: EncounterState, attacker: Unit, target: Unit, spec: StrikeSpec): HitOdds {
  const cha = stat(attacker, 'charisma');
  const agi = stat(target, 'agility');
  const angle = attackAngle(attacker.position!, target.position!, target.facing ?? 'N');
  const terms: Term[] = [
    { kind: 'mod', name: 'even odds', value: 50 },
    { kind: 'mod', name: 'Charisma', value: cha },
    { kind: 'mod', name: 'Agility', value: -agi },
  ];
  if (angle === 'front') terms.push({ kind: 'mod', name: 'head-on', value: -10 });
  else if (angle === 'back') terms.push({ kind: 'mod', name: 'from behind', value: 10 });
  else terms.push({ kind: 'note', text: 'from the side' });
  terms.push(...reachOf(state, attacker, target, spec.range).terms);
  const cover = coverAgainst(state, attacker, target, { element: spec.element, armorPiercing: spec.armorPiercing, ...(spec.weaponKind ? { weaponKind: spec.weaponKind } : {}) });
  if (cover.level !== 'none') terms.push({ kind: 'note', text: `${cover.level} cover${cover.material ? ` (${cover.material})` : ''}` });
  else if (cover.ignored) terms.push({ kind: 'note', text: `cover ignored: ${cover.ignored}` });
  let bypass: string | undefined;
  if (cover.level === 'half' && spec.bypassHalfCover) bypass = `${spec.name} bypasses half cover`;
  else if (cover.level === 'half' && cha - agi >= 50) bypass = `Charisma ${cha} is ${cha - agi} above Agility ${agi}`;
  const threshold = 50 + cha - agi + FACING_SHIFT[angle];
  const odds: HitOdds = { crit: spec.noCrit ? 0 : dataOf(attacker).crit, threshold, terms, angle, cover, coverDie: cover.level === 'half' && !bypass };
  if (bypass) odds.bypass = bypass;
  const advantage = spec.advantage ?? (attacker.side !== target.side && hasEffect(state, target.id, 'Spirit Link') ? `${target.name} is in a Spirit Link` : undefined);
  if (advantage) odds.advantage = advantage;
  if (spec.noCrit) odds.noCrit = spec.noCrit;
  return odds;
}

/** hitOdds' numbers without its terms and words: what a policy's weighing of a strike reads. */
export interface HitNumbers {
  crit: number;
  threshold: number;
  /** Full cover from the front: no hit. */
  full: boolean;
  coverDie: boolean;
  advantage: boolean;
}

/** hitOdds(state, attacker, target, spec) read as numbers alone (no terms, no reach or cover words; tested equal). */
export function hitNumbers(state: EncounterState, attacker: Unit, target: Unit, spec: StrikeSpec): HitNumbers {
  const cha = stat(attacker, 'charisma');
  const agi = stat(target, 'agility');
  const angle = attackAngle(attacker.position!, target.position!, target.facing ?? 'N');
  const level = coverAgainst(state, attacker, target, spec).level;
  const bypass = level === 'half' && (spec.bypassHalfCover || cha - agi >= 50);
  return {
    crit: spec.noCrit ? 0 : dataOf(attacker).crit,
    threshold: 50 + cha - agi + FACING_SHIFT[angle],
    full: level === 'full',
    coverDie: level === 'half' && !bypass,
    advantage: spec.advantage !== undefined ? !!spec.advantage : attacker.side !== target.side && hasEffect(state, target.id, 'Spirit Link'),
  };
}

/** The chance the attack lands, exactly: P(crit) + P(no crit)·P(hit), times ½ for the cover die. */
export function hitChance(odds: HitOdds): number {
  if (odds.cover.level === 'full') return 0;
  const p = (n: number) => Math.max(0, Math.min(100, n)) / 100;
  const hit = odds.advantage ? 1 - (1 - p(odds.threshold)) ** 2 : p(odds.threshold);
  const land = p(odds.crit) + (1 - p(odds.crit)) * hit;
  return odds.coverDie ? land / 2 : land;
}

export type HitResult = 'critical' | 'hit' | 'miss';

/** The hit die as the log shows it: one D100, or two keeping the lower (advantage). */
const hitDie = (first: number, second: number | undefined, h: number): Term =>
  second === undefined ? { kind: 'dice', label: 'D100', faces: [first], value: h } : { kind: 'dice', label: '2D100 keep lower', faces: [first, second], dropped: [first <= second ? 1 : 0], value: h };

export function rollHit(ctx: Resolution, attacker: Unit, target: Unit, spec: StrikeSpec, odds: HitOdds): HitResult {
  let crit = false;
  if (odds.noCrit) ctx.note(() => `${attacker.name} cannot crit: ${odds.noCrit} [OUT-PET-3]`);
  else {
    const c = ctx.roll(100, 'critical check');
    crit = c <= odds.crit;
    // the breakdown is built only when someone keeps the log (not in the simulator)
    ctx.check(
      () => ({ label: `critical check (${spec.name})`, terms: [{ kind: 'dice', label: 'D100', faces: [c], value: c }], total: c, against: { op: '<=', value: odds.crit, name: 'crit' }, outcome: crit ? 'critical hit' : 'no critical', rules: ['OUT-HIT-2', 'OUT-HIT-1'] }),
      attacker.id,
      target.id,
    );
  }
  let result: HitResult = 'critical';
  if (!crit) {
    const first = ctx.roll(100, 'hit check');
    const second = odds.advantage ? ctx.roll(100, 'hit check (advantage)') : undefined;
    const h = second === undefined ? first : Math.min(first, second);
    const hit = h <= odds.threshold;
    ctx.check(
      () => ({ label: `hit check (${spec.name})`, terms: [hitDie(first, second, h), ...(odds.advantage ? [{ kind: 'note' as const, text: `advantage: ${odds.advantage}` }] : [])], total: h, against: { op: '<=', value: odds.threshold, terms: odds.terms }, outcome: hit ? 'hit' : 'miss', rules: ['OUT-HIT-1', 'OUT-HIT-4', ...(odds.advantage ? ['OUT-PET-5'] : [])] }),
      attacker.id,
      target.id,
    );
    result = hit ? 'hit' : 'miss';
  }
  if (result !== 'miss' && odds.bypass) ctx.note(() => `Half cover bypassed: ${odds.bypass} [OUT-COV-2]`);
  if (result !== 'miss' && odds.coverDie) {
    const d = ctx.roll(10, 'half cover');
    const even = d % 2 === 0;
    ctx.check(
      () => ({ label: 'half cover die', terms: [{ kind: 'dice', label: 'd10', faces: [d], value: d }], total: d, outcome: even ? 'even: the hit stands' : 'odd: the cover takes it, miss', rules: ['OUT-COV-1'] }),
      attacker.id,
      target.id,
    );
    if (!even) result = 'miss';
  }
  return result;
}
