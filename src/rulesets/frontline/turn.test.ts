// A turn: Minor actions (Equip) first, then one Major action that ends it; moving between zones.
import { describe, expect, it } from 'vitest';
import type { Command } from '../../engine/index.ts';
import { Table } from '../testing.ts';
import { battle, EVEN_START } from './fixtures.ts';
import { frontline } from './index.ts';

function table(over: Parameters<typeof battle>[0] = {}) {
  const t = new Table(frontline, battle(over));
  t.start(...EVEN_START); // Ria 12, Raider 12: Ria first
  return t;
}

describe('frontline turns', () => {
  it('FRL-ACT-1, FRL-ACT-3: any number of Minor actions (Equip), then the Major action ends the turn; no Minor after it', () => {
    const t = table();
    t.do({ type: 'equip', actor: 'hero', weapon: 'pistol' });
    t.do({ type: 'equip', actor: 'hero', weapon: 'rifle' });
    t.do({ type: 'equip', actor: 'hero', weapon: 'sword' });
    expect(t.active).toBe('hero'); // three Minor actions, still Ria's turn
    t.dice(8, 10).do({ type: 'attack', actor: 'hero', target: 'foe' }); // the Major action (a miss: 11 < 12)
    expect(t.active).toBe('foe');
    expect(t.rejects({ type: 'equip', actor: 'hero', weapon: 'pistol' })).toBe('turn/not_your_turn');
  });

  it('FRL-ACT-1: every Major action — Attack, Gadget, Stream, Move, Flee — ends the turn', () => {
    const majors: [Command, number[]][] = [
      [{ type: 'attack', actor: 'hero', target: 'foe' }, [8, 10]],
      [{ type: 'gadget', actor: 'hero', gadget: 'shield', target: 'hero' }, []],
      [{ type: 'stream', actor: 'hero', stream: 'spark', target: 'foe' }, [2, 19]],
      [{ type: 'move', actor: 'hero', to: 'rearguard' }, []],
      [{ type: 'flee', actor: 'hero' }, [2]],
    ];
    for (const [cmd, dice] of majors) {
      const t = table({ foe: { start: cmd.type === 'stream' ? 'rearguard' : 'frontline' } });
      t.dice(...dice).do(cmd);
      expect(t.active, cmd.type).toBe('foe');
      expect(t.unusedDice).toEqual([]);
    }
  });

  it('FRL-ACT-3: Equip changes the weapon in hand; attacks use only that one', () => {
    const t = table();
    expect(t.unit('hero').data.equipped).toBe('sword');
    const ev = t.do({ type: 'equip', actor: 'hero', weapon: 'pistol' });
    expect(t.lines(ev)).toContain('Ria equips Pistol (Minor action) [FRL-ACT-3]');
    expect(t.unit('hero').data.equipped).toBe('pistol');
    expect(t.rejects({ type: 'equip', actor: 'hero', weapon: 'pistol' })).toBe('action/already_equipped');
    expect(t.rejects({ type: 'equip', actor: 'hero', weapon: 'claws' })).toBe('action/unknown_weapon');
    // the sword is no longer in hand
    expect(t.rejects({ type: 'attack', actor: 'hero', target: 'foe', weapon: 'sword' })).toBe('action/not_equipped');
    // and the pistol (short range) does not reach the same zone
    expect(t.rejects({ type: 'attack', actor: 'hero', target: 'foe' })).toBe('action/out_of_range');
  });

  it('FRL-ACT-4: Move (Major) goes 20 m between the frontline and the unit\'s own rearguard', () => {
    const t = table();
    expect(t.rejects({ type: 'move', actor: 'hero', to: 'frontline' })).toBe('action/already_there');
    expect(t.rejects({ type: 'move', actor: 'hero', to: 'enemy_rearguard' })).toBe('command/bad_zone');
    const ev = t.do({ type: 'move', actor: 'hero', to: 'rearguard' });
    expect(ev.find((e) => e.type === 'unit.zone')).toMatchObject({ unit: 'hero', from: 'frontline', to: 'allies_rearguard' });
    // one line declares the action, the next gives the way and its 20 m
    expect(t.lines(ev).slice(0, 2)).toEqual(['Ria moves to the rearguard (Major action: it ends the turn) [FRL-ACT-4, FRL-ACT-1]', 'Ria: frontline → allies rearguard (20 m)']);
    // the Raider's own rearguard is the enemy rearguard
    t.do({ type: 'move', actor: 'foe', to: 'rearguard' });
    expect(t.unit('foe').zone).toBe('enemy_rearguard');
    t.do({ type: 'move', actor: 'hero', to: 'frontline' });
    expect(t.unit('hero').zone).toBe('frontline');
  });

  it('FRL-ACT-1: ending the turn without a Major action is allowed (the Major is "one", not "must")', () => {
    const t = table();
    t.do({ type: 'end_turn', actor: 'hero' });
    expect(t.active).toBe('foe');
  });
});
