// The fight by number (issue 40, point 2) is a cache, never a second source of truth: the view of the units
// (fight-view.ts), the move search kept with it (move.ts reachFor) and the odds tables filled once per set-up
// (odds-table.ts) must answer what the state says now — after every command of played fights, and after a
// GM changes a stat or a weapon list. Each check below fails if a kept answer outlives what it came from.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { applyEvent, type EncounterState, type GridMap, type Unit } from '../../engine/index.ts';
import { knockbackMoves } from '../../engine/space/area.ts';
import { distance, parseCellKey } from '../../engine/space/grid.ts';
import { pathTo, reachable } from '../../engine/space/path.ts';
import { occupiedBy } from '../../engine/space/occupancy.ts';
import { attackAngle, FACINGS } from '../../engine/space/facing.ts';
import { loadText } from '../load.ts';
import { Table } from '../testing.ts';
import { eachSimulatedFight } from '../../../test/rulesets/example-turns.ts';
import { bestStrike } from './best-strike.ts';
import { attackOdds, pairing, pairingIn } from './blow-odds.ts';
import { knockedAwayFrom, takenBut, viewOf } from './fight-view.ts';
import { duel, foeStats, heroStats } from './fixtures.ts';
import { duel60 } from './index.ts';
import { ableToFight, enemiesOf, inCloseQuarters } from './model.ts';
import { movementTiles, reachableCells, reachFor } from './move.ts';
import { oddsAt, pairOdds, slotOf } from './odds-table.ts';
import { strikeOdds, strikesOf } from './strikes.ts';

const DIR = join('examples', 'duel60');
const ANGLES = ['front', 'side', 'back'] as const;

/** Everything the view and the kept search answer, held to the units as they stand. */
function holdsToTheUnits(s: EncounterState): number {
  let checks = 0;
  const units = s.unitOrder.map((id) => s.units[id]);
  const map = s.map as { width: number; height: number };
  for (const u of units) {
    // able enemies, in order, and close quarters: walked afresh
    expect(enemiesOf(s, u).map((o) => o.id)).toEqual(units.filter((o) => o.side !== u.side && ableToFight(o) && o.position).map((o) => o.id));
    if (u.position) expect(inCloseQuarters(s, u)).toBe(units.some((o) => o.side !== u.side && ableToFight(o) && o.position && distance(o.position, u.position!) <= 1));
    checks += 2;
  }
  // who stands where: every cell, for every pair of units left out
  for (const a of units) {
    for (const b of units) {
      const taken = occupiedBy(s.units, [a.id, b.id]);
      const want: boolean[] = [];
      const got: boolean[] = [];
      for (let y = 0; y < map.height; y++) {
        for (let x = 0; x < map.width; x++) {
          want.push(taken({ x, y }));
          got.push(takenBut(s, x, y, a.id, b.id));
        }
      }
      expect(got).toEqual(want);
      // a flurry's knock back from each tile around the target
      if (a.side !== b.side && a.position && b.position && b.status === 'active') {
        for (let dy = -1; dy <= 1; dy++) {
          for (let dx = -1; dx <= 1; dx++) {
            const from = { x: b.position.x + dx, y: b.position.y + dy };
            expect(knockedAwayFrom(s, from.x, from.y, a, b)).toBe(knockbackMoves(s.map as never, from, b.position, occupiedBy(s.units, [b.id, a.id])));
          }
        }
      }
      checks++;
    }
  }
  // the move search and the strikes kept for the view's version: as a copy of the state (no view) answers them now
  const copy = structuredClone(s);
  for (const u of units) {
    expect(strikesOf(s, u)).toEqual(strikesOf(copy, copy.units[u.id]));
    expect(strikesOf(s, u, u.pools.stamina.max)).toEqual(strikesOf(copy, copy.units[u.id], u.pools.stamina.max));
    checks += 2;
    if (u.status !== 'active' || !u.position) continue;
    // the search by number (MoveSearch) against the engine's string-keyed search of the units as they stand
    const kept = reachFor(s, u);
    expect(kept).toBe(reachableCells(s, u));
    const fresh = reachable(s.map as GridMap, u.position, movementTiles(copy, copy.units[u.id], false).tiles, { occupied: occupiedBy(copy.units, [u.id]) });
    expect([...kept.map()]).toEqual([...fresh]);
    expect(kept.tiles).toEqual([...fresh].filter(([, r]) => r.cost !== 0).map(([k]) => parseCellKey(k)));
    expect([...kept.tileCost]).toEqual([...fresh.values()].filter((r) => r.cost !== 0).map((r) => r.cost));
    // the best strike from the search's tiles, read through the tiles' kept grid (best-strike.ts) and through a copy of the list walked tile by tile
    for (const by of ['score', 'expected'] as const) {
      const viaGrid = bestStrike(s, u, kept.tiles, by);
      const walked = bestStrike(s, u, [...kept.tiles], by);
      expect(viaGrid && { ...viaGrid, target: viaGrid.target.id }).toEqual(walked && { ...walked, target: walked.target.id });
    }
    // every cell's place, cost and way there (one comparison a unit: the cells' answers side by side)
    const got: unknown[] = [];
    const want: unknown[] = [];
    for (let y = -1; y <= map.height; y++) {
      for (let x = -1; x <= map.width; x++) {
        const k = kept.placeOf(x, y);
        got.push(k >= 0 ? [kept.cost[k], kept.path(k)] : undefined);
        const r = fresh.get(`${x},${y}`);
        want.push(r ? [r.cost, pathTo(fresh, { x, y })] : undefined);
      }
    }
    expect(got).toEqual(want);
    checks++;
  }
  return checks;
}

