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

  it('OUT-MNT-1: the rider moves with the mount\'s Movement and Jump; the mount keeps its own level and takes no turns; the log carries the mount at no cost of its own', () => {
    const t = table({ horse: {} });
    expect(t.unit('hero').pools.movement.value).toBe(8); // the Horse's 8, not Hero's 5
    t.state.map = { ...(t.state.map as object), cells: { '2,5': { elevation: 3 } } } as never; // a 3-level ledge: Hero's own Jump is 1
    const mv = t.do({ type: 'move', actor: 'hero', to: [2, 5] });
    // three steps, 3 of the 8 from Hero's pool; the Horse's line names no cost (it spends nothing of its own)
    expect(t.lines(mv).filter((l) => l.includes('to (2, 5)'))).toEqual(['Hero moves to (2, 5), cost 3', 'Horse is carried along under Hero (no cost of its own) to (2, 5)']);
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

  it('OUT-MNT-1, OUT-DMG-1: a fallen mount whose HP the GM raises above 0 is healed in time; one whose spirit was released stays dead (ruling)', () => {
    const t = table({ horse: { hp: 5 } });
    t.do({ type: 'end_turn', actor: 'hero' });
    // as above: Foe's mace takes the Horse to 0 HP, the countdown begins
    t.dice(50, 30, 3).do({ type: 'attack', actor: 'foe', target: 'horse' });
    const ev = t.do({ type: 'gm.set_pool', unit: 'horse', pool: 'hp', value: 4 });
    expect(t.lines(ev)).toEqual(["Horse's HP is now 4", 'Horse is back in the fight (the GM raised HP above 0)', "Horse's Spirit Release ends (cleansed)", 'Horse is healed in time: the Spirit Release countdown stops [OUT-MNT-1]']);
    for (let i = 0; i < 5; i++) t.do({ type: 'end_turn', actor: t.active });
    expect(t.unit('horse').status).toBe('active');
    // down again, the countdown runs out: a released spirit is gone for good, whatever its HP
    t.do({ type: 'gm.set_pool', unit: 'horse', pool: 'hp', value: 0 });
    for (let i = 0; i < 8 && t.unit('horse').status !== 'dead'; i++) t.do({ type: 'end_turn', actor: t.active });
    expect(t.unit('horse').status).toBe('dead');
    t.do({ type: 'gm.set_pool', unit: 'horse', pool: 'hp', value: 4 });
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

  it('OUT-MNT-2, OUT-WPN-4: a rider hit by a piercing pass-through is hurt by the attack and rolls to be knocked off too', () => {
    // Foe (level 1) looses a longbow from (6,2) at the Squire (4,2); the shot may carry on along the line to Hero
    // on the Horse at (2,2). Squire faces N, shot from the E: the side, 50 + Charisma 20 − Agility 10 = 60.
    const squire = { id: 'squire', name: 'Squire', side: 'heroes', class: 'paladin', at: [4, 2], hp: 30 };
    const t = new Table(outerah, duel({ hero: rider(), foe: { at: [6, 2], weapons: ['longbow'] }, extra: [horse(), squire] }));
    t.start(5, 1, 1, 12); // Squire 3 + 0 + 12 = 15, Hero 12, Horse 6, Foe 4
    t.do({ type: 'end_turn', actor: 'squire' });
    t.do({ type: 'end_turn', actor: 'hero' });
    // crit D100(50) no, hit D100(30) ≤ 60; 1d10(6) + Strength 10 − Vitality 10 reduction 2 = 14 to the Squire;
    // pass-through D100(5) ≤ 5 % (level 1) → Hero: 6 + 10 − Vitality 20 reduction 4 = 12 × 50 % = 6 damage;
    // Hero was hurt by the attack: knock-off D100(5) ≤ 5 % → off the Horse, away from Foe to (1,2)
    const ev = t.dice(50, 30, 6, 5, 5).do({ type: 'attack', actor: 'foe', target: 'squire', weapon: 'longbow' });
    expect(t.checks(ev).slice(3)).toEqual([
      'D100(5) ≤ level 1 5 → passes through Squire to Hero [OUT-WPN-4]',
      '1d10(6) + Strength 10 − Vitality 20 reduction 4 × pass-through 50% = 6 → 6 damage [OUT-WPN-4, OUT-DMG-1]',
      'D100(5) ≤ 5 % 5 → knocked off [OUT-MNT-2]',
    ]);
    expect([t.hp('squire'), t.hp('hero')]).toEqual([16, 34]);
    expect(t.unit('hero')).toMatchObject({ position: { x: 1, y: 2 }, data: { mount: { unit: 'horse', state: 'beside' } } });
    expect(t.state.effects.some((f) => f.target === 'horse' && f.name === 'Feared Mount')).toBe(true);
    expect(t.unusedDice).toEqual([]);
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

describe('outerah mounts: moving as the mount does', () => {
  // the Ark's deck is x 0..3, y 0..2 at altitude 5, over open sky
  const ark = { id: 'ark', name: 'Ark', side: 'heroes', at: [0, 0], size: [4, 3], altitude: 5 };
  const sky = (over: { hero?: Obj; foe?: Obj; horse?: Obj }) => {
    const t = new Table(outerah, duel({ hero: rider({ at: [3, 1], ...over.hero }), foe: { at: [11, 11], wings: true, ...over.foe }, extra: [horse({ at: [3, 1], ...over.horse })], doc: { map: { width: 12, height: 12, surroundings: 'sky' }, ships: [ark] } }));
    t.start(5, 1, 1); // Hero 12, Horse 6, Foe 4
    return t;
  };
  const moves = (t: Table) => t.engine.legalActions(t.state, 'hero').filter((o) => o.command.type === 'move').map((o) => String(o.command.to));

  it('OUT-MNT-1: a wingless rider on a winged mount flies over open air; a winged rider does not carry a wingless mount into it', () => {
    // Hero (no wings) rides the winged Horse (Movement 8) off the deck's east edge: (4,1) and (5,1) are open air, 1 each
    const t = sky({ horse: { wings: true } });
    expect(moves(t)).toContain('5,1');
    t.do({ type: 'move', actor: 'hero', to: [5, 1] });
    expect(t.unit('hero').position).toEqual({ x: 5, y: 1 });
    expect(t.unit('horse').position).toEqual({ x: 5, y: 1 });
    expect(t.unit('hero').pools.movement.value).toBe(6); // 8 − 2
    // Hero with wings on a wingless Horse: open air is refused and never offered; the deck is still open to it
    const w = sky({ hero: { wings: true } });
    expect(moves(w).filter((c) => Number(c.split(',')[0]) > 3 || Number(c.split(',')[1]) > 2)).toEqual([]);
    expect(moves(w)).toContain('0,0');
    expect(w.rejects({ type: 'move', actor: 'hero', to: [4, 1] })).toBe('action/out_of_range');
  });

  it('OUT-MNT-1, OUT-TER-2: a rider who cannot swim crosses water on a swimming mount; a swimmer on a mount that cannot swim does not', () => {
    // water in columns x 4..5; Hero rides the Horse at (2,2), Foe far off at (11,11)
    const river = (over: { hero?: Obj; horse?: Obj }) => {
      const t = new Table(outerah, duel({ hero: rider(over.hero), foe: { at: [11, 11] }, extra: [horse(over.horse)], doc: { map: { width: 12, height: 12, terrain: [{ at: [4, 0], to: [5, 11], tags: ['water'] }] } } }));
      t.start(5, 1, 1);
      return t;
    };
    // (2,2) → (3,2) → (4,2) water → (5,2) water → (6,2): 4 Movement, straight swims cost 1
    const t = river({ hero: { swims: false } });
    t.do({ type: 'move', actor: 'hero', to: [6, 2] });
    expect(t.unit('horse').position).toEqual({ x: 6, y: 2 });
    expect(t.unit('hero').pools.movement.value).toBe(4);
    const n = river({ horse: { swims: false } });
    expect(n.rejects({ type: 'move', actor: 'hero', to: [4, 2] })).toBe('action/out_of_range');
    expect(n.rejects({ type: 'move', actor: 'hero', to: [6, 2] })).toBe('action/out_of_range'); // no way round the river
    expect(moves(n).filter((c) => ['4', '5'].includes(c.split(',')[0]))).toEqual([]);
  });

  it('OUT-MNT-1, OUT-TER-2: riding, the swim thrust is half the mount\'s Jump, not the rider\'s', () => {
    // Hero (Jump 1: no thrust of its own) rides the Horse (Jump 4) in the river at (4,2): ⌊4 / 2⌋ = 2 cells, 8 → 10
    const t = new Table(outerah, duel({ hero: rider({ at: [4, 2], jump: 1 }), foe: { at: [11, 11] }, extra: [horse({ at: [4, 2], jump: 4 })], doc: { map: { width: 12, height: 12, terrain: [{ at: [4, 0], to: [5, 11], tags: ['water'] }] } } }));
    t.start(5, 1, 1);
    const ev = t.do({ type: 'swim', actor: 'hero' });
    expect(t.lines(ev)).toContain('Hero thrusts through the water: half its Jump 4 adds 2 cells, for 10 seconds of breath [OUT-TER-2]');
    expect(t.unit('hero').pools.movement.value).toBe(10);
  });

  it('OUT-MNT-1, OUT-SPACE-1: a riding pair shoved into open air goes as the mount does: a winged mount holds both; a wingless one falls from under its rider (ruling)', () => {
    // Foe (on the deck at (2,1)) maces Hero (at (3,1), facing E) from behind: crit D100(50) no, hit D100(30) ≤ 60,
    // 1d6(3) + Strength 10 − Vitality 20 reduction 4 = 9 (40 → 31); knock-off D100(6) > 5 stays; Shove D100(5) ≤ 5:
    // one cell straight back, into open air at (4,1)
    const shove = (over: { hero?: Obj; horse?: Obj }, ...fall: number[]) => {
      const t = sky({ ...over, foe: { at: [2, 1], wings: false } });
      t.do({ type: 'end_turn', actor: 'hero' });
      const ev = t.dice(50, 30, 3, 6, 5, ...fall).do({ type: 'attack', actor: 'foe', target: 'hero' });
      return { t, ev };
    };
    // the winged Horse flies on with Hero (no wings) in the saddle
    const a = shove({ horse: { wings: true } });
    expect(a.t.unit('hero')).toMatchObject({ status: 'active', position: { x: 4, y: 1 } });
    expect(a.t.unit('horse')).toMatchObject({ status: 'active', position: { x: 4, y: 1 } });
    expect(a.t.unit('hero').data.mount).toEqual({ unit: 'horse', state: 'riding' });
    // Hero has wings, the Horse none: the Horse falls (the Ark's altitude 5: 5d6(1, 2, 3, 4, 5) = 15, 30 → 15, out);
    // Hero stays aloft at (4,1), no longer riding
    const b = shove({ hero: { wings: true } }, 1, 2, 3, 4, 5);
    expect(b.t.lines(b.ev)).toContain('Horse has no wings and drops away from under Hero, who spreads its own and stays aloft [OUT-MNT-1, OUT-SPACE-1]');
    expect(b.t.unit('hero')).toMatchObject({ status: 'active', position: { x: 4, y: 1 } });
    expect(b.t.unit('hero').data.mount).toEqual({ unit: 'horse', state: 'beside' });
    expect(b.t.hp('horse')).toBe(15);
    expect(b.t.unit('horse').status).toBe('fled');
    // neither has wings: both fall, Hero first (5d6(6, 6, 6, 6, 6) = 30: 31 → 1), then the Horse (5d6(1 … 5) = 15)
    const c = shove({}, 6, 6, 6, 6, 6, 1, 2, 3, 4, 5);
    expect(c.t.lines(c.ev)).toContain('Hero and Horse are pushed off into open air and fall [OUT-MNT-1, OUT-SPACE-1]');
    expect([c.t.hp('hero'), c.t.hp('horse')]).toEqual([1, 15]);
    expect([c.t.unit('hero').status, c.t.unit('horse').status]).toEqual(['fled', 'fled']);
    expect([a.t.unusedDice, b.t.unusedDice, c.t.unusedDice]).toEqual([[], [], []]);
  });

  it('OUT-MNT-1, OUT-MNT-2, OUT-SHIP-1: a winged mount brought to 0 HP in open air falls, wings or not, out of the fight; already at 0 HP it rolls no fall damage; its Spirit Release runs out (ruling)', () => {
    // the winged Horse (5 HP) flies at (6,1) in open air, Hero (no wings) in the saddle; Foe (winged) strikes from (5,1).
    // Foe maces the Horse: crit D100(50) no, hit D100(30), 1d6(3) + Strength 10 − 0 = 13 → 0 HP: down.
    // Hero is thrown: every free cell around is open air, no attacker to be thrown away from: the first, (5,0), and it
    // falls for the Ark's altitude 5: 5d6(1, 1, 1, 1, 1) = 5, 40 → 35, out. Then the Horse falls limp (its wings no
    // help), out of the fight: already at 0 HP, it rolls no fall damage (ruling OUT-SHIP-1: the dice could change nothing)
    // (an Ally on the deck keeps the fight going: Speed 5 + 0 + 3 = 8)
    const ally = { id: 'ally', name: 'Ally', side: 'heroes', class: 'hunter', at: [1, 1], hp: 20 };
    const t = new Table(outerah, duel({ hero: rider({ at: [6, 1] }), foe: { at: [5, 1], wings: true }, extra: [horse({ at: [6, 1], wings: true, hp: 5 }), ally], doc: { map: { width: 12, height: 12, surroundings: 'sky' }, ships: [ark] } }));
    t.start(5, 1, 1, 3); // Hero 12, Ally 8, Horse 6, Foe 4
    t.do({ type: 'end_turn', actor: 'hero' });
    t.do({ type: 'end_turn', actor: 'ally' });
    const ev = t.dice(50, 30, 3, 1, 1, 1, 1, 1).do({ type: 'attack', actor: 'foe', target: 'horse' });
    expect(t.lines(ev)).toContain('Hero is thrown from Horse into open air at (5, 0): nothing to land on, it falls [OUT-MNT-2, OUT-SPACE-1]');
    expect(t.lines(ev)).toContain('Horse goes down in open air: its wings stop beating and it drops out of the sky [OUT-MNT-1, OUT-SPACE-1]');
    expect(t.lines(ev)).toContain('Horse is already down at 0 HP: the fall can take nothing more from it, so no dice are rolled [OUT-SHIP-2]');
    expect(t.checks(ev).slice(3)).toEqual(['5d6(1, 1, 1, 1, 1) (5 levels: 1d6 each) = 5 → 5 damage [OUT-SHIP-2]']);
    expect(t.lines(ev)).not.toContain('Horse spreads its wings and glides down unhurt [OUT-SHIP-2]');
    expect(t.hp('hero')).toBe(35);
    expect([t.unit('hero').status, t.unit('horse').status]).toEqual(['fled', 'fled']);
    expect(t.unusedDice).toEqual([]);
    // nobody can heal it down there: after 3 round ends its spirit is released, gone from its tamer
    for (let i = 0; i < 8 && t.unit('horse').status === 'fled'; i++) t.do({ type: 'end_turn', actor: t.active });
    expect(t.unit('horse').status).toBe('dead');
    expect(t.unit('hero').data.mount).toBeUndefined();
  });
});

describe('outerah mounts in space', () => {
  // the Ark's deck is (0..3, 0..2); its gravity field reaches 2 cells further: x ≤ 5, y ≤ 4
  const ark = { id: 'ark', name: 'Ark', side: 'heroes', at: [0, 0], size: [4, 3], gravity: 2 };
  const space = (at: number[], foeAt: number[]) => {
    const t = new Table(outerah, duel({ hero: rider({ at }), foe: { at: foeAt }, extra: [horse({ at })], doc: { map: { width: 12, height: 6, surroundings: 'space' }, ships: [ark] } }));
    t.start(5, 1, 1); // Hero 12, Horse 6, Foe 4
    t.do({ type: 'end_turn', actor: 'hero' });
    return t;
  };

  it('OUT-MNT-2, OUT-SPACE-1: a rider knocked off outside every gravity field drifts away like a shoved unit (ruling)', () => {
    // the pair floats at (7,1), out of the field; Foe maces Hero from (6,1), from behind (Hero faces E): crit D100(50)
    // no, hit D100(30), 1d6(3) + 10 − 4 = 9; knock-off D100(5) ≤ 5: away from Foe is (8,1), and no cell around (7,1)
    // is in a field (x ≤ 5): over it goes, and drifts on east; Shove D100(99) no
    const t = space([7, 1], [6, 1]);
    const ev = t.dice(50, 30, 3, 5, 99).do({ type: 'attack', actor: 'foe', target: 'hero' });
    expect(t.checks(ev)[3]).toBe('D100(5) ≤ 5 % 5 → knocked off [OUT-MNT-2]');
    expect(t.unit('hero').position).toEqual({ x: 8, y: 1 });
    expect(t.unit('hero').data.drift).toEqual({ dx: 1, dy: 0 });
    expect(t.lines(ev)).toContain('Hero is out of every gravity field: it drifts away [OUT-SPACE-1]');
    const next = t.do({ type: 'end_turn', actor: 'foe' });
    expect(t.lines(next)).toContain('Hero drifts on to (9, 1) [OUT-SPACE-1]');
    expect(t.unit('hero').pools.movement.value).toBe(0);
    expect(t.unit('horse').position).toEqual({ x: 7, y: 1 }); // the Horse stays
    // at the field's edge a rider comes down inside it rather than out of it: the pair at (6,1), Foe at (5,1);
    // away is (7,1), outside; the first free neighbour in the field, row by row from the north-west, is (5,0)
    const e = space([6, 1], [5, 1]);
    e.dice(50, 30, 3, 5, 99).do({ type: 'attack', actor: 'foe', target: 'hero' });
    expect(e.unit('hero').position).toEqual({ x: 5, y: 0 });
    expect(e.unit('hero').data.drift).toBeUndefined();
    expect([t.unusedDice, e.unusedDice]).toEqual([[], []]);
  });

  it('OUT-MNT-1, OUT-SPACE-1: a riding pair shoved out of every field drifts together, the mount under its rider', () => {
    // the pair at (5,1) faces E; Foe at (4,1) maces Hero from behind: crit 50, hit 30, 9 damage; knock-off D100(6)
    // stays; Shove D100(5) ≤ 5 → (6,1), out of the field: both drift east, a cell at each of Hero's turns
    const t = space([5, 1], [4, 1]);
    const ev = t.dice(50, 30, 3, 6, 5).do({ type: 'attack', actor: 'foe', target: 'hero' });
    expect(t.lines(ev)).toContain('Hero (on Horse) is out of every gravity field: it drifts away [OUT-SPACE-1]');
    expect(t.unit('horse').position).toEqual({ x: 6, y: 1 });
    t.do({ type: 'end_turn', actor: 'foe' });
    expect(t.unit('hero').position).toEqual({ x: 7, y: 1 });
    expect(t.unit('horse').position).toEqual({ x: 7, y: 1 });
    for (let i = 0; i < 14 && t.unit('hero').status === 'active'; i++) t.do({ type: 'end_turn', actor: t.active });
    expect([t.unit('hero').status, t.unit('horse').status]).toEqual(['fled', 'fled']); // off the map's edge together
  });
});
