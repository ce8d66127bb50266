/**
 * The Spell Action (P20-SPL-1..4): a magical weapon or catalyst and a target within the spell's range;
 * the hit check d20 + General Skill (+ Magic if skilled in the school) hits every target whose Defensive
 * Value is EQUAL TO OR LOWER than the total; damage is the spell's dice + Magic + class bonus, rolled
 * once for all targets; a status effect is resisted by d20 + the named attribute's modifier meeting or
 * beating DC = the spell's number + the caster's Magic.
 */
import { distance } from '../../engine/space/grid.ts';
import { fail, own, type Cell, type Command, type EncounterState, type GridMap, type Json, type Resolution, type Term, type Unit } from '../../engine/index.ts';
import { grantFollowUps, spendAction } from './actions.ts';
import { dealDamage } from './damage.ts';
import { dataOf, dvOf, mod } from './model.ts';
import type { Spell, Status } from './schema.ts';
import { modsChanged, profileOf } from './profile.ts';
import { inSight } from './sight.ts';

export function spellOf(u: Unit, id: unknown): Spell {
  const ss = profileOf(u).spellProfiles;
  for (let i = 0; i < ss.length; i++) if (ss[i].spell.id === id) return ss[i].spell;
  fail('action/unknown_spell', `${u.name} knows no spell "${String(id)}"`, 'spell');
}

export const hasCatalyst = (u: Unit): boolean => profileOf(u).catalyst;

export function isSkilledIn(u: Unit, s: Spell): boolean {
  return profileOf(u).spell(s)?.skilled ?? dataOf(u).skilled.schools.includes(s.school);
}

export function spellBonus(state: EncounterState, u: Unit, s: Spell): { bonus: number; terms: Term[] } {
  const terms: Term[] = [{ kind: 'mod', name: 'General Skill', value: mod(state, u, 'generalSkill') }];
  if (isSkilledIn(u, s)) terms.push({ kind: 'mod', name: 'Magic', value: mod(state, u, 'magic') });
  return { bonus: terms.reduce((a, t) => a + (t.kind === 'mod' ? t.value : 0), 0), terms };
}

/** The spell check's bonus alone (spellBonus's sum, its named terms not built): every cast and the policy's weighing ask it. */
export function spellHitBonus(state: EncounterState, u: Unit, s: Spell): number {
  // the profile's number unless a role or an effect changes a modifier
  if (!modsChanged(state, u)) {
    const sp = profileOf(u).spell(s);
    if (sp) return sp.hitBase;
  }
  const general = mod(state, u, 'generalSkill');
  return isSkilledIn(u, s) ? general + mod(state, u, 'magic') : general;
}

/** The damage bonus alone (spellDamageTerms's sum). */
export function spellDamageBonus(state: EncounterState, u: Unit): number {
  return modsChanged(state, u) ? mod(state, u, 'magic') + dataOf(u).classBonus.spell : profileOf(u).spellDamageBase;
}

/** Damage bonus: the Magic modifier (always, as the text says) and the class bonus. */
export function spellDamageTerms(state: EncounterState, u: Unit): Term[] {
  const terms: Term[] = [{ kind: 'mod', name: 'Magic', value: mod(state, u, 'magic') }];
  const cls = dataOf(u).classBonus.spell;
  if (cls) terms.push({ kind: 'mod', name: 'Class bonus', value: cls });
  return terms;
}

/** The DC of a status spell: its number + the caster's Magic modifier (P20-SPL-4). */
export const statusDc = (state: EncounterState, caster: Unit, st: Status): number => st.dc + mod(state, caster, 'magic');

/** Who a healing spell may reach: an ally standing or fainted (healing brings it back: ruling P20-GEN-4). */
const healable = (caster: Unit, t: Unit) => t.side === caster.side && (t.status === 'active' || t.status === 'down');

/**
 * Units an area spell centred on `at` strikes: enemies standing (the caster's own side only with friendly
 * fire; fainted units are not targets, ruling P20-FAINT-1), or for a healing spell allies standing or fainted.
 */
export function spellTargets(state: EncounterState, caster: Unit, s: Spell, at: Cell, primary?: string): Unit[] {
  if (s.radius === 0) return primary ? [state.units[primary]] : [];
  return state.unitOrder
    .map((id) => state.units[id])
    .filter((t) => t.position && distance(t.position, at) <= s.radius)
    .filter((t) => (s.heals ? healable(caster, t) : t.status === 'active' && (s.friendlyFire ? t.id !== caster.id : t.side !== caster.side)));
}

