// Attack Actions, actions per phase and movement, with scripted dice and hand-worked numbers.
import { describe, expect, it } from 'vitest';
import { createEngine, type Command, type GridMap } from '../../engine/index.ts';
import { reachable } from '../../engine/space/path.ts';
import { Table } from '../testing.ts';
import { duel } from './fixtures.ts';
import { phase20 } from './index.ts';

// Hero: General Skill +1, Combat +2, Strength +3, skilled with the sword (1d8). Goblin: DV 15, 12 HP.
// start(15, 1): Hero 15 + 2 = 17, Goblin 1 + 0 = 1 → Hero acts first.
const atk = { type: 'attack', actor: 'hero', target: 'foe', weapon: 'sword' };

describe('phase20 attacks', () => {
  it('P20-ATK-2: the hit check must be HIGHER than the Defensive Value — equal misses', () => {
    const t = new Table(phase20, duel());
    t.start(15, 1);
    // d20 12 + General Skill 1 + Combat 2 = 15, not > DV 15 → miss
    const events = t.dice(12).do(atk);
    expect(t.checks(events)).toEqual(['d20(12) + General Skill 1 + Combat 2 = 15 ≤ DV 15 → miss [P20-ATK-2]']);
    expect(t.hp('foe')).toBe(12);
  });

  it('P20-ATK-2, P20-ATK-3: a hit adds General Skill and Combat; damage adds the Scale Attribute when skilled', () => {
    const t = new Table(phase20, duel());
    t.start(15, 1);
    // d20 13 + 1 + 2 = 16 > 15 → hit; 1d8 shows 5, + Scale (strength) 3 = 8 → 12 − 8 = 4
    const events = t.dice(13, 5).do(atk);
    expect(t.checks(events)).toEqual([
      'd20(13) + General Skill 1 + Combat 2 = 16 > DV 15 → hit [P20-ATK-2]',
      '1d8(5) + Scale (strength) 3 = 8 → 8 damage [P20-ATK-3]',
    ]);
    expect(t.hp('foe')).toBe(4);
  });

  it('P20-ATK-2, P20-ATK-3: unskilled with the weapon adds neither Combat nor Scale; class bonus always adds', () => {
    const t = new Table(phase20, duel({ hero: { skilled: { weapons: [], schools: [] }, classBonus: { attack: 2, spell: 0 } } }));
    t.start(15, 1);
    // d20 15 + 1 = 16 > 15 → hit; 1d8 (4) + Class bonus 2 = 6 → 12 − 6 = 6
    const events = t.dice(15, 4).do(atk);
    expect(t.checks(events)).toEqual(['d20(15) + General Skill 1 = 16 > DV 15 → hit [P20-ATK-2]', '1d8(4) + Class bonus 2 = 6 → 6 damage [P20-ATK-3]']);
    expect(t.hp('foe')).toBe(6);
  });

  it('P20-ATK-2, P20-ATK-3: "can add" is no choice — a negative modifier counts too, and damage stops at 0', () => {
    const t = new Table(phase20, duel({ hero: { modifiers: { initiative: 2, generalSkill: -1, combat: 2, strength: -2 } } }));
    t.start(15, 1);
    // d20 16 − 1 + 2 = 17 > DV 15 → hit; 1d8 (1) − 2 = −1 → at least 0: no damage
    const ev = t.dice(16, 1).do(atk);
    expect(t.checks(ev)).toEqual([
      'd20(16) − General Skill 1 + Combat 2 = 17 > DV 15 → hit [P20-ATK-2]',
      '1d8(1) − Scale (strength) 2 (−1: damage is at least 0) = 0 → 0 damage [P20-ATK-3]',
    ]);
    expect(t.hp('foe')).toBe(12);
  });

  it('P20-ATK-1: an Attack Action needs a physical weapon, and reaches 1 tile by default', () => {
    const wand = { id: 'wand', name: 'Wand', damage: '1d4', physical: false, magical: true };
    const t = new Table(phase20, duel({ hero: { weapons: [wand] } }));
    t.start(15, 1);
    expect(t.rejects({ type: 'attack', actor: 'hero', target: 'foe' })).toBe('action/no_weapon');
    const far = new Table(phase20, duel({ foe: { at: [3, 1] } }));
    far.start(15, 1);
    expect(far.rejects(atk)).toBe('action/out_of_range');
    expect(far.engine.legalActions(far.state, 'hero').some((o) => o.command.type === 'attack')).toBe(false);
  });

  it('P20-ACT-1: one default Action; a second attack is refused (the unit is in its Preparation Phase)', () => {
    const t = new Table(phase20, duel());
    t.start(15, 1);
    t.dice(1).do(atk);
    expect(t.rejects(atk)).toBe('turn/wrong_phase');
  });

  it('P20-ACT-1: an extra Attack action allows a second attack but nothing else; extra actions are spent first', () => {
    const t = new Table(phase20, duel({ hero: { actions: { default: 1, attack: 1, spell: 0 } } }));
    t.start(15, 1);
    t.dice(1).do(atk); // spends the attack-only action
    expect(t.unit('hero').pools.attackActions.value).toBe(0);
    expect(t.unit('hero').pools.actions.value).toBe(1);
    t.dice(1).do(atk); // spends the default action: every Action used, the Preparation Phase begins
    expect(t.rejects(atk)).toBe('turn/wrong_phase');
    const s = new Table(phase20, duel({ hero: { actions: { default: 0, attack: 0, spell: 1 } } }));
    s.start(15, 1);
    expect(s.rejects(atk)).toBe('action/no_actions_left'); // a Spell action cannot attack
    s.dice(1).do({ type: 'cast', actor: 'hero', spell: 'ignite', target: 'foe' }); // but can cast (d20 1 + 4 = 5 < 15: miss)
  });

  it('P20-ACT-1: a class follow-up grants one more attack after an attack, once per turn', () => {
    const t = new Table(phase20, duel({ hero: { followUps: [{ name: 'Twin Strike', after: 'attack', grants: 'attack' }] } }));
    t.start(15, 1);
    const first = t.dice(1).do(atk);
    expect(t.lines(first).some((l) => l.includes('Twin Strike: a follow-up attack action [P20-ACT-1]'))).toBe(true);
    expect(t.state.turn.phase).toBe('action'); // the follow-up is still owed: not every Action is used up
    t.dice(1).do(atk);
    expect(t.rejects(atk)).toBe('turn/wrong_phase');
  });

  it('P20-ACT-2: moving freely up to the walking speed, around other units', () => {
    const t = new Table(phase20, duel());
    t.start(15, 1);
    // speed 4: (1,1) → (5,1) costs 4 even though the Goblin stands on (2,1): the path steps around it diagonally
    const ev = t.do({ type: 'move', actor: 'hero', to: [5, 1] });
    const moved = ev.find((e) => e.type === 'unit.moved')!;
    expect(moved).toMatchObject({ cost: 4, to: { x: 5, y: 1 } });
    expect(t.unit('hero').pools.movement.value).toBe(0);
    expect(t.rejects({ type: 'move', actor: 'hero', to: [5, 2] })).toBe('action/out_of_range');
    const u = new Table(phase20, duel());
    u.start(15, 1);
    expect(u.rejects({ type: 'move', actor: 'hero', to: [6, 1] })).toBe('action/out_of_range');
    expect(u.rejects({ type: 'move', actor: 'hero', to: [2, 1] })).toBe('action/out_of_range'); // occupied
  });

  it('P20-ACT-2: kept searches are never stale — the board changing on the same map object gives a new search', () => {
    // as the simulator plays: in place, so the map object stays the same from command to command
    const engine = createEngine(phase20);
    const state = engine.replay(engine.create(phase20.encounterSchema.parse(duel())));
    const faces = [15, 1];
    const dice = { roll: () => faces.shift() ?? 1 };
    const run = (cmd: Command) => {
      const d = engine.decide(state, cmd, dice, { inPlace: true });
      if (!d.ok) throw new Error(d.rejection.message);
    };
    const moves = () => engine.legalActions(state, 'hero').filter((o) => o.command.type === 'move').map((o) => String(o.command.to)).sort();
    run({ type: 'start' });
    const open = moves();
    expect(moves()).toEqual(open); // asked again: the kept search
    expect(open).toContain('1,2');
    // the GM puts the Goblin beside the Hero: (1,2) is blocked now, the rest is searched afresh
    run({ type: 'gm.move', unit: 'foe', to: [1, 2], reason: 'test' });
    const fresh = reachable(state.map as GridMap, { x: 1, y: 1 }, 4, { occupied: (c) => c.x === 1 && c.y === 2 });
    const expected = [...fresh].filter(([, r]) => r.cost > 0).map(([k]) => k).sort();
    expect(moves()).toEqual(expected);
    expect(moves()).not.toContain('1,2');
    // a step: less movement left, fewer cells
    run({ type: 'move', actor: 'hero', to: [1, 0] });
    expect(moves().length).toBeLessThan(expected.length);
  });

  it('rejections: out of turn, unknown command, unknown target — and nothing changes', () => {
    const t = new Table(phase20, duel());
    t.start(15, 1);
    expect(t.rejects({ type: 'attack', actor: 'foe', target: 'hero', weapon: 'sword' })).toBe('turn/not_your_turn');
    expect(t.rejects({ type: 'teleport', actor: 'hero' })).toBe('command/unknown');
    expect(t.rejects({ type: 'attack', actor: 'hero', target: 'nobody' })).toBe('unit/unknown');
  });

  it('preview: exact hit chance and damage distribution of an attack', () => {
    const t = new Table(phase20, duel());
    t.start(15, 1);
    // needs d20 + 3 > 15 → 13..20: 8 faces of 20 = 0.4; damage 1d8 + 3 → 4..11, mean 7.5; expected 0.4 × 7.5 = 3
    const p = t.preview(atk);
    expect(p.chance).toBeCloseTo(0.4, 12);
    expect(p.damageOnHit).toEqual({ min: 4, max: 11, mean: 7.5 });
    expect(p.expectedDamage).toBeCloseTo(3, 12);
  });
});
