// Attacks: the d20-against-Dodge-roll contest, naturals, reach by zones, Might and Defense.
import { describe, expect, it } from 'vitest';
import { zoneDistance } from '../../engine/space/zones.ts';
import type { ZoneMap } from '../../engine/index.ts';
import { drawnDice, Table } from '../testing.ts';
import { battle, content, EVEN_START } from './fixtures.ts';
import { frontline } from './index.ts';

// Ria: Dexterity 3, Might 2, sword (1d8 kinetic melee) in hand. Raider: Dodge 2, Defense 2, HP 15.
// Scripted dice of an attack: Ria's d20, then the Raider's Dodge d20, then the damage dice.
const atk = { type: 'attack', actor: 'hero', target: 'foe' };

function table(over: Parameters<typeof battle>[0] = {}) {
  const t = new Table(frontline, battle(over));
  t.start(...EVEN_START);
  return t;
}

describe('frontline attack roll', () => {
  it('FRL-ATK-1: 1d20 + Dexterity equal to the Dodge roll (1d20 + Dodge) hits', () => {
    const t = table();
    // d20 9 + 3 = 12 ≥ Dodge d20 10 + 2 = 12 → hit; 1d8 5 + Might 2 − Defense 2 = 5 → 15 − 5 = 10
    const ev = t.dice(9, 10, 5).do(atk);
    expect(t.checks(ev)).toEqual([
      'd20(9) + Dexterity 3 = 12 ≥ Dodge d20(10) + Dodge 2 (= 12) → hit [FRL-ATK-1]',
      '1d8(5) + Might 2 − Defense 2 = 5 → 5 damage [FRL-DMG-1, FRL-DMG-3, FRL-DMG-4]',
    ]);
    expect(t.hp('foe')).toBe(10);
  });

  it('FRL-ATK-1: below the Dodge roll misses, and no damage is rolled', () => {
    const t = table();
    // d20 8 + 3 = 11 < 10 + 2 = 12 → miss
    const ev = t.dice(8, 10).do(atk);
    expect(t.checks(ev)).toEqual(['d20(8) + Dexterity 3 = 11 < Dodge d20(10) + Dodge 2 (= 12) → miss [FRL-ATK-1]']);
    expect(t.hp('foe')).toBe(15);
    expect(t.unusedDice).toEqual([]);
  });

  it('FRL-ATK-1: a natural 1 misses even above the Dodge roll; a natural 20 hits even below it', () => {
    const t = table();
    // d20 1 + 3 = 4 ≥ 1 + 2 = 3, but a natural 1
    expect(t.checks(t.dice(1, 1).do(atk))).toEqual(['d20(1) + Dexterity 3 = 4 ≥ Dodge d20(1) + Dodge 2 (= 3) → miss (natural 1) [FRL-ATK-1]']);
    const u = table({ foe: { modifiers: { dodge: 5 } } });
    // d20 20 + 3 = 23 < 20 + 5 = 25, but a natural 20; 1d8 2 + 2 − 2 = 2 → 13
    const ev = u.dice(20, 20, 2).do(atk);
    expect(u.checks(ev)[0]).toBe('d20(20) + Dexterity 3 = 23 < Dodge d20(20) + Dodge 5 (= 25) → hit (natural 20) [FRL-ATK-1]');
    expect(u.hp('foe')).toBe(13);
  });

  it('FRL-ATK-1 (ruling): the Dodge modifier defaults to the Dexterity modifier', () => {
    const t = table({ foe: { modifiers: { dexterity: 4 } } });
    // no dodge given: Dodge = Dexterity 4. d20 10 + 3 = 13 < 10 + 4 = 14 → miss
    expect(t.checks(t.dice(10, 10).do(atk))).toEqual(['d20(10) + Dexterity 3 = 13 < Dodge d20(10) + Dodge 4 (= 14) → miss [FRL-ATK-1]']);
  });
});

