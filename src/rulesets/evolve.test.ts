// `evolve` shares with the state before it all that an event leaves alone (src/engine/apply.ts): over
// fights of every example of every ruleset, with GM overrides mixed in, each step must give exactly what
// a deep copy would, and leave the state before it as it was.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { RandomStream, streamSource } from '../dice/index.ts';
import { cloneJson } from '../engine/clone.ts';
import { applyEvent, createEngine, EncounterLog, evolve, type Command, type EncounterState } from '../engine/index.ts';
import { rulesetsUnderTest } from './under-test.ts';
import { loadText } from './load.ts';

/** A GM override now and then, so every kind of core event comes up. */
function override(s: EncounterState, n: number): Command | undefined {
  const ids = s.unitOrder;
  const u = ids[n % ids.length];
  switch (n % 9) {
    case 0: return { type: 'gm.hide', unit: u, hidden: !s.units[u].hidden };
    case 1: return { type: 'gm.set_data', unit: u, key: 'mark', value: { n } };
    case 2: return { type: 'gm.apply_effect', effect: { name: 'Mark', target: u, remaining: 2 } };
    case 3: return s.effects.length ? { type: 'gm.set_effect', id: s.effects[0].id, remaining: 3 } : undefined;
    case 4: return { type: 'gm.add_unit', unit: { id: `x${n}`, name: `X${n}`, side: s.units[u].side, pools: { hp: { value: 3, max: 3 } } } };
    case 5: return { type: 'gm.set_side', unit: u, side: `side${n % 2}` };
    case 6: return { type: 'gm.remove_unit', unit: u };
    case 7: return { type: 'suggest', text: 'heal?', proposal: { type: 'gm.heal', unit: u, amount: 1 } };
    default: return undefined;
  }
}

describe('evolve shares what an event leaves alone', () => {
  for (const ruleset of rulesetsUnderTest()) {
    const dir = join('examples', ruleset.id);
    for (const f of readdirSync(dir).filter((x) => x.endsWith('.yaml'))) {
      it(`${ruleset.id}/${f}: every step equals a deep copy's, and the state before stays as it was`, () => {
        const loaded = loadText(readFileSync(join(dir, f), 'utf8'), f);
        if (!loaded.ok) throw new Error(loaded.problems[0].message);
        const engine = createEngine(ruleset);
        const log = new EncounterLog(engine);
        log.create(loaded.value.doc);
        const dice = streamSource(RandomStream.stream(9, 0));
        const pick = RandomStream.stream(9, 1);
        log.execute({ type: 'start' }, dice);
        for (let n = 0; n < 60 && log.state.status === 'active'; n++) {
          const extra = n % 3 === 0 ? override(log.state, n) : undefined;
          if (extra && log.execute(extra, dice).ok) continue;
          const unit = engine.activeUnit(log.state);
          const options = unit ? engine.legalActions(log.state, unit) : [];
          if (!options.length) break;
          log.execute(options[pick.nextInt(options.length)].command, dice);
        }
        let s = engine.replay(log.events.slice(0, 1));
        for (const e of log.events.slice(1)) {
          if (e.type === 'undo' || e.type === 'redo') break;
          const before = JSON.stringify(s);
          const deep = applyEvent(cloneJson(s), e, ruleset.appliers);
          const shared = evolve(s, e, ruleset.appliers);
          expect(shared, `${e.seq} ${e.type}`).toEqual(deep);
          expect(JSON.stringify(s), `${e.seq} ${e.type} changed the state before it`).toBe(before);
          s = shared;
        }
        expect(s).toEqual(log.state);
      });
    }
  }
});