/** Every attack's odds from the pair's table, held to attackOdds on a pairing read now. */
function tablesHold(s: EncounterState): number {
  let checks = 0;
  const units = s.unitOrder.map((id) => s.units[id]);
  for (const u of units) {
    if (u.status !== 'active') continue;
    for (const t of units) {
      if (t.side === u.side || !t.position) continue;
      const p = pairing(s, u, t);
      // the pairing kept by the view for this version: what the state says now
      viewOf(s);
      expect({ ...pairingIn(s, u, t), odds: undefined }).toEqual({ ...p, odds: undefined });
      const table = pairOdds(s, u, t, p);
      if (!table) continue;
      for (const st of strikesOf(s, u, u.pools.stamina.max)) {
        if (st.type !== 'attack') continue;
        for (const vital of [false, true]) {
          const slot = slotOf(table, { ...st, vital });
          for (let seen = 0; seen < 3; seen++) {
            for (const cqc of [false, true]) {
              for (const away of [false, true]) {
                const k = oddsAt(table, slot, seen, cqc, away);
                const fresh = attackOdds(pairing(s, u, t), st.weapon ?? null, st.count, vital, ANGLES[seen], cqc, away, 1);
                expect([table.entries[k], table.entries[k + 1]]).toEqual([fresh.expected, fresh.score]);
                checks++;
              }
            }
          }
        }
      }
    }
  }
  return checks;
}

describe('duel60 fight by number: kept answers never outlive the state they came from', () => {
  for (const f of readdirSync(DIR).filter((x) => x.endsWith('.yaml'))) {
    it(`${f}: after every command, the view, the kept search and the odds tables answer what the units say`, () => {
      const r = loadText(readFileSync(join(DIR, f), 'utf8'), f);
      if (!r.ok) throw new Error(r.problems.map((p) => p.message).join('\n'));
      let checks = 0;
      // the policy made a view at the version before each command (in place: the same state object)
      eachSimulatedFight('duel60', r.value.doc, { seed: 5, fights: 3 }, (s) => {
        checks += holdsToTheUnits(s);
        checks += tablesHold(s);
      });
      expect(checks).toBeGreaterThan(1000);
    }, 120_000);
  }

  it('D60-HIT-1: a GM raising a stat or changing a weapon mid-fight changes the odds read from the kept tables', () => {
    const t = new Table(duel60, duel({ hero: { weapons: ['sword'] }, foe: { weapons: ['club'] } }));
    t.start();
    const s = t.state;
    const hero = (): Unit => s.units.hero;
    const foe = (): Unit => s.units.foe;
    const sword = () => strikesOf(s, hero()).find((x) => x.weapon?.id === 'sword')!;
    const fresh = () => attackOdds(pairing(s, hero(), foe()), sword().weapon!, 1, false, 'front', true, false, 1);
    viewOf(s);
    const before = strikeOdds(s, hero(), foe(), sword(), hero().position!)!;
    expect(before).toEqual({ expected: fresh().expected, score: fresh().score });
    // Agility 20 → 50 (heroStats): the margin moves, and so must the odds the table gives
    applyEvent(s, { type: 'stat.set', unit: 'hero', stat: 'agility', value: heroStats.agility + 30 });
    const raised = strikeOdds(s, hero(), foe(), sword(), hero().position!)!;
    expect(raised.expected).toBeGreaterThan(before.expected);
    expect(raised).toEqual({ expected: fresh().expected, score: fresh().score });
    // the target's Endurance 15 → 45 (foeStats): the damage table moves
    applyEvent(s, { type: 'stat.set', unit: 'foe', stat: 'endurance', value: foeStats.endurance + 30 });
    const tougher = strikeOdds(s, hero(), foe(), sword(), hero().position!)!;
    expect(tougher.expected).toBeLessThan(raised.expected);
    expect(tougher).toEqual({ expected: fresh().expected, score: fresh().score });
    // a heavier sword put in by a GM (a new weapon list): the table of the old list is not read
    const weapons = (hero().data.weapons as unknown as { id: string; damage: number }[]).map((w) => (w.id === 'sword' ? { ...w, damage: w.damage + 20 } : w));
    applyEvent(s, { type: 'unit.data', unit: 'hero', key: 'weapons', value: weapons as never });
    const heavier = strikeOdds(s, hero(), foe(), sword(), hero().position!)!;
    expect(heavier.expected).toBeGreaterThan(tougher.expected);
    expect(heavier).toEqual({ expected: fresh().expected, score: fresh().score });
    // the angle table agrees with attackAngle for every facing and step around the target
    for (const facing of FACINGS) {
      applyEvent(s, { type: 'unit.faced', unit: 'foe', facing });
      for (const from of [{ x: 1, y: 1 }, { x: 3, y: 0 }, { x: 3, y: 2 }, { x: 2, y: 0 }, { x: 2, y: 2 }]) {
        const seen = attackAngle(from, foe().position!, facing);
        const want = attackOdds(pairing(s, hero(), foe()), sword().weapon!, 1, false, seen, distance(from, foe().position!) <= 1, false, 1);
        expect(strikeOdds(s, hero(), foe(), sword(), from)).toEqual({ expected: want.expected, score: want.score });
      }
    }
  });
});
