/**
 * Determining a hit (D60-HIT-1): both roll d60 + Agility; the margin grades the blow (D60-HIT-2).
 * The defender's Agility drops −16 from the side and −32 from behind (D60-FLK-1), using the engine's
 * attackAngle and the defender's facing; in close quarters that needs +17 / +32 Speed over the target
 * (D60-CQC-2). Avoiding eye contact costs −32 (D60-EYE-1). A helpless unit (stunned, defenseless) counts
 * nothing; one at 0 stamina still rolls, but cannot dodge: a blow it would have dodged glances (D60-STA-1).
 */
import { attackAngle, type AttackAngle } from '../../engine/space/facing.ts';
import type { Cell, EncounterState, Resolution, Term, Unit } from '../../engine/index.ts';
import { agilityOf, agilityTerms, cannotDodge, helpless, speedOf } from './model.ts';

export type Grade = 'dodged' | 'glancing' | 'solid' | 'dramatic' | 'critical';

/**
 * Ruling D60-HIT-2: a margin of −10..10 glances (a defender winning by 1–10 does not fully dodge; a tie
 * glances too); 11–20 solid; 21–30 dramatic; 31+ critical; below −10 the defender dodges.
 */
export function gradeOf(margin: number): Grade {
  if (margin < -10) return 'dodged';
  if (margin <= 10) return 'glancing';
  if (margin <= 20) return 'solid';
  if (margin <= 30) return 'dramatic';
  return 'critical';
}

export const GRADE_TEXT: Record<Grade, string> = {
  dodged: 'dodged',
  glancing: 'glancing blow',
  solid: 'solid blow',
  dramatic: 'dramatic blow',
  critical: 'critical',
};

export interface Approach {
  /** Where the blow comes from (the attacker's tile, or the tile a projectile flew in from). */
  from: Cell;
  /** The attacker's Speed when the blow is struck in close quarters (D60-CQC-2); absent at range. */
  cqcSpeed?: number;
}

/** The angle that counts: in close quarters a flank needs the Speed (ruling D60-CQC-2: else it counts as less). */
export function flankOf(def: Unit, a: Approach): { angle: AttackAngle; note?: () => string } {
  const seen = def.facing ? attackAngle(a.from, def.position!, def.facing) : 'front';
  const angle = flankFrom(seen, a.cqcSpeed, speedOf(def));
  if (angle === seen) return { angle };
  // worded only for the log (a blow in close quarters from a flank the attacker is too slow for is common)
  return {
    angle,
    note: () => {
      const over = a.cqcSpeed! - speedOf(def);
      return angle === 'side' ? `Speed +${over} < +32: the back counts as the side` : `close quarters: Speed ${over >= 0 ? '+' : ''}${over} < +17, no flank`;
    },
  };
}

/** flankOf's angle alone, no words (the policy's estimates ask it for every tile they weigh). */
export function flankAngle(def: Unit, a: Approach): AttackAngle {
  return flankFrom(def.facing ? attackAngle(a.from, def.position!, def.facing) : 'front', a.cqcSpeed, speedOf(def));
}

/** The same from the angle the blow comes at (`seen`), the attacker's close-quarters Speed and the defender's Speed. */
export function flankFrom(seen: AttackAngle, cqcSpeed: number | undefined, defSpeed: number): AttackAngle {
  if (seen === 'front' || cqcSpeed === undefined) return seen;
  const over = cqcSpeed - defSpeed;
  if (seen === 'back' && over >= 32) return 'back';
  return over >= 17 ? 'side' : 'front';
}

/**
 * The defender's total and whether it rolls and can dodge, as `defence` has them, without its terms or
 * words (for the odds a policy weighs many times a turn): `rolls` false for a helpless unit (total 0).
 */
export function defenceTotal(state: EncounterState, def: Unit, a: Approach): { total: number; rolls: boolean; canDodge: boolean } {
  if (helpless(state, def)) return { total: 0, rolls: false, canDodge: false };
  return { total: agilityOf(def) + FLANK[flankAngle(def, a)], rolls: true, canDodge: cannotDodge(state, def) === null };
}

/**
 * The worst grade a blow on a unit that cannot dodge can have (ruling D60-STA-1): the margin counts as at
 * least −10, the bottom of the glancing band — a blow it would have dodged lands, glancing.
 */
export const NO_DODGE_FLOOR = -10;

