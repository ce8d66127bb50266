// Initiative and the ambush round, with scripted dice and hand-worked numbers.
import { describe, expect, it } from 'vitest';
import { Table } from '../testing.ts';
import { battle, EVEN_START } from './fixtures.ts';
import { frontline } from './index.ts';

const order = (t: Table) => t.state.turn.order.map((s) => `${s.unit} ${s.initiative}`);
const boss = { id: 'boss', name: 'Raider Boss', side: 'raiders', start: 'rearguard', hp: 20, modifiers: { personality: 3 }, weapons: ['rifle'] };
const kit = { id: 'kit', name: 'Kit', side: 'heroes', start: 'rearguard', hp: 12, modifiers: { personality: -1 }, weapons: ['pistol'] };

describe('frontline initiative', () => {
  it('FRL-INIT-1: by default each character rolls 1d20 + Personality; highest first, ties to the characters', () => {
    const t = new Table(frontline, battle());
    // Ria d20 10 + 2 = 12; Raider d20 12 + 0 = 12: tied, the character goes first
    const ev = t.start(...EVEN_START);
    expect(t.checks(ev)).toEqual(['d20(10) + Personality 2 = 12 [FRL-INIT-1]', 'd20(12) + Personality 0 = 12 [FRL-INIT-1]']);
    expect(order(t)).toEqual(['hero 12', 'foe 12']);
    expect(t.active).toBe('hero');
    expect(t.state.data.ambush).toBeUndefined();
    // no die breaks the tie, and the log says so
    expect(t.lines(ev)).toContain('Initiative tie at 12: Ria, Raider — characters before enemies, then the order of the file, no roll [FRL-INIT-1]');
  });

  it('FRL-INIT-1: per character, three units: 7, 12 and 4', () => {
    const t = new Table(frontline, battle({ extra: [boss] }));
    // Ria 5 + 2 = 7, Raider 12 + 0 = 12, Boss 1 + 3 = 4 → Raider, Ria, Boss; Ria sits between the two: no ambush
    t.start(5, 12, 1);
    expect(order(t)).toEqual(['foe 12', 'hero 7', 'boss 4']);
    expect(t.active).toBe('foe');
    expect(t.state.data.ambush).toBeUndefined();
  });

  it('FRL-INIT-1 (ruling): initiative is rolled once, at the start; every round keeps that order without new dice', () => {
    const t = new Table(frontline, battle({ extra: [boss] }));
    t.start(5, 12, 1); // Raider 12, Ria 7, Boss 4
    t.passUntil('boss');
    t.do({ type: 'end_turn', actor: 'boss' }); // round 1 ends; no die is scripted for round 2, and none is wanted
    expect(t.state.turn.round).toBe(2);
    expect(order(t)).toEqual(['foe 12', 'hero 7', 'boss 4']);
    expect(t.unusedDice).toEqual([]);
  });

  it('FRL-INIT-1: with `initiative: group` (the GM\'s choice) each side rolls one d20 and each member adds its own Personality', () => {
    const t = new Table(frontline, battle({ extra: [kit, boss], doc: { initiative: 'group' } }));
    // heroes roll 8: Ria 8 + 2 = 10, Kit 8 − 1 = 7; raiders roll 6: Raider 6 + 0 = 6, Boss 6 + 3 = 9
    const ev = t.start(8, 6);
    expect(t.checks(ev)).toEqual([
      'd20(8) + Personality 2 = 10 [FRL-INIT-1]',
      'd20(8) − Personality 1 = 7 [FRL-INIT-1]',
      'd20(6) + Personality 0 = 6 [FRL-INIT-1]',
      'd20(6) + Personality 3 = 9 [FRL-INIT-1]',
    ]);
    expect(t.lines(ev).filter((l) => l.includes('as a group'))).toEqual(['heroes roll initiative as a group: d20 (8) [FRL-INIT-1]', 'raiders roll initiative as a group: d20 (6) [FRL-INIT-1]']);
    // Kit (7) is below the Boss (9): the sides overlap, no ambush
    expect(order(t)).toEqual(['hero 10', 'boss 9', 'kit 7', 'foe 6']);
    expect(t.state.data.ambush).toBeUndefined();
    expect(t.unusedDice).toEqual([]);
  });
});

describe('frontline ambush round', () => {
  it('FRL-INIT-2: every character beats every enemy → round 1 is an extra ambush round in which the enemies are skipped', () => {
    const t = new Table(frontline, battle({ extra: [kit, boss] }));
    // Ria 15 + 2 = 17, Raider 5 + 0 = 5, Kit 14 − 1 = 13, Boss 6 + 3 = 9: lowest character 13 > highest enemy 9
    const ev = t.start(15, 5, 14, 6);
    expect(order(t)).toEqual(['hero 17', 'kit 13', 'boss 9', 'foe 5']);
    expect(t.state.data.ambush).toEqual({ round: 1, ambushed: 'raiders' });
    expect(t.lines(ev)).toContain('Ambush! Every initiative of heroes is higher than every one of raiders: round 1 is an extra ambush round in which raiders cannot act [FRL-INIT-2]');
    expect(t.lines(ev)).toContain('— Round 1: the ambush round (raiders cannot act) [FRL-INIT-2] —');
    expect(t.active).toBe('hero');
    t.do({ type: 'end_turn', actor: 'hero' });
    expect(t.active).toBe('kit');
    // Kit ends its turn: the Boss and the Raider are skipped, round 2 (the first ordinary round) begins with Ria
    const rest = t.do({ type: 'end_turn', actor: 'kit' });
    expect(t.lines(rest)).toEqual(expect.arrayContaining(['Raider Boss cannot act (ambushed [FRL-INIT-2])', 'Raider cannot act (ambushed [FRL-INIT-2])', '— Round 2 —']));
    expect(t.state.turn.round).toBe(2);
    expect(t.active).toBe('hero');
    t.passUntil('boss'); // in round 2 the enemies act
    expect(t.state.turn.round).toBe(2);
  });

  it('FRL-INIT-2: the reverse — every enemy beats every character → the characters cannot act in round 1', () => {
    const t = new Table(frontline, battle());
    // Ria 2 + 2 = 4, Raider 15 + 0 = 15
    t.start(2, 15);
    expect(t.state.data.ambush).toEqual({ round: 1, ambushed: 'heroes' });
    expect(t.active).toBe('foe');
    expect(t.rejects({ type: 'move', actor: 'hero', to: 'rearguard' })).toBe('turn/not_your_turn');
    const ev = t.do({ type: 'end_turn', actor: 'foe' });
    expect(t.lines(ev)).toContain('Ria cannot act (ambushed [FRL-INIT-2])');
    // round 2: the Raider again, then Ria at last
    expect(t.state.turn.round).toBe(2);
    expect(t.active).toBe('foe');
    t.do({ type: 'end_turn', actor: 'foe' });
    expect(t.active).toBe('hero');
  });

  it('FRL-INIT-2: an initiative tie between the sides is no ambush ("higher", not "equal")', () => {
    const t = new Table(frontline, battle());
    t.start(...EVEN_START); // 12 against 12
    expect(t.state.data.ambush).toBeUndefined();
    t.do({ type: 'end_turn', actor: 'hero' });
    expect(t.active).toBe('foe');
    expect(t.state.turn.round).toBe(1);
  });
});
