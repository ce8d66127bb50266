/**
 * Attacks (D60-ATK-1): up to five limbs (two hands, two legs, the head), each its own contest and
 * 1 stamina (D60-ATK-2), or one weapon strike (the weapon's stamina). A dramatic blow knocks back
 * 2 tiles, or with a weapon the attacker may make it bleed instead (a pending choice). Vital points
 * only on a knocked-out target (D60-VIT-1). The killing blow on a defenseless unit (D60-STA-2).
 */
import { distance } from '../../engine/space/grid.ts';
import { facingToward } from '../../engine/space/facing.ts';
import { knockback } from '../../engine/space/area.ts';
import { fail, type Cell, type Command, type EncounterState, type GridMap, type Json, type Pending, type Resolution, type Term, type Unit } from '../../engine/index.ts';
import { requireAction, requireStamina, spendAction, spendStamina } from './actions.ts';
import { landBlow } from './blow.ts';
import { standingBut } from './standing.ts';
import { UNARMED_BASE } from './damage.ts';
import { deferIfDelayed } from './delay.ts';
import { applySideEffect } from './effects.ts';
import { agilityTerms, has, speedOf, strengthOf, weaponOf } from './model.ts';
import type { Weapon } from './schema.ts';

/** The attacker's side of a blow's contest, in one shape (a spread into the literal made a new one per blow). */
export function attackerOf(id: string, a: Unit): { id: string; agility: number; terms: Term[] } {
  const ag = agilityTerms(a);
  return { id, agility: ag.agility, terms: ag.terms };
}

export const LIMBS = ['right_hand', 'left_hand', 'right_leg', 'left_leg', 'head'] as const;
export type Limb = (typeof LIMBS)[number];
const LIMB_NAME: Record<Limb, string> = { right_hand: 'right hand', left_hand: 'left hand', right_leg: 'right leg', left_leg: 'left leg', head: 'head' };

/** Ruling D60-HIT-2: a dramatic blow's Bleed lasts 3 of the target's turns. */
export const DRAMATIC_BLEED_TURNS = 3;

export interface AttackPlan {
  target: Unit;
  weapon: Weapon | null;
  limbs: Limb[];
  vital: boolean;
  stamina: number;
}

export function targetUnit(state: EncounterState, u: Unit, id: unknown): Unit {
  if (typeof id !== 'string') fail('command/bad_target', 'name a target unit', 'target');
  const t = state.units[id];
  if (!t) fail('unit/unknown', `there is no unit "${id}"`, 'target');
  if (t.id === u.id) fail('action/bad_target', `${u.name} cannot attack itself`, 'target');
  return t;
}

/** Knocked out (D60-VIT-1): defenseless or stunned. */
export const knockedOut = (state: EncounterState, t: Unit): boolean => t.status === 'down' || has(state, t.id, 'Stun');

