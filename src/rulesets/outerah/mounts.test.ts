// Mounts: Mount Tamer, summoning, riding, knock-offs, Fear, Animal Handling, Spirit Release (OUT-MNT-1..3).
import { describe, expect, it } from 'vitest';
import { seededSource } from '../../dice/index.ts';
import { Table } from '../testing.ts';
import { duel } from './fixtures.ts';
import { handlingDR, knockOffChance } from './mounts.ts';
import { outerah } from './index.ts';
import { encounterSchema } from './schema.ts';

type Obj = Record<string, unknown>;
// Horse: Movement 8, Jump 3, level 3, Agility 10, Vitality 0; it stands under Hero at (2,2)
const horse = (over: Obj = {}) => ({ id: 'horse', name: 'Horse', side: 'heroes', class: 'hunter', level: 3, at: [2, 2], hp: 30, move: 8, jump: 3, stats: { agility: 10, vitality: 0 }, ...over });
const rider = (over: Obj = {}) => ({ stats: { strength: 20, vitality: 20, agility: 20, charisma: 30, intelligence: 10, wisdom: 40 }, mount: { unit: 'horse' }, ...over });
// Hero 6+1+5 = 12, Foe 2+1+1 = 4, Horse 5+0+1 = 6 (it never acts: a mount moves with its rider)
const table = (over: { hero?: Obj; foe?: Obj; horse?: Obj } = {}) => {
  const t = new Table(outerah, duel({ hero: rider(over.hero), foe: over.foe, extra: [horse(over.horse)] }));
  t.start(5, 1, 1);
  return t;
};