describe('frontline damage', () => {
  it('FRL-DMG-1: melee adds Might; a ranged weapon does not', () => {
    const t = table({ hero: { start: 'rearguard', equipped: 'pistol' } });
    // pistol (1d6 energy, short) from the allies' rearguard to the frontline: d20 15 + 3 = 18 ≥ 3 + 2 = 5 → hit
    // 1d6 4 − Defense 2 = 2 (no Might) → 13
    const ev = t.dice(15, 3, 4).do(atk);
    expect(t.checks(ev)[1]).toBe('1d6(4) − Defense 2 = 2 → 2 damage [FRL-DMG-3, FRL-DMG-4]');
    expect(t.hp('foe')).toBe(13);
  });

  it('FRL-DMG-3: Defense reduces damage to 0 at the least, never below', () => {
    const t = table({ foe: { defense: 10 } });
    // hit; 1d8 3 + 2 − 10 = −5 → floored at 0: the Raider keeps 15
    const ev = t.dice(15, 3, 3).do(atk);
    expect(t.checks(ev)[1]).toBe('1d8(3) + Might 2 − Defense 10 → floored at 0 = 0 → 0 damage [FRL-DMG-1, FRL-DMG-3, FRL-DMG-4]');
    expect(t.hp('foe')).toBe(15);
  });

  it('FRL-DMG-3 (ruling): an effect can lower Defense to 0 but never below — Defense never adds damage', () => {
    const shred = { id: 'shred', name: 'Armour Shredder', target: 'enemy', effect: { name: 'Shredded', rounds: 2, modifiers: { defense: -5 } } };
    const t = table({ doc: { content: { ...content, gadgets: [shred] } }, hero: { gadgets: ['shred'] } });
    // the Raider's Defense 2 − 5 = −3: it counts as 0, not as +3 damage
    t.do({ type: 'gadget', actor: 'hero', gadget: 'shred', target: 'foe' });
    t.passUntil('hero'); // Ria's turn in round 2: Shredded counts 2 → 1 and still holds
    expect(t.state.effects.map((f) => [f.name, f.remaining])).toEqual([['Shredded', 1]]);
    // d20 15 + 3 = 18 ≥ 3 + 2 = 5 → hit; 1d8 5 + Might 2 − Defense 0 = 7 (not 5 + 2 + 3 = 10) → 15 − 7 = 8
    const ev = t.dice(15, 3, 5).do(atk);
    expect(t.checks(ev)[1]).toBe('1d8(5) + Might 2 (Defense -3 counts as 0) = 7 → 7 damage [FRL-DMG-1, FRL-DMG-3, FRL-DMG-4]');
    expect(t.hp('foe')).toBe(8);
  });

  it('FRL-DMG-3 (ruling): the preview counts a lowered Defense as 0 too', () => {
    const shred = { id: 'shred', name: 'Armour Shredder', target: 'enemy', effect: { name: 'Shredded', rounds: 2, modifiers: { defense: -5 } } };
    const t = table({ doc: { content: { ...content, gadgets: [shred] } }, hero: { gadgets: ['shred'] } });
    t.do({ type: 'gadget', actor: 'hero', gadget: 'shred', target: 'foe' });
    t.passUntil('hero');
    // 1d8 + Might 2 − 0: 3..10, mean 6.5
    expect(t.preview(atk).damageOnHit).toEqual({ min: 3, max: 10, mean: 6.5 });
  });

  it('FRL-DMG-4: kinetic and energy are the damage types; the log names them', () => {
    const t = table({ hero: { start: 'rearguard', equipped: 'pistol' } });
    const ev = t.dice(15, 3, 4).do(atk);
    expect(t.lines(ev)).toContain('Ria → Raider: damage (Pistol, energy): 1d6(4) − Defense 2 = 2 → 2 damage [FRL-DMG-3, FRL-DMG-4]');
    expect(ev.find((e) => e.type === 'pool.changed')).toMatchObject({ damageType: 'energy', delta: -2 });
    expect(t.rejects({ type: 'x' })).toBe('command/unknown');
    const flamer = { id: 'flamer', name: 'Flamer', damage: '1d6', type: 'fire' };
    const bad = frontline.encounterSchema.safeParse(battle({ doc: { content: { ...content, weapons: [...content.weapons, flamer] } } }));
    expect(bad.success).toBe(false);
    expect(JSON.stringify(bad.error?.issues)).toMatch(/kinetic.*energy/);
  });
});