/** Check an attack command against the state (no changes). */
export function planAttack(state: EncounterState, u: Unit, cmd: Command): AttackPlan {
  const t = targetUnit(state, u, cmd.target);
  const vital = cmd.vital === true;
  if (vital && !knockedOut(state, t)) fail('action/vital_guarded', `${t.name}'s vital points cannot be targeted until it is knocked out [D60-VIT-1]`, 'vital');
  if (t.status !== 'active' && !(vital && t.status === 'down')) fail('action/bad_target', `${t.name} is ${t.status === 'down' ? 'defenseless: deal a killing blow or aim at a vital point' : t.status}`, 'target');
  let weapon: Weapon | null = null;
  let limbs: Limb[] = [];
  if (cmd.weapon !== undefined) {
    if (cmd.limbs !== undefined) fail('command/bad_attack', 'one weapon strike OR limbs, not both [D60-ATK-1]', 'limbs');
    weapon = weaponOf(u, cmd.weapon) ?? fail('action/unknown_weapon', `${u.name} has no weapon "${String(cmd.weapon)}"`, 'weapon');
  } else {
    const raw = cmd.limbs ?? ['right_hand'];
    if (!Array.isArray(raw) || raw.length < 1 || raw.length > 5) fail('command/bad_limbs', 'limbs: 1 to 5 of right_hand, left_hand, right_leg, left_leg, head [D60-ATK-1]', 'limbs');
    // plain loops: every listing checks each flurry it offers
    for (const l of raw) if (!LIMBS.includes(l as Limb)) fail('command/bad_limbs', `"${String(l)}" is not a limb; use ${LIMBS.join(', ')}`, 'limbs');
    limbs = raw as Limb[];
    for (let i = 1; i < limbs.length; i++) if (limbs.lastIndexOf(limbs[i], i - 1) >= 0) fail('command/bad_limbs', 'each limb strikes once per attack [D60-ATK-1]', 'limbs');
  }
  const reach = weapon?.reach ?? 1;
  const d = distance(u.position!, t.position!);
  if (d > reach) fail('action/out_of_range', `${t.name} is ${d} tiles away; ${weapon ? weapon.name : 'a limb'} reaches ${reach}`, 'target');
  const stamina = weapon ? weapon.stamina : limbs.length;
  requireStamina(u, stamina, () => (weapon ? `a ${weapon.name} strike` : `${limbs.length} unarmed attack${limbs.length > 1 ? 's' : ''} [D60-ATK-2]`));
  return { target: t, weapon, limbs, vital, stamina };
}

export function attackCommand(ctx: Resolution, cmd: Command): void {
  const u = ctx.unit(cmd.actor!);
  const plan = planAttack(ctx.state, u, cmd);
  requireAction(ctx.state, u);
  spendAction(ctx, u);
  if (deferIfDelayed(ctx, u, cmd)) return;
  resolveAttack(ctx, u, plan);
}

/** Strike now (also a Delayed attack at the start of the next turn). */
export function resolveAttack(ctx: Resolution, u: Unit, plan: AttackPlan): void {
  const t = plan.target;
  ctx.emit({ type: 'unit.faced', unit: u.id, facing: facingToward(u.position!, t.position!) });
  if (plan.weapon) return strikeWithWeapon(ctx, u, t, plan.weapon, plan.vital);
  for (const limb of plan.limbs) {
    const a = ctx.unit(u.id);
    const now = ctx.unit(t.id);
    const stillThere = (now.status === 'active' || (plan.vital && now.status === 'down')) && distance(a.position!, now.position!) <= 1;
    if (!stillThere || a.pools.stamina.value < 1 || a.status !== 'active') {
      const why = stillThere ? 'no stamina left' : now.status !== 'active' && !plan.vital ? `${now.name} is ${now.status === 'down' ? 'defenseless' : now.status}` : `${now.name} is out of reach`;
      ctx.note(() => `${u.name}'s flurry ends: ${why} [D60-ATK-1]`);
      return;
    }
    // stamina is spent limb by limb, as each one swings (D60-ATK-2)
    spendStamina(ctx, a, 1, 'D60-ATK-2');
    const landed = landBlow(ctx, {
      label: `${LIMB_NAME[limb]} attack`,
      attacker: attackerOf(u.id, a),
      approach: { from: a.position!, cqcSpeed: speedOf(a) },
      kind: 'blunt',
      base: UNARMED_BASE,
      baseName: 'Unarmed',
      strength: strengthOf(a),
      vital: plan.vital,
      rule: 'D60-DMG-1',
    }, t.id);
    // no weapon, no bleed: an unarmed dramatic blow knocks back
    if (landed.grade === 'dramatic') knockBack(ctx, u.id, t.id);
  }
}