describe('outerah mounts', () => {
  it('OUT-MNT-1: Mount Tamer needs 40 Wisdom', () => {
    const doc = duel({ hero: rider({ stats: { wisdom: 39 } }), extra: [horse()] });
    const r = encounterSchema.safeParse(doc);
    expect(r.success).toBe(false);
    expect(r.error?.issues.map((i) => i.message)).toContain('Hero has 39 Wisdom; riding a mount takes Mount Tamer (40 Wisdom) [OUT-MNT-1]');
  });

  it('OUT-MNT-1: the rider moves with the mount\'s Movement and Jump; the mount keeps its own level and takes no turns', () => {
    const t = table({ horse: {} });
    expect(t.unit('hero').pools.movement.value).toBe(8); // the Horse's 8, not Hero's 5
    t.state.map = { ...(t.state.map as object), cells: { '2,5': { elevation: 3 } } } as never; // a 3-level ledge: Hero's own Jump is 1
    t.do({ type: 'move', actor: 'hero', to: [2, 5] });
    expect(t.unit('horse').position).toEqual({ x: 2, y: 5 });
    expect(t.unit('hero').pools.movement.value).toBe(5);
    expect(t.unit('horse').data.level).toBe(3);
    const ev = t.do({ type: 'end_turn', actor: 'hero' });
    expect(t.lines(ev)).toContain('Horse cannot act (a mount moves only with Hero)');
  });

  it('OUT-MNT-1: summoning in combat costs the mainhand (Primary) action', () => {
    const t = table({ hero: { mount: { unit: 'horse', state: 'unsummoned' } } });
    expect(t.unit('horse').status).toBe('removed');
    expect(t.unit('hero').pools.movement.value).toBe(5); // on foot
    t.do({ type: 'summon_mount', actor: 'hero' });
    expect(t.unit('hero').pools.primary.value).toBe(0);
    expect(t.unit('horse')).toMatchObject({ status: 'active', position: { x: 2, y: 2 } });
    expect(t.rejects({ type: 'attack', actor: 'hero', target: 'foe' })).toBe('action/slot_used');
  });

  it('OUT-MNT-1: a mount at 0 HP enters the Spirit Release countdown: 3 rounds, then its spirit is released (ruling)', () => {
    const t = table({ horse: { hp: 5 } });
    t.do({ type: 'end_turn', actor: 'hero' });
    // Foe maces the Horse from the side (60): crit 50, hit 30, 1d6(3) + 10 − 0 = 13 → 0 HP; Hero is thrown
    const ev = t.dice(50, 30, 3).do({ type: 'attack', actor: 'foe', target: 'horse' });
    expect(t.lines(ev)).toContain('Horse falls: the Spirit Release countdown begins (3 rounds to heal it) [OUT-MNT-1]');
    expect(t.unit('hero').position).not.toEqual({ x: 2, y: 2 });
    expect(t.unit('hero').data.mount).toEqual({ unit: 'horse', state: 'beside' });
    for (let i = 0; i < 5; i++) t.do({ type: 'end_turn', actor: t.active });
    expect(t.unit('horse').status).toBe('dead');
  });

  it('OUT-MNT-1: dismounting is the rider\'s own step onto a cell beside the mount: not a wall, not someone\'s cell, not off the map (ruling)', () => {
    const t = table();
    t.state.map = { ...(t.state.map as object), cells: { '1,2': { blocksMove: true } } } as never;
    // Hero rides the Horse at (2,2); a wall at (1,2), Foe at (3,2)
    expect(t.rejects({ type: 'dismount', actor: 'hero', to: [1, 2] })).toBe('action/blocked');
    expect(t.rejects({ type: 'dismount', actor: 'hero', to: [3, 2] })).toBe('action/occupied');
    expect(t.rejects({ type: 'dismount', actor: 'hero', to: [4, 2] })).toBe('action/bad_cell'); // not next to the mount
    // legalActions offers the six other neighbours, and nothing the command refuses
    const offered = t.engine.legalActions(t.state, 'hero').filter((o) => o.command.type === 'dismount').map((o) => `${String(o.command.to)}`);
    expect(offered.sort()).toEqual(['1,1', '1,3', '2,1', '2,3', '3,1', '3,3']);
    // 1 Movement of the Horse's 8; the Horse stays beside
    t.do({ type: 'dismount', actor: 'hero', to: [2, 3] });
    expect(t.unit('hero').position).toEqual({ x: 2, y: 3 });
    expect(t.unit('horse').position).toEqual({ x: 2, y: 2 });
    expect(t.unit('hero').data.mount).toEqual({ unit: 'horse', state: 'beside' });
    expect(t.unit('hero').pools.movement.value).toBe(7);
    // at the map's corner, (−1, 0) is off the map
    const edge = table({ hero: { at: [0, 0] } });
    expect(edge.rejects({ type: 'dismount', actor: 'hero', to: [-1, 0] })).toBe('action/out_of_bounds');
  });

  it('OUT-MNT-1, OUT-SPACE-1: in the sky a rider cannot dismount into open air (ruling), only onto the deck or land', () => {
    // the Ark's deck is x 0..3, y 0..2 over open sky; Hero rides the Horse at its east edge (3,1)
    const ark = { id: 'ark', name: 'Ark', side: 'heroes', at: [0, 0], size: [4, 3], altitude: 5 };
    const t = new Table(outerah, duel({ hero: rider({ at: [3, 1] }), foe: { at: [11, 11], wings: true }, extra: [horse()], doc: { map: { width: 12, height: 12, surroundings: 'sky' }, ships: [ark] } }));
    t.start(5, 1, 1);
    expect(t.rejects({ type: 'dismount', actor: 'hero', to: [4, 1] })).toBe('action/open_air');
    const r = t.engine.decide(t.state, { type: 'dismount', actor: 'hero', to: [4, 1] }, seededSource(1, 0));
    expect(r.ok ? '' : r.rejection.message).toBe('(4, 1) is open air: there is nothing to stand on without wings [OUT-MNT-1, OUT-SPACE-1]');
    const offered = t.engine.legalActions(t.state, 'hero').filter((o) => o.command.type === 'dismount').map((o) => `${String(o.command.to)}`);
    expect(offered.sort()).toEqual(['2,0', '2,1', '2,2', '3,0', '3,2']); // the deck cells around (3,1)
    t.do({ type: 'dismount', actor: 'hero', to: [2, 1] });
    expect(t.unit('hero').position).toEqual({ x: 2, y: 1 });
  });

  it('OUT-MNT-2: a damaged rider is knocked off on D100 ≤ 5 %; the mount becomes Feared', () => {
    const t = table();
    t.do({ type: 'end_turn', actor: 'hero' });
    // Foe maces Hero head-on (40): crit 50, hit 30, 1d6(3) + 10 − 4 = 9; knock-off D100(5) ≤ 5; Shove D100(99) no
    const ev = t.dice(50, 30, 3, 5, 99).do({ type: 'attack', actor: 'foe', target: 'hero' });
    expect(t.checks(ev)[3]).toBe('D100(5) ≤ 5 % 5 → knocked off [OUT-MNT-2]');
    expect(t.lines(ev)).toContain('Horse is Feared: an Animal Handling check (DR 15) calms it [OUT-MNT-2, OUT-MNT-3]');
    expect(t.state.effects.some((f) => f.target === 'horse' && f.name === 'Feared Mount')).toBe(true);
    const stay = table();
    stay.do({ type: 'end_turn', actor: 'hero' });
    const ok = stay.dice(50, 30, 3, 6, 99).do({ type: 'attack', actor: 'foe', target: 'hero' });
    expect(stay.checks(ok)[3]).toBe('D100(6) > 5 % 5 → stays in the saddle [OUT-MNT-2]');
  });

  it('OUT-MNT-2: knocked off in the sky, a rider lands on the deck beside its mount, not in open air; over open air with no deck or land beside it, it falls (ruling)', () => {
    // the Ark's deck is x 0..3, y 0..2 at altitude 5, over open sky; Hero rides the Horse at its east edge (3,1)
    const ark = { id: 'ark', name: 'Ark', side: 'heroes', at: [0, 0], size: [4, 3], altitude: 5 };
    const sky = (over: { hero?: Obj; foe?: Obj; horse?: Obj }) => {
      const t = new Table(outerah, duel({ hero: rider({ at: [3, 1], ...over.hero }), foe: { at: [2, 1], ...over.foe }, extra: [horse({ at: [3, 1], ...over.horse })], doc: { map: { width: 12, height: 12, surroundings: 'sky' }, ships: [ark] } }));
      t.start(5, 1, 1); // Hero 12, Horse 6, Foe 4
      t.do({ type: 'end_turn', actor: 'hero' });
      return t;
    };
    // Foe at (2,1) maces Hero (facing E) from behind: 50 + Charisma 20 − Agility 20 + 10 = 60; crit D100(50) no,
    // hit D100(30) ≤ 60, 1d6(3) + Strength 10 − Vitality 20 reduction 4 = 9; knock-off D100(5) ≤ 5; Shove D100(99) no.
    // Away from Foe is (4,1): open air. The first free deck cell around (3,1), row by row from the north-west, is (2,0).
    const t = sky({});
    const ev = t.dice(50, 30, 3, 5, 99).do({ type: 'attack', actor: 'foe', target: 'hero' });
    expect(t.checks(ev)[3]).toBe('D100(5) ≤ 5 % 5 → knocked off [OUT-MNT-2]');
    expect(t.unit('hero')).toMatchObject({ status: 'active', position: { x: 2, y: 0 } });
    expect(t.hp('hero')).toBe(31);
    expect(t.unit('hero').data.mount).toEqual({ unit: 'horse', state: 'beside' });
    expect(t.state.effects.some((f) => f.target === 'horse' && f.name === 'Feared Mount')).toBe(true);
    // a rider with wings may be thrown away from Foe into open air: it stays aloft there
    const w = sky({ hero: { wings: true } });
    w.dice(50, 30, 3, 5, 99).do({ type: 'attack', actor: 'foe', target: 'hero' });
    expect(w.unit('hero')).toMatchObject({ status: 'active', position: { x: 4, y: 1 } });
    expect(w.hp('hero')).toBe(31);
    // the winged Horse flies at (6,1), in open air three cells off the deck; Foe (winged) strikes from (5,1).
    // Every cell around is open air: Hero goes over at (7,1), away from Foe, and falls: the Ark's altitude 5,
    // 5d6(1, 2, 3, 4, 5) = 15 true damage, 31 − 15 = 16 left, and it is out of the fight; the Horse is Feared (DR 15)
    const f = sky({ hero: { at: [6, 1] }, horse: { at: [6, 1], wings: true }, foe: { at: [5, 1], wings: true } });
    const fall = f.dice(50, 30, 3, 5, 1, 2, 3, 4, 5).do({ type: 'attack', actor: 'foe', target: 'hero' });
    expect(f.lines(fall)).toContain('Hero is thrown from Horse into open air at (7, 1): nothing to land on, it falls [OUT-MNT-2, OUT-SPACE-1]');
    expect(f.checks(fall)[4]).toBe('5d6(1, 2, 3, 4, 5) (5 levels: 1d6 each) = 15 → 15 damage [OUT-SHIP-2]');
    expect(f.hp('hero')).toBe(16);
    expect(f.unit('hero')).toMatchObject({ status: 'fled', position: { x: 7, y: 1 } });
    expect(f.lines(fall)).toContain('Horse is Feared: an Animal Handling check (DR 15) calms it [OUT-MNT-2, OUT-MNT-3]');
    expect([t.unusedDice, w.unusedDice, f.unusedDice]).toEqual([[], [], []]);
  });

  it('OUT-MNT-2: 10 % from an Opener, doubled on a critical hit', () => {
    expect([knockOffChance(false, false), knockOffChance(true, false), knockOffChance(false, true), knockOffChance(true, true)]).toEqual([5, 10, 10, 20]);
    const t = table({ foe: { hidden: true } });
    t.do({ type: 'end_turn', actor: 'hero' });
    // an Opener critical: crit D100(1); 1d6(3) + 10 − 4 = 9 × 1.5 × 2 = 27; knock-off D100(20) ≤ 20
    const ev = t.dice(1, 3, 20, 99).do({ type: 'attack', actor: 'foe', target: 'hero' });
    expect(t.checks(ev)[2]).toBe('D100(20) ≤ Opener 10 %, doubled by the critical 20 → knocked off [OUT-MNT-2]');
  });

  it('OUT-MNT-3: the Animal Handling DR by level difference: 10+ below 0, 1–9 below 10, equal 15, higher 20, 10+ higher 30', () => {
    expect([handlingDR(1, 11), handlingDR(5, 11), handlingDR(11, 11), handlingDR(12, 11), handlingDR(21, 11)]).toEqual([0, 10, 15, 20, 30]);
    // DR 0: a level-11 rider knocked off by a level-1 foe: the mount goes unphased
    const t = table({ hero: { level: 11 } });
    t.do({ type: 'end_turn', actor: 'hero' });
    const ev = t.dice(50, 30, 3, 5, 99).do({ type: 'attack', actor: 'foe', target: 'hero' });
    expect(t.lines(ev)).toContain('Horse goes unphased: Foe is 10+ levels below Hero (DR 0) [OUT-MNT-3]');
  });

  it('OUT-MNT-3: calming the Feared mount: d20 + ⌊Wisdom / 10⌋ ≥ DR (ruling), a natural 1 always fails; then the rider may mount again', () => {
    const t = table();
    t.do({ type: 'end_turn', actor: 'hero' });
    t.dice(50, 30, 3, 5, 99).do({ type: 'attack', actor: 'foe', target: 'hero' });
    t.do({ type: 'end_turn', actor: 'foe' });
    expect(t.rejects({ type: 'ride', actor: 'hero' })).toBe('action/cannot_ride');
    // d20(10) + Wisdom 40 ÷ 10 = 14 < 15: still Feared
    const a = t.dice(10).do({ type: 'calm_mount', actor: 'hero' });
    expect(t.checks(a)).toEqual(['d20(10) + Wisdom 40 ÷ 10 4 = 14 < DR 15 → Horse is still Feared [OUT-MNT-3]']);
    t.do({ type: 'end_turn', actor: 'hero' });
    t.do({ type: 'end_turn', actor: 'foe' });
    const b = t.dice(11).do({ type: 'calm_mount', actor: 'hero' });
    expect(t.checks(b)).toEqual(['d20(11) + Wisdom 40 ÷ 10 4 = 15 ≥ DR 15 → Horse calms down [OUT-MNT-3]']);
    t.do({ type: 'ride', actor: 'hero' });
    expect(t.unit('hero').position).toEqual(t.unit('horse').position);
  });
});
