// Side effects (D60-EFF-1) and the other effects (D60-EFF-2), each shown working.
import { describe, expect, it } from 'vitest';
import { Table } from '../testing.ts';
import { duel, foeStats } from './fixtures.ts';
import { duel60 } from './index.ts';

// The Hero (Speed 30) acts first and lays a hex on the Brute: d60 60 + 20 = 80 vs 1 + 10 = 11 always lands.
const hex = (name: string) => ({ type: 'cast', actor: 'hero', ability: `hex-${name}`, target: 'foe' });
function hexed(name: string, over: Parameters<typeof duel>[0] = {}) {
  const t = new Table(duel60, duel({ ...over, hero: { abilities: [`hex-${name}`], ...over.hero }, foe: { abilities: ['bolt', 'purge', 'awaken'], weapons: ['knife'], ...over.foe } }));
  t.start();
  t.dice(60, 1).do(hex(name));
  t.do({ type: 'end_turn', actor: 'hero' });
  return t;
}
const effects = (t: Table) => t.state.effects.map((f) => `${f.name}@${f.target}:${f.remaining}`);

describe('duel60 side effects', () => {
  it('D60-EFF-1: Silence — no casting (action/silenced); other actions are fine', () => {
    const t = hexed('Silence');
    expect(t.rejects({ type: 'cast', actor: 'foe', ability: 'bolt', target: 'hero' })).toBe('action/silenced');
    expect(t.engine.legalActions(t.state, 'foe').some((o) => o.command.type === 'cast' && o.command.ability === 'bolt')).toBe(false);
    t.dice(1, 60).do({ type: 'attack', actor: 'foe', target: 'hero', limbs: ['right_hand'] });
  });

  it('D60-EFF-1: Paralyze — no action, but the movement is still there', () => {
    const t = hexed('Paralyze');
    expect(t.rejects({ type: 'attack', actor: 'foe', target: 'hero', limbs: ['right_hand'] })).toBe('action/paralyzed');
    t.do({ type: 'move', actor: 'foe', to: [2, 3] });
  });

  it('D60-EFF-1: Stun — the turn is lost and the unit is helpless (cannot dodge)', () => {
    const t = hexed('Stun');
    expect(t.active).toBe('hero'); // the Brute's turn was skipped
    expect(t.lines().some((l) => l === 'Brute cannot act (stunned)')).toBe(true);
    const ev = t.dice(1).do({ type: 'attack', actor: 'hero', target: 'foe', limbs: ['right_hand'] });
    expect(t.checks(ev)[0]).toContain('nothing 0 (helpless: stunned)');
  });

  it('D60-EFF-1: Bleed — −2 health at the start of each of its turns', () => {
    const t = hexed('Bleed');
    expect(t.hp('foe')).toBe(28); // the Brute's turn began: 30 − 2
    t.do({ type: 'end_turn', actor: 'foe' });
    t.do({ type: 'end_turn', actor: 'hero' });
    expect(t.hp('foe')).toBe(26);
  });

  it('D60-EFF-1: Root — no moving (action/rooted); Slow — fewer tiles, at least 1', () => {
    const t = hexed('Root', { foe: { at: [6, 6] } });
    expect(t.rejects({ type: 'move', actor: 'foe', to: [6, 7] })).toBe('action/rooted');
    // Slow 2: Speed 20 → 5 tiles − 2 = 3
    const s = hexed('Slow', { foe: { at: [6, 6] } });
    expect(s.rejects({ type: 'move', actor: 'foe', to: [6, 2] })).toBe('action/out_of_range');
    s.do({ type: 'move', actor: 'foe', to: [6, 3] });
  });

  it('D60-EFF-1: Suppressed — no action and no movement: the turn is lost, but it can still dodge', () => {
    const t = hexed('Suppressed');
    expect(t.active).toBe('hero');
    const ev = t.dice(30, 30).do({ type: 'attack', actor: 'hero', target: 'foe', limbs: ['right_hand'] });
    expect(t.checks(ev)[0]).toContain('d60(30) + Agility 10');
  });

  it('D60-EFF-1: Delay — the action is spent now and happens at the start of the next turn', () => {
    const t = hexed('Delay');
    const ev = t.do({ type: 'attack', actor: 'foe', target: 'hero', limbs: ['right_hand'] });
    expect(t.lines(ev)).toContain('Brute is delayed: attack will happen at the start of its next turn [D60-EFF-1]');
    expect(t.checks(ev)).toEqual([]);
    t.do({ type: 'end_turn', actor: 'foe' });
    // the Brute's next turn begins with the punch: 40 + 10 = 50 vs 10 + 20 = 30 → margin 20, solid; 6 + (25 − 20: 0) = 6
    const next = t.dice(40, 10).do({ type: 'end_turn', actor: 'hero' });
    expect(t.lines(next)).toContain("Brute's delayed attack happens now [D60-EFF-1]");
    expect(t.hp('hero')).toBe(34);
    expect(t.unit('foe').pools.action.value).toBe(1); // its new turn's action is still there
  });

  it('D60-EFF-1: Drowning — rooted, −4 stamina and −2 health a turn', () => {
    const t = hexed('Drowning');
    expect(t.unit('foe').pools.stamina.value).toBe(4); // 8 − 4
    expect(t.hp('foe')).toBe(28);
    expect(t.rejects({ type: 'move', actor: 'foe', to: [2, 3] })).toBe('action/rooted');
  });

  it('D60-EFF-1: an effect lasts its turns of the target (counted at the end of each), re-applying replaces it', () => {
    const t = hexed('Root', { foe: { at: [6, 6] } });
    expect(effects(t)).toEqual(['Root@foe:2']);
    t.do({ type: 'end_turn', actor: 'foe' });
    expect(effects(t)).toEqual(['Root@foe:1']);
    t.dice(60, 1).do(hex('Root'));
    expect(effects(t)).toEqual(['Root@foe:2']);
  });
});