/** The grade of a margin against a defender who can or cannot dodge. */
export const gradeFor = (margin: number, canDodge: boolean): Grade => gradeOf(canDodge ? margin : Math.max(margin, NO_DODGE_FLOOR));

/**
 * The defender's side of the contest: its terms and total. `rolls`: it rolls its d60 (a helpless unit
 * rolls nothing and counts 0); `canDodge`: false at 0 stamina or helpless.
 */
export function defence(state: EncounterState, def: Unit, a: Approach): { total: number; terms: () => Term[]; canDodge: boolean; rolls: boolean; why?: string; angle: AttackAngle; cqcRule: boolean } {
  const flank = flankOf(def, a);
  // the close-quarters Speed rule mattered when the attacker stood in a flank position
  const cqcRule = a.cqcSpeed !== undefined && (flank.angle !== 'front' || flank.note !== undefined);
  const down = helpless(state, def);
  if (down) return { total: 0, terms: () => [{ kind: 'note', text: `helpless: ${down}` }], canDodge: false, rolls: false, why: down, angle: flank.angle, cqcRule };
  // the terms (for the log) are worded only when asked; the total is theirs
  const terms = (): Term[] => {
    const out: Term[] = [...agilityTerms(def).terms];
    if (flank.angle !== 'front') out.push({ kind: 'mod', name: `${flank.angle} attack`, value: FLANK[flank.angle] });
    if (flank.note) out.push({ kind: 'note', text: flank.note() });
    return out;
  };
  const total = agilityOf(def) + FLANK[flank.angle];
  const why = cannotDodge(state, def);
  if (why) return { total, terms: () => [...terms(), { kind: 'note', text: `cannot dodge: ${why}` }], canDodge: false, rolls: true, why, angle: flank.angle, cqcRule };
  return { total, terms, canDodge: true, rolls: true, angle: flank.angle, cqcRule };
}

/** What a flank takes from the defender's total (D60-FLK-1). */
export const FLANK: Record<AttackAngle, number> = { front: 0, side: -16, back: -32 };

export interface ContestResult {
  margin: number;
  grade: Grade;
  angle: AttackAngle;
}

/** Roll the contest and record it: attacker's d60 first, then the defender's (none if it cannot dodge). */
export function contest(ctx: Resolution, label: string, attacker: { id?: string; agility: number; terms: Term[] }, def: Unit, a: Approach): ContestResult {
  const d = defence(ctx.state, def, a);
  const aFace = ctx.roll(60, `${label}: attack`);
  const aTotal = aFace + attacker.agility;
  const dFace = d.rolls ? ctx.roll(60, `${label}: defence`, def.id) : 0;
  const dTotal = d.rolls ? dFace + d.total : 0;
  const margin = aTotal - dTotal;
  const grade = gradeFor(margin, d.canDodge);
  // worded only when someone keeps the log (bulk simulation reads the grade alone)
  ctx.check(
    () => {
      const unDodged = grade !== gradeOf(margin) ? `: it cannot dodge (${d.why}), so the blow lands` : '';
      const rules = ['D60-HIT-1', 'D60-HIT-2'];
      if (d.angle !== 'front') rules.push('D60-FLK-1');
      if (d.cqcRule) rules.push('D60-CQC-2');
      if ([...attacker.terms, ...d.terms()].some((t) => t.kind === 'mod' && t.name === 'avoiding eye contact')) rules.push('D60-EYE-1');
      if (!d.canDodge && d.why === 'no stamina') rules.push('D60-STA-1');
      if (!d.rolls) rules.push(d.why === 'stunned' ? 'D60-EFF-1' : 'D60-STA-2');
      const dTerms: Term[] = [d.rolls ? { kind: 'dice', label: 'd60', faces: [dFace], value: dFace } : { kind: 'mod', name: 'nothing', value: 0 }, ...d.terms()];
      return {
        label,
        terms: [{ kind: 'dice', label: 'd60', faces: [aFace], value: aFace }, ...attacker.terms],
        total: aTotal,
        against: { op: '>', value: dTotal, terms: dTerms },
        outcome: `${GRADE_TEXT[grade]} (margin ${margin}${unDodged})`,
        rules,
        // the same in fields, for a reader of the JSON events
        facts: { grade, margin, canDodge: d.canDodge },
      };
    },
    attacker.id,
    def.id,
  );
  return { margin, grade, angle: d.angle };
}
