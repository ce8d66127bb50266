// Trigger Actions, Auto Skills, Openers and hiding.
import { describe, expect, it } from 'vitest';
import { Table } from '../testing.ts';
import { duel } from './fixtures.ts';
import { outerah } from './index.ts';
import { encounterSchema } from './schema.ts';

const sword = { type: 'attack', actor: 'hero', target: 'foe', weapon: 'sword' };
const dagger = { type: 'attack', actor: 'hero', target: 'foe', weapon: 'dagger' };

describe('outerah reactions', () => {
  it('OUT-TRG-1: a Trigger Action strikes back when attacked, once per round', () => {
    const t = new Table(outerah, duel({ hero: { weapons: ['sword', 'dagger'] }, foe: { hp: 100, weapons: ['sword'], reactions: [{ name: 'Riposte', kind: 'trigger', does: 'retaliate' }] } }));
    t.start(5, 1);
    // Hero misses (99); Foe strikes back: Hero faces E toward it: 50 + 20 − 20 − 10 = 40; D100(30) hits: 1d8(8) + 10 − 4 = 14 → 26
    const ev = t.dice(50, 99, 50, 30, 8).do(sword);
    expect(t.lines(ev)).toContain('Foe\'s Trigger Action "Riposte": strikes back at Hero [OUT-TRG-1]');
    expect(t.hp('hero')).toBe(26);
    const again = t.dice(50, 99).do(dagger);
    expect(t.lines(again)).toContain('Foe\'s Trigger Action "Riposte" was already used this round [OUT-TRG-1]');
    expect(t.unusedDice).toEqual([]);
  });

  it('OUT-TRG-2: an Auto Skill fires every time it is attacked, even without damage (a potion)', () => {
    const t = new Table(outerah, duel({ hero: { weapons: ['sword', 'dagger'] }, foe: { startHp: 10, items: { potion: 3 }, reactions: [{ name: 'Quaff', kind: 'auto', does: 'item', item: 'potion' }] } }));
    t.start(5, 1);
    t.dice(50, 99, 1, 1).do(sword); // miss; potion 2d4(1, 1) = 2 → 12
    t.dice(50, 99, 2, 2).do(dagger); // again: 4 → 16
    expect(t.hp('foe')).toBe(16);
    expect(t.unit('foe').data.items).toEqual({ potion: 1 });
  });

  it('OUT-TRG-2: an Auto Skill may use a skill: a buff on itself, or an attack skill back at the attacker (ruling)', () => {
    // Foe's Auto Skill casts Regrowth on itself when attacked: Hero misses (D100 99); Regen success D100(10) ≤ 80 (Wisdom 10)
    const t = new Table(outerah, duel({ foe: { skills: ['regen'], reactions: [{ name: 'Green Ward', kind: 'auto', does: 'skill', skill: 'regen' }] } }));
    t.start(5, 1);
    const ev = t.dice(50, 99, 10).do(sword);
    expect(t.lines(ev)).toContain('Foe\'s Auto Skill "Green Ward" fires: Regrowth on Foe [OUT-TRG-2]');
    expect(t.state.effects.some((f) => f.target === 'foe' && f.name === 'Regen')).toBe(true);
    // with Firebolt it strikes back: Hero faces E toward it, head-on 50 + 20 − 20 − 10 = 40: crit D100(50), hit D100(30);
    // 2d6(3, 4) + Intelligence 20 − Hero's Wisdom 20 reduction 4 = 23 → 17; a second attack fires it again (an Auto Skill)
    const f = new Table(outerah, duel({ hero: { weapons: ['sword', 'dagger'] }, foe: { skills: ['firebolt'], reactions: [{ name: 'Flare', kind: 'auto', does: 'skill', skill: 'firebolt' }] } }));
    f.start(5, 1);
    const hit = f.dice(50, 99, 50, 30, 3, 4).do(sword);
    expect(f.lines(hit)).toContain('Foe\'s Auto Skill "Flare" fires: Firebolt at Hero [OUT-TRG-2]');
    expect(f.hp('hero')).toBe(17);
    f.dice(50, 99, 50, 99).do(dagger);
    expect(f.unusedDice).toEqual([]);
    // a Trigger Action is a retaliatory attack: a heal skill is refused by the file
    const bad = encounterSchema.safeParse(duel({ foe: { skills: ['mend'], reactions: [{ name: 'Mend', kind: 'trigger', does: 'skill', skill: 'mend' }] } }));
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0].message).toContain('is a Trigger Action, a retaliatory attack: it needs an attack or debuff skill');
  });

  it('OUT-TRG-3: only one kind is active; the owner chooses with set_reaction', () => {
    const both = [{ name: 'Riposte', kind: 'trigger', does: 'retaliate' }, { name: 'Quaff', kind: 'auto', does: 'item', item: 'potion' }];
    const t = new Table(outerah, duel({ hero: { reactions: both, items: { potion: 1 }, startHp: 30 } }));
    t.start(5, 1);
    expect(t.unit('hero').data.reaction).toBe('trigger');
    expect(t.rejects({ type: 'set_reaction', actor: 'hero', kind: 'trigger' })).toBe('action/already_active');
    const ev = t.do({ type: 'set_reaction', actor: 'hero', kind: 'auto' });
    expect(t.lines(ev)).toContain('Hero makes its Auto Skill the active one; only one kind can be [OUT-TRG-3]');
    t.do({ type: 'end_turn', actor: 'hero' });
    // Foe attacks: the Auto Skill (potion) fires, not the Trigger Action
    const hit = t.dice(50, 99, 1, 1).do({ type: 'attack', actor: 'foe', target: 'hero', weapon: 'mace' });
    expect(t.lines(hit).some((l) => l.includes('Auto Skill "Quaff" fires [OUT-TRG-2]'))).toBe(true);
    expect(t.lines(hit).some((l) => l.includes('Riposte'))).toBe(false);
  });
});

