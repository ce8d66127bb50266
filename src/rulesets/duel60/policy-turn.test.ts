// The aggressive policy's own turn: whom it can reach, moving first or striking now, closing in, Block.
import { describe, expect, it } from 'vitest';
import { attackAngle } from '../../engine/space/facing.ts';
import { distance } from '../../engine/space/grid.ts';
import { listingOf, type Command } from '../../engine/index.ts';
import { Table } from '../testing.ts';
import { duel, foeStats, heroStats } from './fixtures.ts';
import { duel60 } from './index.ts';
import { aggressive } from './policy.ts';
import { strikeOdds, strikesOf } from './strikes.ts';

type Over = Record<string, unknown>;

/** A wall down column x = 3 from the top to row 8 (row 9 is the way round). */
const wall = { map: { width: 10, height: 10, terrain: Array.from({ length: 9 }, (_, y) => ({ at: [3, y], blocksMove: true })) } };

const never = () => {
  throw new Error('the policy consulted pick');
};

/** The commands the policy gives `id` for the rest of its turn (and its own pending answers); every d60 rolls 30. */
function turn(t: Table, id: string, max = 8): Command[] {
  const out: Command[] = [];
  for (let i = 0; i < max && t.state.status === 'active'; i++) {
    const who = t.state.pending[0]?.answeredBy ?? t.active;
    if (who !== id) break;
    const o = aggressive(t.state, id, t.engine.listing(t.state, id), never);
    out.push(o.command);
    t.dice(...Array<number>(20).fill(30)).do(o.command);
  }
  return out;
}

const to = (c: Command) => ({ x: (c.to as number[])[0], y: (c.to as number[])[1] });

function table(hero: Over, foe: Over, extra: Over[] = [], doc?: Over) {
  const t = new Table(duel60, duel({ hero, foe, extra, ...(doc ? { doc } : {}) }));
  t.start();
  return t;
}

describe('duel60 aggressive policy: whom it can reach', () => {
  it('walks up to a weak Brute it can reach and strikes it, rather than throw knives at a weaker Imp who would Evade them', () => {
    // knives fly at speed 30: the Imp's Agility 30 evades them; the Hero (6 tiles a move) reaches the Brute, not the Imp
    const imp = { id: 'imp', name: 'Imp', side: 'brutes', at: [9, 8], stats: { ...foeStats, agility: 30 }, start: { health: 5 } };
    const t = table({ weapons: ['knife'] }, { at: [5, 1], start: { health: 12 } }, [imp]);
    const [first, second] = turn(t, 'hero');
    expect(first.type).toBe('move');
    expect(distance(to(first), { x: 5, y: 1 })).toBe(1);
    expect(['attack', 'throw']).toContain(second.type); // knives thrown from next to it land at once
    expect(second.target).toBe('foe');
  });

  it('strikes the enemy it can reach this turn around a wall, not the one nearest by tiles behind it', () => {
    // the Runt at (4,1) is 3 tiles off but ~15 steps round the wall; the Brute at (1,7) is 5 steps away
    const runt = { id: 'runt', name: 'Runt', side: 'brutes', at: [4, 1], stats: foeStats, start: { health: 6 } };
    const t = table({}, { at: [1, 7] }, [runt], wall);
    const [first, second] = turn(t, 'hero');
    expect(first.type).toBe('move');
    expect(distance(to(first), { x: 1, y: 7 })).toBe(1);
    expect(second).toMatchObject({ type: 'attack', target: 'foe' });
  });

  it('with no one in reach this turn, closes in on the enemy it can strike soonest, walking round walls', () => {
    // Speed 0: 3 tiles a move. The Brute at (1,8) is two moves away; the Runt behind the wall five.
    const runt = { id: 'runt', name: 'Runt', side: 'brutes', at: [4, 1], stats: foeStats, start: { health: 6 } };
    const t = table({ stats: { ...heroStats, speed: 0 } }, { at: [1, 8], stats: { ...foeStats, speed: 0 } }, [{ ...runt, stats: { ...foeStats, speed: 0 } }], wall);
    t.passUntil('hero');
    const [first] = turn(t, 'hero');
    expect(first.type).toBe('move');
    expect(to(first).y).toBe(4); // 3 rows toward the Brute
  });
});