describe('duel60 other effects', () => {
  it('D60-EFF-1, D60-EFF-2: a paralyzed unit cannot cast its own Cleanse (it needs an ally)', () => {
    const t = new Table(duel60, duel({ hero: { abilities: ['hex-Root', 'hex-Paralyze'], perTurn: { actions: 2, movements: 1 } }, foe: { abilities: ['purge', 'awaken'], perTurn: { actions: 2, movements: 1 } } }));
    t.start();
    t.dice(60, 1).do({ type: 'cast', actor: 'hero', ability: 'hex-Root', target: 'foe' });
    t.dice(60, 1).do({ type: 'cast', actor: 'hero', ability: 'hex-Paralyze', target: 'foe' });
    t.do({ type: 'end_turn', actor: 'hero' });
    // paralyzed: it cannot act, so it cannot cast its cleanse itself
    expect(t.rejects({ type: 'cast', actor: 'foe', ability: 'purge', target: 'foe' })).toBe('action/paralyzed');
    expect(effects(t).sort()).toEqual(['Paralyze@foe:2', 'Root@foe:2']);
  });

  it('D60-EFF-2: Cleanse (general) and Hard Cleanse, cast by an ally', () => {
    const medic = { id: 'medic', name: 'Medic', side: 'brutes', at: [3, 1], stats: { ...foeStats, speed: 10 }, abilities: ['purge', 'awaken'], perTurn: { actions: 2, movements: 1 } };
    const t = new Table(duel60, duel({ hero: { abilities: ['hex-Root', 'hex-Stun'], perTurn: { actions: 2, movements: 1 } }, extra: [medic] }));
    t.start();
    t.dice(60, 1).do({ type: 'cast', actor: 'hero', ability: 'hex-Root', target: 'foe' });
    t.dice(60, 1).do({ type: 'cast', actor: 'hero', ability: 'hex-Stun', target: 'foe' });
    t.do({ type: 'end_turn', actor: 'hero' }); // the Brute is stunned: skipped
    expect(t.active).toBe('medic');
    const ev = t.do({ type: 'cast', actor: 'medic', ability: 'purge', target: 'foe' });
    expect(t.lines(ev)).toContain('Purge cleanses Brute: Root [D60-EFF-2]');
    expect(effects(t)).toEqual(['Stun@foe:1']);
    t.do({ type: 'cast', actor: 'medic', ability: 'awaken', target: 'foe' });
    expect(effects(t)).toEqual([]);
  });

  it('D60-EFF-2: Instant-Cast uses no action (once a turn)', () => {
    const t = new Table(duel60, duel({ hero: { abilities: ['blink'] } }));
    t.start();
    // Blink Jab: power 4 + 4 = 8 < Endurance 15 → 8 − 7 = 1 (solid: 40 vs 30)
    t.dice(40, 30).do({ type: 'cast', actor: 'hero', ability: 'blink', target: 'foe' });
    expect(t.unit('hero').pools.action.value).toBe(1);
    expect(t.hp('foe')).toBe(29);
    expect(t.rejects({ type: 'cast', actor: 'hero', ability: 'blink', target: 'foe' })).toBe('action/instant_used');
    t.dice(1, 60).do({ type: 'attack', actor: 'hero', target: 'foe', limbs: ['right_hand'] });
  });

  it('D60-EFF-2: 1st / 2nd / 3rd Initiative — bearers act before the rest, 1st first, whatever their Speed', () => {
    const init = (n: number) => ({ id: `i${n}`, name: `Opening ${n}`, target: 'self', stamina: 0, magic: false, initiative: n });
    const a = { id: 'a', name: 'A', side: 'heroes', at: [5, 5], stats: { ...foeStats, speed: 1 }, abilities: [init(3)] };
    const b = { id: 'b', name: 'B', side: 'brutes', at: [7, 7], stats: { ...foeStats, speed: 2 }, abilities: [init(1)] };
    const t = new Table(duel60, duel({ foe: { abilities: [init(2)] }, extra: [a, b] }));
    t.start();
    expect(t.state.turn.order.map((s) => s.unit)).toEqual(['b', 'foe', 'a', 'hero']);
  });

  it('D60-EFF-2: Pre-Emptive — prepared now, it goes off just before the next round, ahead of every turn', () => {
    const t = new Table(duel60, duel({ foe: { abilities: ['ward'] } }));
    t.start();
    t.do({ type: 'end_turn', actor: 'hero' });
    const ev = t.do({ type: 'cast', actor: 'foe', ability: 'ward', target: 'hero' });
    expect(t.lines(ev)).toContain("Brute prepares Warding Flash: Pre-Emptive, it goes off just before the next round [D60-EFF-2]");
    t.dice(40, 30);
    const round = t.do({ type: 'end_turn', actor: 'foe' });
    const lines = t.lines(round);
    // Warding Flash power 10 + 0 < Endurance 20: 10 − 10 = 0 — it lands before the Hero's turn starts
    expect(lines.indexOf("Pre-Emptive: Brute's Warding Flash goes off before the round [D60-EFF-2]")).toBeLessThan(lines.indexOf("Hero's turn"));
    expect(lines.indexOf('— Round 2 —')).toBeLessThan(lines.indexOf("Pre-Emptive: Brute's Warding Flash goes off before the round [D60-EFF-2]"));
  });

  it('D60-EFF-2: Vamp steals a value: 3 stamina from the target to the user', () => {
    const t = new Table(duel60, duel({ hero: { abilities: ['drain'], start: { stamina: 5 } } }));
    t.start();
    t.dice(40, 30).do({ type: 'cast', actor: 'hero', ability: 'drain', target: 'foe' });
    // 5 − 1 (cost) + 3 = 7; the Brute 8 − 3 = 5
    expect(t.unit('hero').pools.stamina.value).toBe(7);
    expect(t.unit('foe').pools.stamina.value).toBe(5);
  });

  it('D60-EFF-1, D60-BLK-1, D60-REST-1 (ruling): Root forbids moving, not raising a guard or resting', () => {
    // Block and Rest use the movement without going anywhere; the text even has a Block root the blocker (D60-PRJ-2)
    const t = hexed('Root');
    expect(t.rejects({ type: 'move', actor: 'foe', to: [2, 3] })).toBe('action/rooted');
    t.do({ type: 'block', actor: 'foe' });
    expect(t.unit('foe').data.blocking).toEqual({ weapon: null });
    const tired = hexed('Root', { foe: { start: { stamina: 4 } } });
    tired.do({ type: 'rest', actor: 'foe' });
    expect(tired.unit('foe').pools.stamina.value).toBe(6); // 4 + 2
  });

  it('D60-EFF-1, D60-BLK-1 (ruling): a stunned unit is helpless — its block drops', () => {
    // the Brute (Speed 40) blocks first; the Hero's hex lands: 60 + 20 = 80 vs 1 + 10 = 11
    const t = new Table(duel60, duel({ hero: { abilities: ['hex-Stun'] }, foe: { stats: { ...foeStats, speed: 40 } } }));
    t.start();
    t.do({ type: 'block', actor: 'foe' });
    t.do({ type: 'end_turn', actor: 'foe' });
    const ev = t.dice(60, 1).do(hex('Stun'));
    expect(t.lines(ev)).toContain('Brute is stunned: its block drops [D60-EFF-1]');
    expect(t.unit('foe').data.blocking).toBeNull();
  });

  it('D60-EFF-1, D60-PRJ-1 (ruling): a stunned thrower loses its turn, but its projectile flies on', () => {
    // Javelin speed 20 (2 tiles a turn) thrown from (1,1) at the Brute on (8,1); the Brute stuns the Hero
    const t = new Table(duel60, duel({ hero: { weapons: ['javelin'] }, foe: { at: [8, 1], abilities: ['hex-Stun'] } }));
    t.start();
    t.do({ type: 'throw', actor: 'hero', target: 'foe', weapon: 'javelin' });
    t.do({ type: 'end_turn', actor: 'hero' });
    const flown = () => (t.state.data.projectiles as { progress: number }[])[0].progress;
    expect(flown()).toBe(2); // (3,1)
    t.dice(60, 1).do({ type: 'cast', actor: 'foe', ability: 'hex-Stun', target: 'hero' }); // 70 vs 21
    const ev = t.do({ type: 'end_turn', actor: 'foe' });
    // round 2: the Hero's turn is skipped, and at its end the javelin moves 2 more tiles: (5,1)
    expect(t.lines(ev)).toContain('Hero cannot act (stunned)');
    expect(flown()).toBe(4);
    expect(t.active).toBe('foe');
  });
});
