// Taming a mount, dismissing it mid-fight, and combat ended by hiding (OUT-MNT-1, OUT-MNT-3, OUT-OPEN-2).
import { describe, expect, it } from 'vitest';
import { seededSource } from '../../dice/index.ts';
import { Table } from '../testing.ts';
import { duel } from './fixtures.ts';
import { outerah } from './index.ts';

type Obj = Record<string, unknown>;
const tamer = { stats: { strength: 20, vitality: 20, agility: 20, charisma: 30, intelligence: 10, wisdom: 40 } };
// Boar: a wild level-3 creature beside Hero at (2,3)
const boar = (over: Obj = {}) => ({ id: 'boar', name: 'Boar', side: 'wild', class: 'hunter', level: 3, at: [2, 3], hp: 25, move: 7, tameable: true, weapons: ['mace'], ...over });
const horse = (over: Obj = {}) => ({ id: 'horse', name: 'Horse', side: 'heroes', class: 'hunter', level: 3, at: [2, 2], hp: 30, move: 8, ...over });
const labels = (t: Table, id = 'hero') => outerah.legalActions(t.state, id).map((o) => o.label);

describe('outerah taming and dismissing', () => {
  it('OUT-MNT-1, OUT-MNT-3: a Mount Tamer captures a tameable creature with an Animal Handling check against the DR by level; it keeps its level (ruling)', () => {
    // Boar level 3 against Hero level 1: 1–9 levels higher → DR 20. d20 + ⌊Wisdom 40 / 10⌋ 4
    const table = () => {
      const t = new Table(outerah, duel({ hero: tamer, extra: [boar()] }));
      t.start(5, 1, 1); // Hero 12, Boar 5 + 0 + 1 = 6, Foe 4
      return t;
    };
    const miss = table();
    expect(labels(miss)).toContain('Tame Boar as a mount (Primary action, Animal Handling)');
    // every option listed is a command accepted
    for (const o of outerah.legalActions(miss.state, 'hero')) expect(miss.engine.decide(miss.state, o.command, seededSource(7, 0)).ok, o.label).toBe(true);
    const ev = miss.dice(15).do({ type: 'tame', actor: 'hero', target: 'boar' });
    expect(miss.checks(ev)).toEqual(['d20(15) + Wisdom 40 ÷ 10 4 = 19 < DR (level 3 against 1) 20 → Boar will not be caught [OUT-MNT-1, OUT-MNT-3]']);
    expect(miss.unit('boar').side).toBe('wild');
    expect(miss.rejects({ type: 'tame', actor: 'hero', target: 'boar' })).toBe('action/cannot_tame'); // the Primary action is spent
    const t = table();
    const ok = t.dice(16).do({ type: 'tame', actor: 'hero', target: 'boar' });
    expect(t.checks(ok)).toEqual(['d20(16) + Wisdom 40 ÷ 10 4 = 20 ≥ DR (level 3 against 1) 20 → Boar is tamed [OUT-MNT-1, OUT-MNT-3]']);
    expect(t.lines(ok)).toContain("Hero captures Boar: it is Hero's mount now, at its own level 3, and moves only with Hero [OUT-MNT-1]");
    expect(t.unit('boar')).toMatchObject({ side: 'heroes', data: { level: 3, mountOf: 'hero' } });
    expect(t.unit('hero').data.mount).toEqual({ unit: 'boar', state: 'beside' });
    // it takes no turn of its own now, and Hero can get on it
    t.do({ type: 'ride', actor: 'hero' });
    const next = t.do({ type: 'end_turn', actor: 'hero' });
    expect(t.lines(next)).toContain('Boar cannot act (a mount moves only with Hero)');
    expect(t.unusedDice).toEqual([]);
  });

  it('OUT-MNT-1: no taming under 40 Wisdom, with a mount already, or of a creature not marked tameable', () => {
    const t = new Table(outerah, duel({ extra: [boar()] }));
    t.start(5, 1, 1);
    expect(t.rejects({ type: 'tame', actor: 'hero', target: 'boar' })).toBe('action/cannot_tame'); // Wisdom 20
    const m = new Table(outerah, duel({ hero: { ...tamer, mount: { unit: 'horse' } }, extra: [horse(), boar()] }));
    m.start(5, 1, 1, 1, 1); // the Horse and the Boar tie at 6: d2(1)
    expect(m.rejects({ type: 'tame', actor: 'hero', target: 'boar' })).toBe('action/cannot_tame');
    const f = new Table(outerah, duel({ hero: tamer, foe: { at: [2, 3] } }));
    f.start(5, 1);
    expect(f.rejects({ type: 'tame', actor: 'hero', target: 'foe' })).toBe('action/cannot_tame');
  });

  it('OUT-MNT-1: dismissing a mount mid-fight costs the mainhand (Primary) action, as summoning does (ruling); not a Feared or downed one', () => {
    const t = new Table(outerah, duel({ hero: { ...tamer, mount: { unit: 'horse' } }, extra: [horse()] }));
    t.start(5, 1, 1); // Hero 12, Horse 6, Foe 4
    expect(labels(t)).toContain('Dismiss Horse (Primary action)');
    const ev = t.do({ type: 'dismiss_mount', actor: 'hero' });
    expect(t.lines(ev)).toContain('Hero dismisses Horse in the heat of battle: its mainhand action is spent, as a summoning\'s is [OUT-MNT-1]');
    expect(t.unit('horse').status).toBe('removed');
    expect(t.unit('hero')).toMatchObject({ position: { x: 2, y: 2 }, data: { mount: { unit: 'horse', state: 'unsummoned' } } });
    expect(t.unit('hero').pools.primary.value).toBe(0);
    expect(t.rejects({ type: 'summon_mount', actor: 'hero' })).toBe('action/cannot_summon'); // no Primary left this turn
    t.do({ type: 'end_turn', actor: 'hero' });
    t.do({ type: 'end_turn', actor: 'foe' });
    t.do({ type: 'summon_mount', actor: 'hero' });
    expect(t.unit('horse')).toMatchObject({ status: 'active', position: { x: 2, y: 2 } });
    t.state.effects.push({ id: 'fx-fear', name: 'Feared Mount', target: 'horse', stacks: 1 } as never);
    t.do({ type: 'end_turn', actor: 'hero' });
    t.do({ type: 'end_turn', actor: 'foe' });
    expect(t.rejects({ type: 'dismiss_mount', actor: 'hero' })).toBe('action/cannot_dismiss');
  });

  it('OUT-OPEN-2, OUT-MNT-1, OUT-INIT-1: a side all gone to ground ends combat (a mount then comes without an action); the next attack restarts it with a new Speed check (ruling)', () => {
    // Hero (alone on its side, Mount Tamer, Horse not yet summoned) hides at (2,2) with Foe 4 cells off at (6,2)
    const t = new Table(outerah, duel({ hero: { ...tamer, mount: { unit: 'horse', state: 'unsummoned' } }, foe: { at: [6, 2], hp: 100 }, extra: [horse()] }));
    t.start(5, 1); // Hero 12, Foe 4 (the Horse is off the field: no Speed check)
    t.do({ type: 'hide', actor: 'hero' });
    let last: string[] = [];
    for (let r = 1; r <= 3; r++) {
      t.do({ type: 'end_turn', actor: 'hero' });
      last = t.lines(t.do({ type: 'end_turn', actor: 'foe' }));
    }
    expect(last).toContain('Every one of heroes is hidden and the enemy unaware of them: combat ends. No one is in combat now (a mount comes and goes without an action); the next attack restarts combat on the attacker\'s terms [OUT-OPEN-2]');
    // round 4: out of combat, the summoning costs nothing
    expect(labels(t)).toContain('Summon the mount (out of combat: free)');
    const summon = t.do({ type: 'summon_mount', actor: 'hero' });
    expect(t.lines(summon)).toContain("Hero summons Horse: out of combat it costs no action; from its next turn it moves with Horse's Movement and Jump [OUT-MNT-1, OUT-OPEN-2]");
    expect(t.unit('hero').pools.primary.value).toBe(1);
    t.do({ type: 'move', actor: 'hero', to: [5, 2] });
    // the Opener, head-on (50): crit D100(50), hit D100(30), 1d8(4) + 20 − 2 = 22 × Super 1.5 = 33 → 67; then the new
    // Speed check: Hero 6 + 1 + d12(1) = 8, Foe 2 + 1 + d12(12) = 15, Horse 5 + 0 + d12(3) = 8 — Hero and Horse tie:
    // the coin d2(1) puts Hero first. From round 5: Foe, Hero, Horse
    const ev = t.dice(50, 30, 4, 1, 12, 3, 1).do({ type: 'attack', actor: 'hero', target: 'foe', weapon: 'sword' });
    expect(t.lines(ev)).toContain('Hero strikes Foe: combat restarts — everyone rolls a new Speed check, which orders the fight from the next round [OUT-OPEN-2, OUT-INIT-1]');
    expect(t.checks(ev)[2]).toContain('Super Charge (Opener)');
    expect(t.hp('foe')).toBe(67);
    t.do({ type: 'end_turn', actor: 'hero' });
    t.do({ type: 'end_turn', actor: 'foe' });
    expect(t.state.turn.order.map((s) => s.unit)).toEqual(['foe', 'hero', 'horse']);
    expect(t.state.data.outOfCombat).toBeUndefined();
    expect(t.unusedDice).toEqual([]);
  });
});