describe('duel60 aggressive policy: moving first or striking now', () => {
  it('D60-CQC-2, D60-FLK-1: steps to the flank before striking when its Speed lets it flank in close quarters', () => {
    // Speed 40 against 20: +20 ≥ 17, a side blow (−16 Agility) — worth more than a blow from the front
    const t = table({ stats: { ...heroStats, speed: 40 } }, { facing: 'W' });
    const [first, second] = turn(t, 'hero');
    expect(first.type).toBe('move');
    expect(attackAngle(to(first), { x: 2, y: 1 }, 'W')).not.toBe('front');
    expect(second).toMatchObject({ type: 'attack', target: 'foe' });
    // without the Speed a flank counts as the front: it strikes from where it stands
    const slow = table({ stats: { ...heroStats, speed: 30 } }, { facing: 'W' });
    expect(turn(slow, 'hero')[0]).toMatchObject({ type: 'attack', target: 'foe' });
  });

  it('D60-PRJ-1: steps in so a projectile lands this turn rather than throw one that flies two', () => {
    // knives fly 3 tiles a turn; the Brute (Agility 10, no Evade) is 5 away: from here a knife lands only if it stays put
    const t = table({ weapons: ['knife'] }, { at: [6, 1] });
    const hero = t.unit('hero');
    const knives = strikesOf(t.state, hero).find((s) => s.type === 'throw')!;
    expect(strikeOdds(t.state, hero, t.unit('foe'), knives, { x: 1, y: 1 })!.expected).toBe(0);
    expect(strikeOdds(t.state, hero, t.unit('foe'), knives, { x: 3, y: 1 })!.expected).toBeGreaterThan(0);
    const [first, second] = turn(t, 'hero');
    expect(first.type).toBe('move');
    expect(['attack', 'throw']).toContain(second.type);
    expect(second.target).toBe('foe');
  });

  it('D60-PRJ-1: never throws into an ally standing on the line', () => {
    const pal = { id: 'pal', name: 'Pal', side: 'heroes', at: [2, 1], stats: heroStats };
    const t = table({ weapons: ['knife'], stats: { ...heroStats, speed: 0 } }, { at: [3, 1] }, [pal]);
    t.passUntil('hero');
    const hero = t.unit('hero');
    const knives = strikesOf(t.state, hero).find((s) => s.type === 'throw')!;
    expect(strikeOdds(t.state, hero, t.unit('foe'), knives, hero.position!)).toBeNull();
    const cmds = turn(t, 'hero');
    expect(cmds[0].type).not.toBe('throw'); // from (1,1) the knife would meet Pal first
    // whatever it threw after moving, none of it flies at Pal
    expect(t.state.pending.some((p) => p.answeredBy === 'pal')).toBe(false);
    expect(t.hp('pal')).toBe(heroStats.health);
  });
});

describe('duel60 aggressive policy: the Block stance (D60-BLK-1)', () => {
  it('after striking in close quarters, Blocks with the movement it has no use for — bare, as a critical would break its sword', () => {
    const t = table({ weapons: ['sword'] }, {});
    const cmds = turn(t, 'hero');
    expect(cmds[0]).toMatchObject({ type: 'attack', target: 'foe' });
    expect(cmds[1]).toEqual({ type: 'block', actor: 'hero' });
    expect(t.unit('hero').data.blocking).toEqual({ weapon: null });
  });

  it('Blocks with a weapon when no blow the enemy could land would break it', () => {
    // a Buckler of 14: the Brute's fists (Strength 35) deal 6 + 2 against Endurance 20, 6 against 20 + 14;
    // even its critical (12) stays under the Buckler's 14
    const buckler = { id: 'buckler', name: 'Buckler', damage: 14, type: 'blunt', stamina: 3 };
    const t = table({ weapons: [buckler] }, { stats: { ...foeStats, strength: 35 } });
    const cmds = turn(t, 'hero');
    expect(cmds.at(-1)).toEqual({ type: 'block', actor: 'hero', weapon: 'buckler' });
  });

  it('does not Block while a move could bring it closer: far from everyone it closes in', () => {
    const t = table({ stats: { ...heroStats, speed: 0 } }, { at: [9, 9] });
    t.passUntil('hero');
    expect(turn(t, 'hero').map((c) => c.type)).toEqual(['move']);
  });
});

describe('duel60 aggressive policy: determinism', () => {
  it('the same state gets the same choice, and pick is never consulted', () => {
    const t = table({ weapons: ['knife', 'sword'] }, { at: [5, 3] }, [{ id: 'imp', name: 'Imp', side: 'brutes', at: [7, 7], stats: foeStats }]);
    const options = t.engine.legalActions(t.state, 'hero');
    const a = aggressive(t.state, 'hero', listingOf(options), never);
    const b = aggressive(t.state, 'hero', listingOf([...options]), never);
    expect(b.command).toEqual(a.command);
  });
});
