// Odds that agree with themselves: for every option of the first turns of every example of every
// registered ruleset, the preview's chance, damage, expected damage and damage on a hit describe one
// distribution (a flurry, a volley and an area included), the aimed-at unit comes first among those
// affected, and a chance comes with a line of why.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { RandomStream, streamSource, type Distribution } from '../dice/index.ts';
import { createEngine, isRejection, type Command, type EncounterState, type Preview } from '../engine/index.ts';
import { rulesets } from './index.ts';
import { loadText } from './load.ts';

const TURNS = 4;

/** The invariants one preview must hold; returns what is wrong, in words. */
function oddsProblems(p: Preview, cmd: Command, state: EncounterState): string[] {
  const bad: string[] = [];
  const close = (a: number, b: number) => Math.abs(a - b) < 1e-9;
  const check = (o: { chance?: number; damage?: Distribution; expectedDamage?: number; damageOnHit?: { min: number; max: number; mean: number } }, who: string) => {
    if (o.chance !== undefined && !(o.chance >= 0 && o.chance <= 1 + 1e-12)) bad.push(`${who}: chance ${o.chance}`);
    if (!o.damage) return;
    if (o.expectedDamage === undefined || !close(o.expectedDamage, o.damage.mean)) bad.push(`${who}: expected ${o.expectedDamage} is not the chart's mean ${o.damage.mean}`);
    if (o.chance !== undefined && o.chance > 1e-9) {
      const h = o.damageOnHit;
      if (!h) bad.push(`${who}: a chance to hit and damage, but no damage on a hit`);
      else {
        if (!close(h.mean * o.chance, o.damage.mean)) bad.push(`${who}: on a hit avg ${h.mean} × chance ${o.chance} ≠ expected ${o.damage.mean}`);
        if (h.max !== o.damage.max) bad.push(`${who}: on a hit up to ${h.max} but the chart goes to ${o.damage.max}`);
        if (h.min < o.damage.min) bad.push(`${who}: on a hit from ${h.min}, below the chart's ${o.damage.min}`);
      }
    }
  };
  check(p, 'the preview');
  if (p.chance !== undefined && !p.why) bad.push('a chance without a line of why');
  if (p.affected) {
    for (const a of p.affected) {
      if (!state.units[a.unit]) bad.push(`affected "${a.unit}" is no unit`);
      check(a, state.units[a.unit]?.name ?? a.unit);
    }
    if (typeof cmd.target === 'string' && p.affected[0]?.unit !== cmd.target) bad.push(`the aimed-at ${cmd.target} is not first among the affected`);
    const first = p.affected[0];
    if (first && p.damage && first.damage && !close(first.damage.mean, p.damage.mean)) bad.push('the aimed-at unit\'s damage is not the preview\'s');
  }
  return bad;
}

describe('odds agree with themselves on every option of the first turns of every example', () => {
  for (const id of Object.keys(rulesets)) {
    const dir = join('examples', id);
    for (const f of readdirSync(dir).filter((x) => /\.ya?ml$/.test(x))) {
      it(`${id}/${f}`, () => {
        const r = loadText(readFileSync(join(dir, f), 'utf8'), f);
        if (!r.ok) throw new Error(r.problems.map((p) => p.message).join('\n'));
        const engine = createEngine(r.value.ruleset);
        const dice = streamSource(RandomStream.stream(21, 0));
        let state = engine.replay(engine.create(r.value.doc));
        const step = (cmd: Command) => {
          const out = engine.decide(state, cmd, dice, { asGm: true });
          if (!out.ok) throw new Error(`${cmd.type}: ${out.rejection.message}`);
          state = out.state;
        };
        step({ type: 'start' });
        let previewed = 0;
        const problems: string[] = [];
        for (let turn = 0, steps = 0; turn < TURNS && state.status === 'active' && steps < 60; steps++) {
          const p = state.pending.find((x) => x.blocking !== false);
          const unit = p ? (p.answeredBy === 'gm' ? undefined : p.answeredBy) : engine.activeUnit(state);
          if (p && p.answeredBy === 'gm') {
            step({ type: 'answer', pending: p.id, choice: p.options[0] });
            continue;
          }
          if (!unit) break;
          const options = engine.legalActions(state, unit);
          for (const o of options) {
            const pv = engine.preview(state, o.command);
            if (isRejection(pv)) continue;
            previewed++;
            for (const b of oddsProblems(pv, o.command, state)) problems.push(`${o.label}: ${b}`);
          }
          // play on: an attack once, then end the turn (the bot's way), so later turns come up
          const attack = options.find((o) => o.group !== 'move' && o.group !== 'turn' && typeof o.command.target === 'string');
          const end = options.find((o) => o.command.type === 'end_turn') ?? options.at(-1)!;
          const before = state.turn.index;
          step((attack && steps % 2 === 0 ? attack : end).command);
          if (state.turn.index !== before) turn++;
        }
        expect(problems).toEqual([]);
        expect(previewed).toBeGreaterThan(0);
      });
    }
  }
});
