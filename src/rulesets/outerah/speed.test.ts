// The Speed check, ties, and the shape of a turn.
import { describe, expect, it } from 'vitest';
import { Table } from '../testing.ts';
import { duel } from './fixtures.ts';
import { outerah } from './index.ts';

const order = (t: Table) => t.state.turn.order.map((s) => s.unit + (s.kind && s.kind !== 'normal' ? `:${s.kind}` : ''));

describe('outerah Speed check (OUT-INIT-1, OUT-INIT-2)', () => {
  it('OUT-INIT-1: class base Speed + 1 per full 20 Agility + 1d12, highest first', () => {
    // Hero: Nightblade 6 + ⌊20/20⌋ 1 + d12 5 = 12; Foe: Sorcerer 2 + 1 + d12 1 = 4
    const t = new Table(outerah, duel({ hero: { stats: { agility: 59 } } }));
    const ev = t.start(5, 1); // Agility 59 → ⌊59/20⌋ = 2: 6 + 2 + 5 = 13
    expect(t.checks(ev)).toEqual([
      'Nightblade base 6 + Agility 59 ÷ 20 2 + d12(5) = 13 [OUT-INIT-1]',
      'Sorcerer base 2 + Agility 20 ÷ 20 1 + d12(1) = 4 [OUT-INIT-1]',
    ]);
    expect(order(t)).toEqual(['hero', 'foe']);
    expect(t.active).toBe('hero');
  });

  it('OUT-INIT-1, OUT-MNT-1, OUT-PET-1: a mount or a controlled pet rolls its Speed die, and the log says why', () => {
    // Hero rides the Horse (hunter 5 + 0 + d12 2 = 7) and commands the Wolf (hunter 5 + 1 + d12 3 = 9)
    const horse = { id: 'horse', name: 'Horse', side: 'heroes', class: 'hunter', at: [2, 2], hp: 30 };
    const wolf = { id: 'wolf', name: 'Wolf', side: 'heroes', class: 'hunter', at: [4, 2], hp: 20, stats: { agility: 20 }, pet: { trainer: 'hero', kind: 'tamed' } };
    const t = new Table(outerah, duel({ hero: { stats: { strength: 20, vitality: 20, agility: 20, charisma: 30, wisdom: 40 }, mount: { unit: 'horse' } }, extra: [horse, wolf] }));
    const ev = t.start(5, 1, 2, 3);
    expect(t.checks(ev).slice(2, 4)).toEqual([
      "Hunter base 5 + Agility 10 ÷ 20 0 + d12(2) = 7 → a mount takes no turns (it moves only with Hero); its place keeps its effects' time should Hero fall [OUT-INIT-1, OUT-MNT-1]",
      "Hunter base 5 + Agility 20 ÷ 20 1 + d12(3) = 9 → a pet acts on Hero's orders; it takes its own turn in this place should Hero fall [OUT-INIT-1, OUT-PET-1]",
    ]);
  });

  it('OUT-INIT-1: a Nightblade is faster than a Sorcerer; a file overrides the class table', () => {
    // same d12: Nightblade 6 + 1 + 6 = 13 beats Sorcerer 2 + 1 + 6 = 9
    const t = new Table(outerah, duel());
    t.start(6, 6);
    expect(t.state.turn.order.map((s) => s.initiative)).toEqual([13, 9]);
    // the GM makes Sorcerers base 10: 10 + 1 + 6 = 17 now beats 13
    const u = new Table(outerah, duel({ doc: { classes: { sorcerer: { speed: 10 } } } }));
    u.start(6, 6);
    expect(order(u)).toEqual(['foe', 'hero']);
    expect(u.state.turn.order[0].initiative).toBe(17);
  });

  it('OUT-INIT-2: a tie is broken by a seeded coin flip (a d2, recorded)', () => {
    // both Nightblades: 6 + 1 + 5 = 12 each; the coin d2 shows 2 → the second listed (Foe) goes first
    const t = new Table(outerah, duel({ foe: { class: 'nightblade' } }));
    const ev = t.start(5, 5, 2);
    expect(t.lines(ev)).toContain('Speed tie at 12 between Foe, Hero: d2(2) → Foe first [OUT-INIT-2]');
    expect(order(t)).toEqual(['foe', 'hero']);
    expect(t.unusedDice).toEqual([]);
    const u = new Table(outerah, duel({ foe: { class: 'nightblade' } }));
    u.start(5, 5, 1); // 1 → the first listed
    expect(order(u)).toEqual(['hero', 'foe']);
  });

  it('OUT-INIT-2: three tied units: a d3 picks the first, then a d2 among the other two', () => {
    const sage = { id: 'sage', name: 'Sage', side: 'heroes', class: 'nightblade', at: [0, 0], hp: 20 };
    const t = new Table(outerah, duel({ foe: { class: 'nightblade' }, extra: [sage] }));
    // Sage has Agility 10: 6 + 0 + d12(4) = 10, not tied: only Hero and Foe tie at 12 → one d2 (2: Foe)
    t.start(5, 5, 4, 2);
    expect(order(t)).toEqual(['foe', 'hero', 'sage']);
    const v = new Table(outerah, duel({ foe: { class: 'nightblade' }, extra: [{ ...sage, stats: { agility: 20 } }] }));
    const ev = v.start(5, 5, 5, 3, 1); // all 12: d3 = 3 → Sage first; then d2 = 1 → Hero, then Foe
    expect(order(v)).toEqual(['sage', 'hero', 'foe']);
    expect(v.lines(ev).filter((l) => l.includes('[OUT-INIT-2]'))).toHaveLength(2);
    expect(v.unusedDice).toEqual([]);
  });

  it('OUT-INIT-2: with `ties: gm` the GM decides through a pending decision', () => {
    const t = new Table(outerah, duel({ foe: { class: 'nightblade' }, doc: { settings: { ties: 'gm' } } }));
    t.start(5, 5);
    const p = t.state.pending[0];
    expect(p).toMatchObject({ kind: 'speed_tie', answeredBy: 'gm', options: ['hero', 'foe'] });
    expect(t.rejects({ type: 'end_turn', actor: 'hero' })).toBe('turn/awaiting_decision');
    const ev = t.do({ type: 'answer', pending: p.id, choice: 'foe' });
    expect(ev.some((e) => e.type === 'turn.order' && e.why.includes('the GM breaks the Speed tie'))).toBe(true);
    expect(order(t)).toEqual(['foe', 'hero']);
    expect(t.active).toBe('foe');
    expect(t.unit('foe').pools.primary.value).toBe(1);
    t.do({ type: 'end_turn', actor: 'foe' });
    expect(t.active).toBe('hero');
  });
});

