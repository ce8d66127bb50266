/**
 * The plain actions of a turn (FRL-ACT-1): any number of Minor actions first, then one Major action,
 * which ends the turn. Equip is Minor (FRL-ACT-3); Move to front/rear (FRL-ACT-4) and Flee (FRL-ACT-5)
 * are Major. Attack, Gadget and Stream live in their own files.
 */
import { fail, type Command, type EncounterState, type Resolution, type Term, type Unit } from '../../engine/index.ts';
import { dataOf, enemiesOf, evasionOf, mod, rearguardOf } from './model.ts';
import { zoneWords } from './reach.ts';

/** Equip (Minor): take another of the unit's weapons in hand. The turn goes on. */
export function equipCommand(ctx: Resolution, cmd: Command): void {
  const u = ctx.unit(cmd.actor!);
  const d = dataOf(u);
  const w = d.weapons.find((x) => x.id === cmd.weapon);
  if (!w) fail('action/unknown_weapon', `${u.name} has no weapon "${String(cmd.weapon)}"${d.weapons.length ? `; it carries ${d.weapons.map((x) => x.id).join(', ')}` : ''}`, 'weapon');
  if (d.equipped === w.id) fail('action/already_equipped', `${u.name} already holds ${w.name}`, 'weapon');
  ctx.setData(u.id, 'equipped', w.id);
  ctx.note(() => `${u.name} equips ${w.name} (Minor action) [FRL-ACT-3]`);
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
  // the declaration first; the unit.zone line after it gives the way and the 20 m (describe.ts; the event's `metres`)
  ctx.note(() => `${u.name} moves to the ${cmd.to === 'frontline' ? 'frontline' : 'rearguard'} (Major action: it ends the turn) [FRL-ACT-4, FRL-ACT-1]`);
  ctx.moveToZone(u.id, zone);
  ctx.endTurn();
}

/**
 * Flee (Major): one roll, 1d20 + Might, must equal or beat the Evasion of every enemy still standing —
 * that is, the highest one. Success takes the unit out of the battle; each character flees on its own.
 * An enemy hidden from the players counts like any other, but the check they read names only the
 * enemies they can see; the GM reads the hidden ones' part in a note of its own (a player would lose
 * the whole line of its own roll if it named a unit hidden from it).
 */
export function fleeCommand(ctx: Resolution, cmd: Command): void {
  const u = ctx.unit(cmd.actor!);
  const foes = enemiesOf(ctx.state, u);
  if (!foes.length) fail('action/no_enemies', `no enemy stands in ${u.name}'s way`);
  const might = mod(ctx.state, u, 'might');
  const face = ctx.roll(20, 'flee');
  const total = face + might;
  const evasions = foes.map((f) => ({ f, e: evasionOf(ctx.state, f), stops: total < evasionOf(ctx.state, f) }));
  const escaped = evasions.every((x) => !x.stops);
  const seen = evasions.filter((x) => !x.f.hidden);
  const unseen = evasions.filter((x) => x.f.hidden);
  const highest = seen.length ? seen.reduce((a, b) => (b.e > a.e ? b : a)) : undefined;
  const stoppedBy = seen.filter((x) => x.stops).map((x) => x.f.name);
  const terms: Term[] = [{ kind: 'dice', label: 'd20', faces: [face], value: face }, { kind: 'mod', name: 'Might', value: might }];
  if (seen.length) terms.push({ kind: 'note', text: `Evasion: ${seen.map((x) => `${x.f.name} ${x.e}`).join(', ')}` });
  ctx.check(
    {
      label: 'flee',
      terms,
      total,
      ...(highest ? { against: { op: '>=' as const, value: highest.e, name: `Evasion of ${highest.f.name}` } } : {}),
      outcome: escaped ? 'escapes' : stoppedBy.length ? `caught by ${stoppedBy.join(', ')}` : 'caught',
      rules: ['FRL-ACT-5'],
      facts: { succeeds: escaped },
    },
    u.id,
  );
  if (unseen.length) {
    const caught = unseen.filter((x) => x.stops).map((x) => x.f.name);
    const text = `Hidden from the players, ${unseen.map((x) => `${x.f.name} (Evasion ${x.e})`).join(', ')} ${unseen.length > 1 ? 'also count' : 'also counts'}: ${caught.length ? `caught by ${caught.join(', ')}` : 'not caught by them'} [FRL-ACT-5]`;
    ctx.note(text, { about: unseen.map((x) => x.f.id), visibility: 'gm' });
  }
  if (escaped) ctx.emit({ type: 'unit.status', unit: u.id, status: 'fled', cause: 'ran away from the battle', rule: 'FRL-ACT-5' });
  ctx.endTurn();
}