/** After Brace, no more attacks this turn (P20-GEN-3) — "Attacking" covers the Spell Action too; a healing spell attacks no one. */
export const barredByBrace = (u: Unit, s: Spell): boolean => !s.heals && dataOf(u).noMoreAttacks;

function aimOf(ctx: Resolution, u: Unit, s: Spell, cmd: Command): { at: Cell; primary?: string } {
  if (typeof cmd.target === 'string') {
    const t = own(ctx.state.units, cmd.target);
    if (!t) fail('unit/unknown', `there is no unit "${cmd.target}"`, 'target');
    if (s.heals ? !healable(u, t) : t.status !== 'active') fail('action/bad_target', `${t.name} is ${t.status}`, 'target');
    return { at: t.position!, primary: t.id };
  }
  const at = cmd.at as Json;
  if (Array.isArray(at) && at.length === 2 && at.every((n) => typeof n === 'number') && s.radius > 0) return { at: { x: at[0] as number, y: at[1] as number } };
  return fail('command/bad_target', s.radius > 0 ? 'name a target unit or a cell "at": [x, y]' : 'name a target unit', 'target');
}

export function castCommand(ctx: Resolution, cmd: Command): void {
  const u = ctx.unit(cmd.actor!);
  const s = spellOf(u, cmd.spell);
  if (!hasCatalyst(u)) fail('action/no_catalyst', `${u.name} needs a magical weapon or catalyst to cast [P20-SPL-1]`);
  if (barredByBrace(u, s)) fail('action/no_more_attacks', `${u.name} braced this turn and cannot attack any more, with spells either [P20-GEN-3]`);
  const aim = aimOf(ctx, u, s, cmd);
  const d = distance(u.position!, aim.at);
  if (d > s.range) fail('action/out_of_range', `the target is ${d} tiles away; ${s.name} reaches ${s.range} [P20-SPL-1]`, 'target');
  if (!inSight(ctx.state.map as GridMap, u.position!, aim.at)) fail('action/no_line_of_sight', `${u.name} cannot see (${aim.at.x}, ${aim.at.y}): a wall is in the way [P20-SPL-1]`, 'target');
  const targets = spellTargets(ctx.state, u, s, aim.at, aim.primary);
  if (aim.primary && !s.heals && ctx.state.units[aim.primary].side === u.side && !s.friendlyFire) {
    fail('action/bad_target', `${s.name} does not strike allies`, 'target');
  }
  if (aim.primary && s.heals && ctx.state.units[aim.primary].side !== u.side) fail('action/bad_target', `${s.name} heals allies only`, 'target');
  spendAction(ctx, u, 'spell');
  if (s.heals) healWith(ctx, u, s, targets);
  else resolveHarmful(ctx, u, s, targets);
  grantFollowUps(ctx, u, 'spell');
}

function healWith(ctx: Resolution, u: Unit, s: Spell, targets: Unit[]): void {
  const roll = ctx.rollNotation(s.damage ?? '0', 'healing');
  const terms = [roll.term, ...spellDamageTerms(ctx.state, u)];
  const amount = Math.max(0, terms.reduce((a, t) => a + (t.kind === 'dice' ? t.value : t.kind === 'mod' ? t.value : 0), 0));
  ctx.check(() => ({ label: `${s.name} healing`, terms, total: amount, outcome: `${amount} healed`, rules: ['P20-SPL-3'] }), u.id);
  for (const t of targets) {
    const wasDown = t.status === 'down';
    ctx.heal(t.id, amount, { source: u.id, rule: 'P20-SPL-3' });
    if (wasDown && ctx.unit(t.id).pools.hp.value > 0) ctx.emit({ type: 'unit.status', unit: t.id, status: 'active', cause: `healed by ${s.name}`, rule: 'P20-GEN-4' });
  }
}

/** A breakdown never built: given to `check` only when no log is kept (it is then counted, not called). */
const UNREAD = (): never => {
  throw new Error('an unlogged check was built');
};