describe('outerah turns (OUT-TURN-1, OUT-TURN-2, OUT-TIME-1)', () => {
  it('OUT-TURN-1: a turn offers Movement, Primary, Secondary, Chat; Specialty only for trainers', () => {
    const t = new Table(outerah, duel({ hero: { weapons: ['sword', 'dagger'], move: 4 }, foe: { trainer: true, hp: 200 } }));
    t.start(5, 1);
    const pools = t.unit('hero').pools;
    expect([pools.movement.value, pools.primary.value, pools.secondary.value, pools.chat.value, pools.specialty]).toEqual([4, 1, 1, 1, undefined]);
    // sword (mainhand) uses the Primary action; a second one is refused; the offhand dagger uses the Secondary
    t.dice(50, 30, 1).do({ type: 'attack', actor: 'hero', target: 'foe', weapon: 'sword' });
    expect(t.rejects({ type: 'attack', actor: 'hero', target: 'foe', weapon: 'sword' })).toBe('action/slot_used');
    t.dice(50, 30, 1).do({ type: 'attack', actor: 'hero', target: 'foe', weapon: 'dagger' });
    expect(t.unit('hero').pools.secondary.value).toBe(0);
    const chat = t.do({ type: 'chat', actor: 'hero', text: 'Yield!' });
    expect(t.lines(chat)).toContain('Hero: "Yield!" [OUT-TURN-1]');
    expect(t.rejects({ type: 'chat', actor: 'hero', text: 'Again' })).toBe('action/slot_used');
    t.do({ type: 'move', actor: 'hero', to: [2, 6] });
    expect(t.unit('hero').pools.movement.value).toBe(0);
    t.do({ type: 'end_turn', actor: 'hero' });
    expect(t.unit('foe').pools.specialty).toEqual({ value: 1, max: 1 }); // the trainer's Specialty slot (pets: part 2)
    expect(t.unusedDice).toEqual([]);
  });

  it('OUT-TURN-2: at the end of its turn the unit chooses a facing', () => {
    const t = new Table(outerah, duel());
    t.start(5, 1);
    expect(t.rejects({ type: 'end_turn', actor: 'hero', facing: 'UP' })).toBe('command/bad_facing');
    const ev = t.do({ type: 'end_turn', actor: 'hero', facing: 'S' });
    expect(ev.find((e) => e.type === 'unit.faced')).toMatchObject({ unit: 'hero', facing: 'S' });
    expect(t.unit('hero').facing).toBe('S');
    t.do({ type: 'end_turn', actor: 'foe' }); // no facing given: it keeps W
    expect(t.unit('foe').facing).toBe('W');
  });

  it('OUT-TIME-1: six rounds are a minute: Wounds ("1 minute") end after the 6th round', () => {
    // Hero (level 1) slashes Foe in round 1; Wounds tick 1 at the end of each of Foe's turns, rounds 1..6
    const t = new Table(outerah, duel());
    t.start(5, 1);
    t.dice(50, 30, 1).do({ type: 'attack', actor: 'hero', target: 'foe', weapon: 'sword' }); // 1 + 20 − 2 = 19 → 11
    for (let r = 1; r <= 6; r++) {
      expect(t.state.effects.map((f) => f.name)).toContain('Wounds');
      t.do({ type: 'end_turn', actor: 'hero' });
      t.do({ type: 'end_turn', actor: 'foe' });
    }
    expect(t.hp('foe')).toBe(11 - 6);
    expect(t.state.effects.map((f) => f.name)).not.toContain('Wounds'); // the minute is up (it became Bleeding: OUT-WPN-3)
  });
});
