// The odds played out from `decide` (Ruleset.oddsByEnumeration) and the policy's narrow question (expected.ts):
// on every option of every example's opening decisions, as the GM and as the acting side knows its foes, the
// policy's expected damage is the odds' own. (Before the hand-written preview was deleted, this file held the
// played-out odds equal to it on every option — chance, damage, words and affected units: commit 38af61c.)
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { RandomStream, streamSource } from '../../dice/index.ts';
import { createEngine, isRejection, type Command, type EncounterState } from '../../engine/index.ts';
import { loadText } from '../load.ts';
import { deviceExpected, attackExpected } from './expected.ts';
import { frontline } from './index.ts';
import { dataOf, knownTo } from './model.ts';

const dir = new URL('../../../examples/frontline/', import.meta.url);
const files = readdirSync(dir).filter((f) => f.endsWith('.yaml'));
const engine = createEngine(frontline);

/** The policy's expected damage of an option, as `side` knows its foes (undefined: as they are). */
function policyExpected(state: EncounterState, cmd: Command, side?: string): number {
  const u = state.units[cmd.actor!];
  if (cmd.type !== 'attack') return deviceExpected(state, cmd, side);
  const w = dataOf(u).weapons.find((x) => x.id === dataOf(u).equipped)!;
  return attackExpected(state, u, state.units[cmd.target as string], w, side);
}

function compareAlong(file: string, seed: number, decisions: number): number {
  const r = loadText(readFileSync(new URL(file, dir), 'utf8'), file);
  if (!r.ok) throw new Error(r.problems.map((p) => p.message).join('; '));
  const dice = streamSource(RandomStream.stream(seed, 0));
  let state = engine.replay(engine.create(r.value.doc));
  const step = (cmd: Command) => {
    const d = engine.decide(state, cmd, dice);
    if (!d.ok) throw new Error(d.rejection.message);
    state = d.state;
  };
  step({ type: 'start' });
  let compared = 0;
  for (let n = 0; n < decisions && state.status === 'active'; n++) {
    const unit = engine.activeUnit(state);
    if (!unit) break;
    const side = state.units[unit].side;
    for (const o of engine.legalActions(state, unit)) {
      if (!['attack', 'gadget', 'stream'].includes(o.command.type)) continue;
      for (const [known, as] of [[state, undefined], [knownTo(state, side), side]] as const) {
        const p = engine.preview(known, o.command);
        if (isRejection(p)) throw new Error(`${o.label}: ${p.message}`);
        // a heal harms no one: no chart, and the policy expects nothing of it
        expect(policyExpected(state, o.command, as), `${file} seed ${seed} step ${n}: ${o.label}${as ? ` as ${as} knows` : ''}`).toBeCloseTo(p.expectedDamage ?? 0, 12);
        compared++;
      }
    }
    step(frontline.policies!.aggressive(state, unit, engine.listing(state, unit), () => 0).command);
  }
  return compared;
}

describe('frontline: the policy\'s expected damage is the odds played out from decide', () => {
  for (const file of files) {
    it(`${file}: every attack and device of the opening decisions (FRL-ATK-1, FRL-DMG-1, FRL-DMG-2, FRL-DMG-3, FRL-ACT-2)`, () => {
      expect(compareAlong(file, 21, 12)).toBeGreaterThan(4);
    }, 120_000);
  }
});
