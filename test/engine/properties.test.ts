// Property tests of the engine with a real ruleset (phase20): random legal play, checked invariants.
// (Lives in test/ because src/engine tests may not import a ruleset.)
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { seededSource } from '../../src/dice/index.ts';
import { createEngine, EncounterLog, replayLog, viewLog, viewState, type EncounterState } from '../../src/engine/index.ts';
import { loadText } from '../../src/rulesets/load.ts';

function loadExample(path: string) {
  const r = loadText(readFileSync(path, 'utf8'), path);
  if (!r.ok) throw new Error(JSON.stringify(r.problems));
  return r.value;
}

const cave = loadExample('examples/phase20/goblin-cave.yaml');
const crossroads = loadExample('examples/phase20/crossroads-4v4.yaml');

/** Play `steps` random legal commands (or until the end) from a seed; check invariants after each. */
function randomPlay(example: typeof cave, seed: number, steps: number, check: (log: EncounterLog, before: EncounterState) => void) {
  const engine = createEngine(example.ruleset);
  const log = new EncounterLog(engine);
  log.create(example.doc);
  const dice = seededSource(seed, 0);
  const pick = seededSource(seed, 1);
  log.execute({ type: 'start' }, dice);
  for (let i = 0; i < steps && log.state.status === 'active'; i++) {
    const unit = engine.activeUnit(log.state)!;
    const options = engine.legalActions(log.state, unit);
    const before = structuredClone(log.state);
    const cmd = options[pick.roll(options.length) - 1].command;
    const r = log.execute(cmd, dice);
    expect(r.ok, `legal option ${JSON.stringify(cmd)} was rejected: ${r.ok ? '' : r.rejection.message}`).toBe(true);
    check(log, before);
  }
  return log;
}

describe('engine properties (phase20, random legal play)', () => {
  it('replaying the log gives the live state; same seed gives the same events', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1e9 }), (seed) => {
        const a = randomPlay(crossroads, seed, 120, () => {});
        expect(replayLog(a.engine, a.events)).toEqual(a.state);
        const b = randomPlay(crossroads, seed, 120, () => {});
        expect(b.events).toEqual(a.events);
      }),
      { numRuns: 15 },
    );
  });

  it('pools stay within bounds and the turn order is always a permutation of units in the fight', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1e9 }), (seed) => {
        randomPlay(cave, seed, 150, (log) => {
          for (const u of Object.values(log.state.units)) {
            for (const [name, p] of Object.entries(u.pools)) {
              expect(p.value, `${u.id}.${name}`).toBeGreaterThanOrEqual(p.min ?? 0);
              expect(p.value, `${u.id}.${name}`).toBeLessThanOrEqual(p.max);
            }
          }
          const slots = log.state.turn.order.map((s) => s.unit).sort();
          const inFight = log.state.unitOrder.filter((id) => ['active', 'down'].includes(log.state.units[id].status)).sort();
          expect(new Set(slots).size).toBe(slots.length);
          for (const id of inFight) expect(slots).toContain(id);
        });
      }),
      { numRuns: 15 },
    );
  });

  it('a rejected command leaves the state identical', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1e9 }), fc.constantFrom('attack', 'cast', 'move', 'help', 'sprint', 'teleport'), fc.string(), (seed, type, junk) => {
        const log = randomPlay(cave, seed, 10, () => {});
        if (log.state.status !== 'active') return;
        const before = JSON.stringify(log.state);
        const others = log.state.unitOrder.filter((id) => id !== log.engine.activeUnit(log.state));
        const cmd = { type, actor: others[0], target: junk, to: [99, 99] };
        const r = log.execute(cmd, seededSource(seed, 2));
        expect(r.ok).toBe(false);
        expect(JSON.stringify(log.state)).toBe(before);
      }),
      { numRuns: 30 },
    );
  });

  it('nothing hidden survives a player\'s projection — not in state, not in the log', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1e9 }), (seed) => {
        // goblin-cave hides g3 ("Goblin Sneak") and gives it GM notes
        const log = randomPlay(cave, seed, 60, () => {});
        const viewer = { role: 'player' as const, player: 'p1' };
        const hidden = Object.values(log.state.units).filter((u) => u.hidden);
        const secrets = [...hidden.flatMap((u) => [u.id, u.name]), 'Hidden until it strikes', 'gmNotes'];
        const seen = JSON.stringify(viewState(log.state, viewer)) + JSON.stringify(viewLog(log.events, viewer, log.engine.ruleset.appliers, { secretPools: log.engine.ruleset.secretPools }));
        for (const s of secrets) expect(seen.includes(`"${s}"`) || seen.includes(s + '"') || seen.includes(`"${s}`), `leaked ${s}`).toBe(false);
      }),
      { numRuns: 10 },
    );
  });
});

describe('views of secret pools and actions', () => {
  it('a player sees its own side\'s hit points but not the enemy\'s; actions naming hidden units are withheld', async () => {
    const { viewActions } = await import('../../src/engine/index.ts');
    const engine = createEngine(cave.ruleset);
    const log = new EncounterLog(engine);
    log.create(cave.doc);
    const state = structuredClone(log.state);
    const rules = { secretPools: ['hp'] };
    const view = viewState(state, { role: 'player', player: 'p1' }, rules);
    expect(view.units.kara.pools.hp).toBeDefined(); // own
    expect(view.units.pell.pools.hp).toBeDefined(); // ally, controlled by p2
    expect(view.units.g1.pools.hp).toBeUndefined(); // enemy
    const options = [{ command: { type: 'attack', target: 'g3' } }, { command: { type: 'attack', target: 'g1' } }];
    expect(viewActions(state, options, { role: 'player', player: 'p1' })).toEqual([options[1]]);
    expect(viewActions(state, options, { role: 'gm' })).toEqual(options);
  });
});
