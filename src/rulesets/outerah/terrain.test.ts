// Terrain: difficult ground, swimming and breath, mountains (OUT-TER-1..3).
import { describe, expect, it } from 'vitest';
import { Table } from '../testing.ts';
import { field } from './fixtures.ts';
import { outerah } from './index.ts';

const started = (t: Table) => (t.start(5, 1), t); // Hero 6+1+5 = 12 acts first, Foe 2+1+1 = 4
const moveLabel = (t: Table, x: number, y: number) => t.engine.legalActions(t.state, 'hero').find((o) => o.command.type === 'move' && `${o.command.to}` === `${x},${y}`)?.label;

describe('outerah terrain', () => {
  it('OUT-TER-1: difficult terrain halves Movement (each step into it costs 2); legalActions show the cost, preview the path', () => {
    // forest in columns 1–2: (0,0) → (1,0) 2 → (2,0) 2 → (3,0) 1 = 5 of Hero's 5 Movement; (4,0) would be 6
    const t = started(new Table(outerah, field([{ at: [1, 0], to: [2, 11], tags: ['difficult'] }])));
    expect(moveLabel(t, 3, 0)).toBe('Move to (3, 0) — 5 Movement');
    expect(moveLabel(t, 4, 0)).toBeUndefined();
    expect(t.preview({ type: 'move', actor: 'hero', to: [3, 0] }).notes).toEqual(['path: (0, 0) → (1, 0) → (2, 0) → (3, 0)', 'cost: 5 Movement of 5']);
    t.do({ type: 'move', actor: 'hero', to: [3, 0] });
    expect(t.unit('hero').position).toEqual({ x: 3, y: 0 });
    expect(t.unit('hero').pools.movement.value).toBe(0);
  });

  it('OUT-TER-1: difficult terrain halves Jump: Jump 2 climbs 2 levels from open ground, only 1 from a swamp', () => {
    const ledge = { at: [1, 0], elevation: 2 };
    const open = started(new Table(outerah, field([ledge], { hero: { jump: 2 } })));
    expect(moveLabel(open, 1, 0)).toBe('Move to (1, 0) — 1 Movement');
    // in a swamp Jump 2 halves to 1: no straight jump onto the 2-level ledge; the path climbs the 1-level
    // step (0,1) first: 2 (swamp) + 1 (ledge, open ground) = 3
    const swamp = started(new Table(outerah, field([{ at: [0, 0], to: [3, 3], tags: ['difficult'] }, ledge, { at: [0, 1], elevation: 1, tags: ['difficult'] }], { hero: { jump: 2 } })));
    expect(moveLabel(swamp, 1, 0)).toBe('Move to (1, 0) — 3 Movement');
    expect(swamp.preview({ type: 'move', actor: 'hero', to: [1, 0] }).notes?.[0]).toBe('path: (0, 0) → (0, 1) → (1, 0)');
  });

  it('OUT-TER-2: swimming: straight steps cost 1, diagonal 1.5', () => {
    // a lake over (0..5, 0..5): diagonals (1,1) 1.5, (2,2) 3, (3,3) 4.5 ≤ 5; (4,4) 6 is too far; (4,0) straight 4
    const t = started(new Table(outerah, field([{ at: [0, 0], to: [5, 5], tags: ['water'] }])));
    expect(moveLabel(t, 1, 1)).toBe('Move to (1, 1) — 1.5 Movement');
    expect(moveLabel(t, 3, 3)).toBe('Move to (3, 3) — 4.5 Movement');
    expect(moveLabel(t, 4, 4)).toBeUndefined();
    expect(moveLabel(t, 4, 0)).toBe('Move to (4, 0) — 4 Movement');
    t.do({ type: 'move', actor: 'hero', to: [3, 3] });
    expect(t.unit('hero').pools.movement.value).toBe(0.5);
  });

  it('OUT-TER-2: the swim thrust: half the Jump adds a cell per two Jump points for the Secondary action and 10 s of breath (ruling)', () => {
    // Jump 4: ⌊4 / 2⌋ = 2 more cells; breath 6 → 5
    const t = started(new Table(outerah, field([{ at: [0, 0], to: [5, 5], tags: ['water'] }], { hero: { jump: 4 } })));
    const ev = t.do({ type: 'swim', actor: 'hero' });
    expect(t.lines(ev)).toContain('Hero thrusts through the water: half its Jump 4 adds 2 cells, for 10 seconds of breath [OUT-TER-2]');
    expect(t.unit('hero').pools.movement.value).toBe(7);
    expect(t.unit('hero').pools.breath.value).toBe(5);
    expect(t.rejects({ type: 'swim', actor: 'hero' })).toBe('action/cannot_swim'); // the Secondary action is spent
    // Jump 1 gives no thrust at all
    const weak = started(new Table(outerah, field([{ at: [0, 0], to: [5, 5], tags: ['water'] }])));
    expect(weak.rejects({ type: 'swim', actor: 'hero' })).toBe('action/cannot_swim');
  });

  it('OUT-TER-2: breath runs out a round at a time under water, then the unit drowns (10 % of max HP, ruling)', () => {
    // breath 2: round ends 1 and 2 spend it, round 3's end drowns Hero for ⌈40 / 10⌉ = 4
    const t = started(new Table(outerah, field([{ at: [0, 0], to: [1, 1], tags: ['water'] }], { hero: { breath: 2 } })));
    for (let i = 0; i < 4; i++) t.do({ type: 'end_turn', actor: t.active });
    expect(t.unit('hero').pools.breath.value).toBe(0);
    expect(t.hp('hero')).toBe(40);
    const ev = [...t.do({ type: 'end_turn', actor: 'hero' }), ...t.do({ type: 'end_turn', actor: 'foe' })];
    expect(t.checks(ev)).toContain('10 % of 40 hit points, rounded up 4 → 4 damage [OUT-TER-2]');
    expect(t.hp('hero')).toBe(36);
  });

  it('OUT-TER-2: attacks from under water take a Minus Charge', () => {
    // Hero in the water at (2,2), Foe on the bank at (3,2): 1d8(4) + Strength 20 − Vitality 10 reduction 2 = 22 × 0.75 = 16.5 → 16
    const t = new Table(outerah, field([{ at: [0, 0], to: [2, 5], tags: ['water'] }], { hero: { at: [2, 2] }, foe: { at: [3, 2] } }));
    t.start(5, 1);
    const ev = t.dice(50, 30, 4).do({ type: 'attack', actor: 'hero', target: 'foe', weapon: 'sword' });
    expect(t.checks(ev)[2]).toBe('1d8(4) + Strength 20 − Vitality 10 reduction 2 × Minus Charge (underwater) 75% → rounded down 16 = 16 → 16 damage [OUT-DMG-1, OUT-CHG-1, OUT-RES-2]');
    expect(t.hp('foe')).toBe(14);
  });

  it('OUT-TER-2: an electric attack under water hurts only the user (ruling: always)', () => {
    // Shock Wand (magic, electric): 1d6(3) + Intelligence 10 − Hero's Wisdom 20 reduction 4 = 9 × Minus 0.75 = 6.75 → 6 to Hero; no hit check
    const shock = { id: 'shock', name: 'Shock Wand', kind: 'wand', damage: '1d6', element: 'wind', electric: true };
    const t = new Table(outerah, field([{ at: [0, 0], to: [2, 5], tags: ['water'] }], { hero: { at: [2, 2], weapons: [shock] }, foe: { at: [4, 2] } }));
    t.start(5, 1);
    const ev = t.dice(3).do({ type: 'attack', actor: 'hero', target: 'foe', weapon: 'shock' });
    expect(t.lines(ev)).toContain('Hero looses Shock Wand underwater: the current runs back into Hero instead of Foe [OUT-TER-2]');
    expect(t.hp('hero')).toBe(34);
    expect(t.hp('foe')).toBe(30);
    expect(t.unusedDice).toEqual([]);
  });

  // mountains over columns 1..5, rising: (1,y) level 1, (2,y) level 2, (3..5,y) level 3
  const mountain = [
    { at: [1, 0], to: [1, 11], tags: ['mountain'], elevation: 1 },
    { at: [2, 0], to: [2, 11], tags: ['mountain'], elevation: 2 },
    { at: [3, 0], to: [5, 11], tags: ['mountain'], elevation: 3 },
  ];
  const onSlope = () => started(new Table(outerah, field(mountain, { hero: { at: [1, 0] } })));

  it('OUT-TER-3: on a mountain Movement is halved but Jump is not; a jump rolls a d10: 7–0 made', () => {
    const t = onSlope();
    // (1,0) → (2,0): a 1-level jump (Jump 1, not halved), a mountain cell: 2 Movement
    expect(moveLabel(t, 2, 0)).toBe('Move to (2, 0) — 2 Movement');
    expect(t.preview({ type: 'move', actor: 'hero', to: [2, 0] })).toMatchObject({ chance: 0.4, notes: ['path: (1, 0) → (2, 0)', 'cost: 2 Movement of 5', '1 mountain jump: each d10 7–0 made, 3–6 Topple, 1–2 fall [OUT-TER-3]'] });
    const ev = t.dice(10).do({ type: 'move', actor: 'hero', to: [2, 0] });
    expect(t.checks(ev)).toEqual(['d10(10) → 7–0: the jump is made [OUT-TER-3]']);
    expect(t.unit('hero').position).toEqual({ x: 2, y: 0 });
    expect(t.unit('hero').pools.movement.value).toBe(3);
  });

  it('OUT-TER-3: a d10 of 3–6 Topples the unit where it stood; its Movement is gone (ruling)', () => {
    const t = onSlope();
    const ev = t.dice(4).do({ type: 'move', actor: 'hero', to: [2, 0] });
    expect(t.checks(ev)).toEqual(['d10(4) → 3–6: Topple [OUT-TER-3]']);
    expect(t.unit('hero').position).toEqual({ x: 1, y: 0 });
    expect(t.unit('hero').pools.movement.value).toBe(0);
    expect(t.state.effects.some((f) => f.target === 'hero' && f.name === 'Topple')).toBe(true);
  });

  it('OUT-TER-3: a d10 of 1–2 falls: an Agility save (D100 + Agility > 100) catches it, else it slides to the foot and takes fall damage', () => {
    const caught = onSlope();
    const a = caught.dice(2, 90).do({ type: 'move', actor: 'hero', to: [2, 0] });
    expect(caught.checks(a)).toEqual(['d10(2) → 1–2: falls [OUT-TER-3]', 'D100(90) + Agility 20 = 110 > 100 → catches itself [OUT-TER-3]']);
    expect(caught.unit('hero').position).toEqual({ x: 1, y: 0 });
    // failed save: D100(10) + 20 = 30; the foot is (0,0) (nearest cell off the mountain, first by rows);
    // 1 level fallen (1 → 0): 1d6(5) = 5 true damage; Toppled
    const fell = onSlope();
    const b = fell.dice(1, 10, 5).do({ type: 'move', actor: 'hero', to: [2, 0] });
    expect(fell.checks(b).slice(1)).toEqual(['D100(10) + Agility 20 = 30 ≤ 100 → falls to the foot of the mountain [OUT-TER-3]', '1d6(5) (1 level: 1d6 each) = 5 → 5 damage [OUT-TER-3]']);
    expect(fell.unit('hero').position).toEqual({ x: 0, y: 0 });
    expect(fell.hp('hero')).toBe(35);
    expect(fell.unit('hero').pools.movement.value).toBe(0);
    expect(fell.unusedDice).toEqual([]);
  });
});

