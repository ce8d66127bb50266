/**
 * The plain actions of a turn (FRL-ACT-1): any number of Minor actions first, then one Major action,
 * which ends the turn. Equip is Minor (FRL-ACT-3); Move to front/rear (FRL-ACT-4) and Flee (FRL-ACT-5)
 * are Major. Attack, Gadget and Stream live in their own files.
 */
import { fail, type Command, type EncounterState, type Resolution, type Unit } from '../../engine/index.ts';
import { dataOf, enemiesOf, evasionOf, mod, rearguardOf, ZONE_SPACING } from './model.ts';
import { zoneWords } from './reach.ts';

/** Equip (Minor): take another of the unit's weapons in hand. The turn goes on. */
export function equipCommand(ctx: Resolution, cmd: Command): void {
  const u = ctx.unit(cmd.actor!);
  const d = dataOf(u);
  const w = d.weapons.find((x) => x.id === cmd.weapon);
  if (!w) fail('action/unknown_weapon', `${u.name} has no weapon "${String(cmd.weapon)}"${d.weapons.length ? `; it carries ${d.weapons.map((x) => x.id).join(', ')}` : ''}`, 'weapon');
  if (d.equipped === w.id) fail('action/already_equipped', `${u.name} already holds ${w.name}`, 'weapon');
  ctx.setData(u.id, 'equipped', w.id);
  ctx.note(`${u.name} equips ${w.name} (Minor action) [FRL-ACT-3]`);
}

/** Where a Move (Major) can take the unit: the frontline from its rearguard, its rearguard from the frontline. */
export function moveDestination(u: Unit): 'frontline' | 'rearguard' {
  return u.zone === 'frontline' ? 'rearguard' : 'frontline';
}

export function zoneFor(state: EncounterState, u: Unit, to: 'frontline' | 'rearguard'): string {
  return to === 'frontline' ? 'frontline' : rearguardOf(state, u.side);
}

export function moveCommand(ctx: Resolution, cmd: Command): void {
  const u = ctx.unit(cmd.actor!);
  if (cmd.to !== 'frontline' && cmd.to !== 'rearguard') fail('command/bad_zone', 'move "to" is "frontline" or "rearguard" (the unit\'s own)', 'to');
  const zone = zoneFor(ctx.state, u, cmd.to);
  if (u.zone === zone) fail('action/already_there', `${u.name} is already in the ${zoneWords(zone)}`, 'to');
  ctx.emit({ type: 'unit.zone', unit: u.id, from: u.zone!, to: zone });
  ctx.note(`${u.name} moves ${ZONE_SPACING} m to the ${zoneWords(zone)} (Major action) [FRL-ACT-4]`);
  ctx.endTurn();
}

/**
 * Flee (Major): one roll, 1d20 + Might, must equal or beat the Evasion of every enemy still standing —
 * that is, the highest one. Success takes the unit out of the battle; each character flees on its own.
 */
export function fleeCommand(ctx: Resolution, cmd: Command): void {
  const u = ctx.unit(cmd.actor!);
  const foes = enemiesOf(ctx.state, u);
  if (!foes.length) fail('action/no_enemies', `no enemy stands in ${u.name}'s way`);
  const evasions = foes.map((f) => ({ f, e: evasionOf(ctx.state, f) }));
  const highest = evasions.reduce((a, b) => (b.e > a.e ? b : a), evasions[0]);
  const might = mod(ctx.state, u, 'might');
  const face = ctx.roll(20, 'flee');
  const total = face + might;
  const escaped = evasions.every((x) => total >= x.e);
  const stoppedBy = evasions.filter((x) => total < x.e).map((x) => x.f.name);
  ctx.check(
    {
      label: 'flee',
      terms: [{ kind: 'dice', label: 'd20', faces: [face], value: face }, { kind: 'mod', name: 'Might', value: might }, { kind: 'note', text: `Evasion: ${evasions.map((x) => `${x.f.name} ${x.e}`).join(', ')}` }],
      total,
      against: { op: '>=', value: highest.e, name: `Evasion of ${highest.f.name}` },
      outcome: escaped ? 'escapes' : `caught by ${stoppedBy.join(', ')}`,
      rules: ['FRL-ACT-5'],
    },
    u.id,
  );
  if (escaped) ctx.emit({ type: 'unit.status', unit: u.id, status: 'fled', cause: 'ran away from the battle', rule: 'FRL-ACT-5' });
  ctx.endTurn();
}