function resolveHarmful(ctx: Resolution, u: Unit, s: Spell, targets: Unit[]): void {
  // the bonus reckoned as a number; its named terms are built only inside the breakdowns (when logged)
  const bonus = spellHitBonus(ctx.state, u, s);
  const face = ctx.roll(20, 'spell hit check');
  const total = face + bonus;
  const hits: Unit[] = [];
  for (const t of targets) {
    const dv = dvOf(ctx.state, t);
    const hit = dv <= total;
    // one roll for every target: the first target's line records the die (a check takes the dice drawn since the last)
    ctx.check(ctx.logging ? () => ({ label: `spell hit check (${s.name})`, terms: [{ kind: 'dice', label: 'd20', faces: [face], value: face }, ...spellBonus(ctx.state, u, s).terms], total, against: { op: '>=', value: dv, name: 'DV' }, outcome: hit ? 'hit' : 'miss', rules: ['P20-SPL-2'] }) : UNREAD, u.id, t.id);
    if (hit) hits.push(t);
  }
  if (!targets.length) ctx.check(ctx.logging ? () => ({ label: `spell hit check (${s.name})`, terms: [{ kind: 'dice', label: 'd20', faces: [face], value: face }, ...spellBonus(ctx.state, u, s).terms], total, outcome: 'no one in the area', rules: ['P20-SPL-2'] }) : UNREAD, u.id);
  if (!hits.length) return;
  if (s.damage && !ctx.logging) {
    // no one reads the roll's term: its total alone, the same dice drawn; the check is only counted
    const amount = Math.max(0, ctx.rollTotal(profileOf(u).spell(s)?.dice ?? s.damage, 'spell damage') + spellDamageBonus(ctx.state, u));
    ctx.check(UNREAD, u.id);
    for (const t of hits) dealDamage(ctx, t.id, amount, u.id, 'P20-SPL-3');
  } else if (s.damage) {
    const roll = ctx.rollNotation(s.damage, 'spell damage');
    const dmgTerms = [roll.term, ...spellDamageTerms(ctx.state, u)];
    const raw = dmgTerms.reduce((a, t) => a + (t.kind === 'dice' || t.kind === 'mod' ? t.value : 0), 0);
    const amount = Math.max(0, raw);
    ctx.check(() => {
      if (raw < 0) dmgTerms.push({ kind: 'note', text: `−${-raw}: damage is at least 0` });
      return { label: `attack roll (${s.name})`, terms: dmgTerms, total: amount, outcome: `${amount} damage to ${hits.length === 1 ? hits[0].name : `each of ${hits.length} targets`}`, rules: ['P20-SPL-3'] };
    }, u.id);
    for (const t of hits) dealDamage(ctx, t.id, amount, u.id, 'P20-SPL-3');
  }
  if (s.status) for (const t of hits) if (ctx.unit(t.id).status === 'active') resistOrSuffer(ctx, u, t, s.status);
}

/** The resist check (P20-SPL-4): meeting or beating the DC resists. */
export function resistOrSuffer(ctx: Resolution, caster: Unit, target: Unit, st: Status): boolean {
  const dc = statusDc(ctx.state, caster, st);
  const attr = mod(ctx.state, target, st.check);
  const face = ctx.roll(20, `resist ${st.name}`);
  const total = face + attr;
  const resisted = total >= dc;
  ctx.check(() => {
    const label = st.check.charAt(0).toUpperCase() + st.check.slice(1);
    return {
      label: `resist check (${st.name})`,
      terms: [{ kind: 'dice', label: 'd20', faces: [face], value: face }, { kind: 'mod', name: label, value: attr }],
      total,
      against: { op: '>=', value: dc, terms: [{ kind: 'mod', name: `${label} check`, value: st.dc }, { kind: 'mod', name: 'Magic', value: mod(ctx.state, caster, 'magic') }] },
      outcome: resisted ? 'resisted' : `suffers ${st.name}`,
      rules: ['P20-SPL-4'],
    };
  }, target.id);
  if (resisted) return true;
  for (const old of ctx.effectsOn(target.id, st.name)) ctx.removeEffect(old.id, 'replaced');
  const categories = ['debuff', ...(st.damage ? ['dot'] : []), ...(st.skipTurn ? ['cc'] : [])];
  ctx.applyEffect({
    name: st.name,
    categories,
    source: caster.id,
    target: target.id,
    remaining: st.turns,
    clock: { at: 'turn_end', unit: target.id },
    ...(st.damage ? { tick: 'turn_start' as const } : {}),
    data: { status: st as unknown as Json },
  });
  // ruling P20-PREP-1: a status that costs the target its turns also ends its Preparation (a Frozen unit does not strike)
  const prep = dataOf(ctx.unit(target.id)).prep.state;
  if (st.skipTurn && (prep === 'open' || prep === 'announced')) {
    ctx.setData(target.id, 'prep', { state: 'none' });
    ctx.note(() => `${target.name} loses its turns to ${st.name}: its Preparation is gone [P20-PREP-1]`);
  }
  return false;
}
