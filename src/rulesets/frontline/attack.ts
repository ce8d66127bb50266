/**
 * Attack (FRL-ATK-1), a Major action: 1d20 + Dexterity against the target's Dodge roll (ruling: the target
 * rolls 1d20 + its Dodge modifier). A natural 1 misses and a natural 20 hits whatever the numbers;
 * otherwise equal or higher hits. The weapon in hand must reach the target's zone (FRL-ZONE-2..4).
 */
import { fail, own, type Command, type EncounterState, type Resolution, type Unit } from '../../engine/index.ts';
import { resolveDamage, sharedRoll, type Strike } from './damage.ts';
import { equippedWeapon, mod } from './model.ts';
import { reaches, reachWords, zoneWords } from './reach.ts';
import type { Weapon } from './schema.ts';

/** Whether the attack hits (FRL-ATK-1): a natural 20 always, a natural 1 never, else d20 + Dexterity ≥ d20 + Dodge. */
export function contestHits(face: number, dex: number, dodgeFace: number, dodge: number): boolean {
  return face === 20 ? true : face === 1 ? false : face + dex >= dodgeFace + dodge;
}

/** The one place the hit check is made: weapons, and devices that must hit. */
export function hitCheck(ctx: Resolution, attacker: Unit, target: Unit, what: string): boolean {
  const dex = mod(ctx.state, attacker, 'dexterity');
  const face = ctx.roll(20, 'attack roll');
  // the target's own die: a player rolls its unit's Dodge, the GM's units' are the GM's (or the server's)
  // (its label names the target for a player asked for the die; a simulated fight, keeping no log, asks no one)
  const dodgeFace = ctx.roll(20, ctx.logging ? `Dodge roll ${target.name}` : 'Dodge roll', target.id);
  const dodge = mod(ctx.state, target, 'dodge');
  const total = face + dex;
  const dodgeTotal = dodgeFace + dodge;
  const hit = contestHits(face, dex, dodgeFace, dodge);
  const outcome = face === 20 ? 'hit (natural 20)' : face === 1 ? 'miss (natural 1)' : hit ? 'hit' : 'miss';
  // worded only when someone keeps the log
  ctx.check(
    () => ({
      label: `attack roll (${what})`,
      terms: [{ kind: 'dice', label: 'd20', faces: [face], value: face }, { kind: 'mod', name: 'Dexterity', value: dex }],
      total,
      against: {
        op: '>=',
        value: dodgeTotal,
        name: 'Dodge roll',
        terms: [{ kind: 'dice', label: 'Dodge d20', faces: [dodgeFace], value: dodgeFace }, { kind: 'mod', name: 'Dodge', value: dodge }],
      },
      outcome,
      rules: ['FRL-ATK-1'],
      // read by the odds, which play this check over every face (Ruleset.oddsByEnumeration)
      facts: { succeeds: hit },
    }),
    attacker.id,
    target.id,
  );
  return hit;
}

export function canAttack(state: EncounterState, u: Unit, t: Unit, w: Weapon): boolean {
  return t.side !== u.side && t.status === 'active' && reaches(state, w.reach, u.zone, t.zone);
}

function reachRule(w: Weapon): string {
  return w.reach === 'melee' ? 'FRL-ZONE-2' : w.reach === 'short' ? 'FRL-ZONE-3' : 'FRL-ZONE-4';
}

export function attackCommand(ctx: Resolution, cmd: Command): void {
  const u = ctx.unit(cmd.actor!);
  const w = equippedWeapon(u);
  if (!w) fail('action/no_weapon', `${u.name} has no weapon in hand`);
  if (cmd.weapon !== undefined && cmd.weapon !== w.id) fail('action/not_equipped', `${u.name} holds ${w.name}; equip "${String(cmd.weapon)}" first (a Minor action) [FRL-ACT-3]`, 'weapon');
  if (typeof cmd.target !== 'string') fail('command/bad_target', 'name a target unit', 'target');
  const t = own(ctx.state.units, cmd.target);
  if (!t) fail('unit/unknown', `there is no unit "${cmd.target}"`, 'target');
  if (t.side === u.side) fail('action/bad_target', `${t.name} is on ${u.name}'s side`, 'target');
  if (t.status !== 'active') fail('action/bad_target', `${t.name} is ${t.status} and cannot be attacked`, 'target');
  if (!canAttack(ctx.state, u, t, w)) {
    fail('action/out_of_range', `${t.name} is in the ${zoneWords(t.zone)}, ${u.name} in the ${zoneWords(u.zone)}: ${w.name} reaches ${reachWords[w.reach]} [${reachRule(w)}]`, 'target');
  }
  if (hitCheck(ctx, u, t, w.name)) {
    const strike: Strike = w.reach === 'melee' ? { attacker: u, what: w.name, dice: w.damage, type: w.type, might: mod(ctx.state, u, 'might') } : { attacker: u, what: w.name, dice: w.damage, type: w.type };
    resolveDamage(ctx, strike, t.id, sharedRoll(ctx, w.damage, 'damage roll'));
  }
  ctx.endTurn(); // a Major action ends the turn (FRL-ACT-1)
}