describe('frontline zones', () => {
  it('FRL-ZONE-1: three zones 20 m apart; each unit starts in the frontline or its own rearguard', () => {
    const t = new Table(frontline, battle({ hero: { start: 'rearguard' }, foe: { start: 'rearguard' }, extra: [{ id: 'kit', name: 'Kit', side: 'heroes', hp: 5 }] }));
    const map = t.state.map as ZoneMap;
    expect(map).toEqual({ kind: 'zones', zones: ['enemy_rearguard', 'frontline', 'allies_rearguard'], spacing: 20 });
    expect([t.unit('hero').zone, t.unit('foe').zone, t.unit('kit').zone]).toEqual(['allies_rearguard', 'enemy_rearguard', 'frontline']);
    expect(zoneDistance(map, 'allies_rearguard', 'frontline')).toBe(20);
    expect(zoneDistance(map, 'allies_rearguard', 'enemy_rearguard')).toBe(40);
  });

  // which of the four placings allow an attack: [both frontline, Ria front → enemy rear, Ria rear → front, rear → rear]
  const placings = [['frontline', 'frontline'], ['frontline', 'rearguard'], ['rearguard', 'frontline'], ['rearguard', 'rearguard']] as const;
  function reachable(weapon: string): boolean[] {
    return placings.map(([h, f]) => {
      const t = table({ hero: { start: h, equipped: weapon }, foe: { start: f } });
      const listed = t.engine.legalActions(t.state, 'hero').some((o) => o.command.type === 'attack');
      if (!listed) expect(t.rejects(atk)).toBe('action/out_of_range');
      return listed;
    });
  }

  it('FRL-ZONE-2: melee weapons only within the same zone', () => {
    expect(reachable('sword')).toEqual([true, false, false, false]);
  });

  it('FRL-ZONE-3: short-ranged weapons from a rearguard to the frontline, or from the frontline to the enemy rearguard — never the same zone', () => {
    expect(reachable('pistol')).toEqual([false, true, true, false]);
  });

  it('FRL-ZONE-4: long-ranged weapons rearguard to rearguard, and (ruling) the shorter reach too, never the same zone', () => {
    expect(reachable('rifle')).toEqual([false, true, true, true]);
    const t = table({ hero: { start: 'frontline', equipped: 'rifle' } });
    expect(t.rejects(atk)).toBe('action/out_of_range');
  });
  it('FRL-INIT-1, FRL-ATK-1, FRL-ACT-2, FRL-ACT-5: the order a command draws its dice, each die named (docs/rulesets/frontline.md)', () => {
    const drawn = drawnDice;
    const brute = { id: 'brute', name: 'Brute', side: 'raiders', start: 'frontline', hp: 12, defense: 0, modifiers: { personality: -10 }, weapons: ['claws'] };
    const t = new Table(frontline, battle({ extra: [brute] }));
    expect(drawn(t.start(10, 12, 1))).toEqual(['initiative Ria d20', 'initiative Raider d20', 'initiative Brute d20']);
    // the attacker's d20, the target's Dodge d20, then — only on a hit — the damage dice (15 + 3 = 18 ≥ 2 + 2 = 4)
    expect(drawn(t.dice(15, 2, 4).do(atk))).toEqual(['attack roll d20', 'Dodge roll Raider d20', 'damage roll: 1d8 d8']);
    const miss = new Table(frontline, battle());
    miss.start(...EVEN_START);
    expect(drawn(miss.dice(1, 20).do(atk))).toEqual(['attack roll d20', 'Dodge roll Raider d20']); // a natural 1: no damage dice
    // a device on a zone rolls its damage once, for every target in it (the frontline holds the Raider and the Brute)
    const g = new Table(frontline, battle({ hero: { start: 'rearguard' }, extra: [brute] }));
    g.start(10, 12, 1);
    expect(drawn(g.dice(3, 4).do({ type: 'gadget', actor: 'hero', gadget: 'grenade', zone: 'frontline' }))).toEqual(['Frag Grenade damage: 2d6 d6', 'Frag Grenade damage: 2d6 d6']);
    // fleeing: one d20 + Might against every enemy's Evasion
    const f = new Table(frontline, battle());
    f.start(...EVEN_START);
    expect(drawn(f.dice(20).do({ type: 'flee', actor: 'hero' }))).toEqual(['flee d20']);
  });
});