describe('outerah terrain on wings', () => {
  type Obj = Record<string, unknown>;
  // a sheer rock face: column x = 1 is mountain 4 levels up; x = 2 and on is open ground at 0; Hero (Jump 1) at (0,0)
  const cliff = [{ at: [1, 0], to: [1, 11], tags: ['mountain'], elevation: 4 }];
  const at = (hero: Obj, extra: Obj[] = []) => {
    const t = new Table(outerah, field(cliff, { hero, extra }));
    t.start(5, 1, ...extra.map(() => 1));
    return t;
  };

  it('OUT-TER-3, OUT-TER-1: wings fly up a mountain: no d10, no Jump to bound the height; the mountain still halves Movement (ruling)', () => {
    // on foot, Jump 1 cannot make the 4-level rise: no move onto the rock, none over it
    const walker = at({});
    expect(moveLabel(walker, 1, 0)).toBeUndefined();
    expect(moveLabel(walker, 2, 0)).toBeUndefined();
    // on wings: up to (1,0) for 2 (a mountain cell), down to (2,0) for 1 more; no jump, so no d10 and no odds
    const flier = at({ wings: true });
    expect(moveLabel(flier, 1, 0)).toBe('Move to (1, 0) — 2 Movement');
    expect(flier.preview({ type: 'move', actor: 'hero', to: [2, 0] })).toEqual({ notes: ['path: (0, 0) → (1, 0) → (2, 0)', 'cost: 3 Movement of 5'] });
    const ev = flier.do({ type: 'move', actor: 'hero', to: [2, 0] });
    expect(flier.checks(ev)).toEqual([]);
    expect(flier.unit('hero').position).toEqual({ x: 2, y: 0 });
    expect(flier.unit('hero').pools.movement.value).toBe(2);
    expect(flier.unusedDice).toEqual([]);
  });

  it('OUT-TER-3, OUT-PET-2: a winged pet sent up a mountain makes no jump, so the Move Order is no harmful one to resist (ruling)', () => {
    // Hawk, Hero's pet (Speed 5 + 0 + 1 = 6, no turns of its own), at (0,1); Hero uses its Specialty action.
    // (0,1) → (1,1): 4 levels up the rock past its Jump 1, 2 Movement, and no d10, so no D100 to refuse the order
    const hawk = { id: 'hawk', name: 'Hawk', side: 'heroes', class: 'hunter', at: [0, 1], hp: 5, wings: true, pet: { trainer: 'hero', kind: 'companion' } };
    const t = at({}, [hawk]);
    const ev = t.do({ type: 'pet', actor: 'hero', pet: 'hawk', order: 'move', to: [1, 1] });
    expect(t.checks(ev)).toEqual([]);
    expect(t.unit('hawk').position).toEqual({ x: 1, y: 1 });
    // a wingless Wolf (Jump 4 to reach the rock) would jump: the d10 is a harm it may refuse, D100(20) + Wisdom 10 = 30, it obeys
    const wolf = { ...hawk, id: 'wolf', name: 'Wolf', wings: false, jump: 4 };
    const w = at({}, [wolf]);
    const jumped = w.dice(20, 8).do({ type: 'pet', actor: 'hero', pet: 'wolf', order: 'move', to: [1, 1] });
    expect(w.checks(jumped)).toEqual(['D100(20) + Wisdom 10 = 30 ≤ 100 → obeys [OUT-PET-2]', 'd10(8) → 7–0: the jump is made [OUT-TER-3]']);
    expect([t.unusedDice, w.unusedDice]).toEqual([[], []]);
  });

  it('OUT-TER-1, OUT-MNT-1: a winged rider steps off its mount down a ledge past its own Jump; a wingless one may not (ruling)', () => {
    // Hero (Jump 1, Wisdom 40) rides the Horse (Jump 4) on the rock at (1,0); (2,0) is open ground 4 levels below
    const horse = { id: 'horse', name: 'Horse', side: 'heroes', class: 'hunter', at: [1, 0], hp: 30, move: 8, jump: 4 };
    const rider = (wings: boolean) => at({ at: [1, 0], wings, stats: { agility: 20, wisdom: 40 }, mount: { unit: 'horse' } }, [horse]);
    const walker = rider(false);
    expect(walker.rejects({ type: 'dismount', actor: 'hero', to: [2, 0] })).toBe('action/bad_cell');
    const flier = rider(true);
    flier.do({ type: 'dismount', actor: 'hero', to: [2, 0] });
    expect(flier.unit('hero').position).toEqual({ x: 2, y: 0 });
    expect(flier.unit('hero').data.mount).toEqual({ unit: 'horse', state: 'beside' });
  });
});