describe('outerah Openers and hiding', () => {
  it('OUT-OPEN-1: a Hidden attacker\'s first attack is an Opener with Super Charge', () => {
    const t = new Table(outerah, duel({ hero: { hidden: true }, foe: { hp: 60 } }));
    t.start(5, 1);
    // 1d8(4) + 20 − 2 = 22 × 1.5 = 33
    const ev = t.dice(50, 30, 4).do(sword);
    expect(t.lines(ev)).toContain('Opener: Foe is unaware of Hero, who strikes from hiding with Super Charge [OUT-OPEN-1]');
    expect(t.checks(ev)[2]).toBe('1d8(4) + Strength 20 − Vitality 10 reduction 2 × Super Charge (Opener) 150% = 33 → 33 damage [OUT-DMG-1, OUT-CHG-1, OUT-RES-2]');
    expect(t.hp('foe')).toBe(27);
    expect(t.state.effects.some((f) => f.name === 'Hidden')).toBe(false);
  });

  it('OUT-OPEN-1: skills that add Opener damage: a passive skill adds its dice to every Opener, a skill to its own (ruling)', () => {
    const edge = { id: 'edge', name: "Assassin's Edge", kind: 'passive', openerDamage: '1d6' };
    const stab = { id: 'stab', name: 'Backstab', kind: 'attack', magical: false, dice: '1d8', range: 1, openerDamage: '2d6' };
    const t = new Table(outerah, duel({ hero: { hidden: true, skills: [edge, stab] }, foe: { hp: 100 } }));
    t.start(5, 1);
    expect(t.rejects({ type: 'cast', actor: 'hero', skill: 'edge', target: 'foe' })).toBe('action/passive');
    // the preview rolls the same dice: on a plain hit (1..8 + 1..6 + 18) × 1.5 = 30..48; a critical doubles it, to 96
    const p = t.preview(sword);
    expect(p.notes).toContain("Opener: Assassin's Edge adds 1d6");
    expect(p.damageOnHit).toMatchObject({ min: 30, max: 96 });
    // the sword's Opener: 1d8+1d6(4, 3) + 20 − 2 = 25 × Super 1.5 = 37.5 → 37
    const ev = t.dice(50, 30, 4, 3).do(sword);
    expect(t.lines(ev)).toContain("Assassin's Edge adds 1d6 to the Opener's damage [OUT-OPEN-1]");
    expect(t.checks(ev)[2]).toBe('1d8 + 1d6(4, 3) + Strength 20 − Vitality 10 reduction 2 × Super Charge (Opener) 150% → rounded down 37 = 37 → 37 damage [OUT-DMG-1, OUT-CHG-1, OUT-RES-2]');
    // Backstab as the Opener: its own 2d6 and the passive 1d6 — 1d8+2d6+1d6(1, 2, 2, 1) = 6 + 18 = 24 × 1.5 = 36
    const b = new Table(outerah, duel({ hero: { hidden: true, skills: [edge, stab] }, foe: { hp: 100 } }));
    b.start(5, 1);
    const stabbed = b.dice(50, 30, 1, 2, 2, 1).do({ type: 'cast', actor: 'hero', skill: 'stab', target: 'foe' });
    expect(b.lines(stabbed)).toContain("Assassin's Edge, Backstab add 1d6+2d6 to the Opener's damage [OUT-OPEN-1]");
    expect(b.hp('foe')).toBe(64);
    expect([t.unusedDice, b.unusedDice]).toEqual([[], []]);
  });

  it('OUT-OPEN-1, OUT-OPEN-2: a Hidden unit cannot be targeted; an enemy next to it at the round end finds it', () => {
    const t = new Table(outerah, duel({ hero: { hidden: true } }));
    t.start(1, 12); // Foe first
    expect(t.rejects({ type: 'attack', actor: 'foe', target: 'hero', weapon: 'mace' })).toBe('action/hidden_target');
    t.do({ type: 'end_turn', actor: 'foe' });
    const ev = t.do({ type: 'end_turn', actor: 'hero' });
    expect(t.lines(ev)).toContain('Foe finds Hero [OUT-OPEN-2]');
  });

  it('OUT-OPEN-2, OUT-PET-5: an area strikes a Hidden enemy inside it; a hit gives it away (found), a miss leaves it hidden (ruling)', () => {
    // Firestorm (area 1) at Foe (3,2); Sneak hides at (3,3), inside the 3×3 around it: struck after Foe.
    // Foe (faces W, Hero to its west: head-on) 50 + Charisma 30 − Agility 20 − 10 = 50: crit D100(50) > 5, hit D100(30);
    //   2d6(3, 4) + Intelligence 10 − Wisdom 10 reduction 2 = 15 → 30 − 15 = 15.
    // Sneak (faces N, Hero to its north-west: head-on) 50 + 30 − Agility 10 − 10 = 60: crit D100(50), hit D100(30);
    //   2d6(1, 1) + 10 − 2 = 10 → 20 − 10 = 10, and Hero has found it. With hit D100(99) > 60 it is missed and stays hidden.
    const storm = { id: 'storm', name: 'Firestorm', kind: 'attack', element: 'fire', dice: '2d6', range: 6, area: 1 };
    const sneak = { id: 'sneak', name: 'Sneak', side: 'foes', class: 'nightblade', at: [3, 3], facing: 'N', hp: 20, hidden: true, stats: { strength: 10, vitality: 0, agility: 10, charisma: 10, intelligence: 0, wisdom: 10 } };
    const make = () => {
      const t = new Table(outerah, duel({ hero: { skills: [storm] }, extra: [sneak] }));
      t.start(5, 1, 1); // Hero 6 + 1 + 5 = 12, Foe 2 + 1 + 1 = 4, Sneak 6 + 0 + 1 = 7
      return t;
    };
    const hidden = (t: Table) => t.state.effects.some((f) => f.target === 'sneak' && f.name === 'Hidden');
    const t = make();
    const ev = t.dice(50, 30, 3, 4, 50, 30, 1, 1).do({ type: 'cast', actor: 'hero', skill: 'storm', target: 'foe' });
    expect(t.lines(ev)).toContain('Firestorm bursts over the 3×3 area around Foe: it strikes Foe, Sneak [OUT-PET-5]');
    expect(t.lines(ev)).toContain('Firestorm strikes Sneak where it hid: Hero has found it [OUT-OPEN-2]');
    expect([t.hp('foe'), t.hp('sneak'), hidden(t)]).toEqual([15, 10, false]);
    const m = make();
    m.dice(50, 30, 3, 4, 50, 99).do({ type: 'cast', actor: 'hero', skill: 'storm', target: 'foe' });
    expect([m.hp('foe'), m.hp('sneak'), hidden(m)]).toEqual([15, 20, true]);
    expect([t.unusedDice, m.unusedDice]).toEqual([[], []]);
  });

  it('OUT-OPEN-2: hiding needs a clear 3×3 area; unseen 3 rounds, the next attack is an Opener again', () => {
    const t = new Table(outerah, duel({ hero: { at: [2, 2] }, foe: { at: [3, 2], hp: 80, move: 0 } }));
    t.start(5, 1);
    expect(t.rejects({ type: 'hide', actor: 'hero' })).toBe('action/seen');
    t.do({ type: 'move', actor: 'hero', to: [0, 0] });
    t.do({ type: 'hide', actor: 'hero' });
    for (let r = 1; r <= 3; r++) {
      t.do({ type: 'end_turn', actor: 'hero' });
      t.do({ type: 'end_turn', actor: 'foe' });
    }
    expect(t.state.effects.find((f) => f.name === 'Hidden')?.data).toMatchObject({ unseen: 3, unaware: true });
    t.do({ type: 'move', actor: 'hero', to: [2, 2] });
    // Hero was the whole of its side: its hiding ended combat, and this Opener restarts it with a Speed check (d12 each)
    const ev = t.dice(50, 30, 4, 6, 6).do(sword);
    expect(t.checks(ev)[2]).toContain('Super Charge (Opener)');
  });
});