function strikeWithWeapon(ctx: Resolution, u: Unit, t: Unit, w: Weapon, vital: boolean): void {
  spendStamina(ctx, u, w.stamina, 'D60-ATK-1');
  const a = ctx.unit(u.id);
  const cqc = distance(a.position!, t.position!) <= 1;
  const landed = landBlow(ctx, {
    label: `${w.name} strike`,
    attacker: attackerOf(u.id, a),
    approach: cqc ? { from: a.position!, cqcSpeed: speedOf(a) } : { from: a.position! },
    kind: w.type,
    base: w.damage,
    baseName: w.name,
    strength: strengthOf(a),
    vital,
    rule: w.type === 'pierce' ? 'D60-DMG-2' : 'D60-DMG-1',
  }, t.id);
  if (landed.grade !== 'dramatic' || ctx.unit(t.id).status === 'dead') return;
  // ruling D60-HIT-2: the attacker chooses knock back or bleed
  ctx.openPending({
    kind: 'dramatic',
    answeredBy: u.id,
    prompt: `Dramatic blow on ${t.name}: knock back 2 tiles or make it bleed?`,
    options: ['knockback', 'bleed'],
    choices: [
      { label: 'Knock back 2 tiles', said: `${u.name} knocks ${t.name} back` },
      { label: 'Make it bleed', said: `${u.name} makes ${t.name} bleed` },
    ],
    data: { attacker: u.id, target: t.id },
  });
}

export function answerDramatic(ctx: Resolution, p: Pending, choice: Json): void {
  const attacker = String(p.data.attacker);
  const target = String(p.data.target);
  if (choice === 'bleed') applySideEffect(ctx, target, { name: 'Bleed', turns: DRAMATIC_BLEED_TURNS }, attacker, 'D60-HIT-2');
  else knockBack(ctx, attacker, target);
}

/**
 * Knock back 2 tiles straight away from the blow — the attacker, or the tile a projectile came in from
 * (not its thrower, who may stand anywhere now); walls and units stop it (D60-HIT-2).
 */
export function knockBack(ctx: Resolution, from: string | Cell, target: string, tiles = 2): void {
  const t = ctx.unit(target);
  const map = ctx.state.map as GridMap;
  const origin = typeof from === 'string' ? ctx.unit(from).position! : from;
  // the units in the way: looked through for each of its (at most `tiles`) steps, nothing indexed first
  const kb = knockback(map, origin, t.position!, tiles, standingBut(ctx.state, t.id, t.id));
  if (!kb.cells.length) {
    ctx.note(() => `${t.name} cannot be knocked back: the way is blocked [D60-HIT-2]`);
    return;
  }
  ctx.emit({ type: 'unit.moved', unit: t.id, from: { ...t.position! }, to: kb.cells.at(-1)!, path: [{ ...t.position! }, ...kb.cells], forced: 'knocked back' });
  ctx.note(() => `${t.name} is knocked back ${kb.cells.length} tile${kb.cells.length > 1 ? 's' : ''} [D60-HIT-2]`);
}

/** The killing blow: a defenseless enemy within reach dies (D60-STA-2). */
export function planKill(state: EncounterState, u: Unit, cmd: Command): Unit {
  const t = targetUnit(state, u, cmd.target);
  if (t.side === u.side) fail('action/bad_target', `${t.name} is an ally`, 'target');
  if (t.status !== 'down') fail('action/not_defenseless', `${t.name} is not defenseless; only a defenseless unit can be killed [D60-STA-2]`, 'target');
  const reach = Math.max(1, ...weaponsInHand(u).map((w) => w.reach));
  if (distance(u.position!, t.position!) > reach) fail('action/out_of_range', `${t.name} is out of reach`, 'target');
  return t;
}

const weaponsInHand = (u: Unit): Weapon[] => (u.data.weapons as unknown as Weapon[]) ?? [];

export function killCommand(ctx: Resolution, cmd: Command): void {
  const u = ctx.unit(cmd.actor!);
  const t = planKill(ctx.state, u, cmd);
  requireAction(ctx.state, u);
  spendAction(ctx, u);
  ctx.emit({ type: 'unit.status', unit: t.id, status: 'dead', cause: `killed by ${u.name} while defenseless`, rule: 'D60-STA-2' });
}
