/**
 * The browser bot's rule (bot-choice.ts) plays every registered ruleset's showcase example to its end
 * here, without a browser: the options the page would show become the StepView the bot reads. The
 * browser test (rulesets.test.ts) plays each showcase by the same rule; a rule that cannot end a fight
 * fails here in seconds. duel60 D60-STA-1: at 0 stamina a unit may still move and resting is its
 * choice — a bot that walks and ends its turn instead never recovers a stamina, and 14 of 20 seeded
 * fights of skirmish-3v3 stalled until it rested.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { RandomStream } from '../../src/dice/index.ts';
import { currentUnit, type ActionOption, type EncounterState, type Policy, type UnitId } from '../../src/engine/index.ts';
import { rulesets } from '../../src/rulesets/index.ts';
import { loadText } from '../../src/rulesets/load.ts';
import { EXAMPLES_DIR, showcaseOf } from '../../src/server/examples.ts';
import { playFrom } from '../../src/sim/fight.ts';
import { diceFor, prepareWith } from '../../src/sim/runner.ts';
import { chooseStep, OFFENSIVE, type StepView, type TurnMemo } from './bot-choice.ts';

const cheb = (a: { x: number; y: number }, b: { x: number; y: number }) => Math.max(Math.abs(a.x - b.x), Math.abs(a.y - b.y));

/** A move the page shows as a cell on the board (a zone move is a button: its `to` names the zone). */
const cellOf = (o: ActionOption) => (typeof o.move?.to === 'object' ? o.move.to : undefined);
const onBoard = (o: ActionOption) => cellOf(o) !== undefined;

/** The bot as a policy: the page's buttons and board cells read from the options the page is given. */
function botPolicy(): Policy {
  const memo: TurnMemo = { key: '', attacks: 0, moved: 0 };
  return (state: EncounterState, unit: UnitId, options: readonly ActionOption[]) => {
    const key = `${state.turn.round}|${currentUnit(state)}|${state.turn.index}`;
    if (memo.key !== key) Object.assign(memo, { key, attacks: 0, moved: 0 });
    const u = state.units[unit];
    const attacks = options.filter((o) => o.group === 'attack');
    const offensive = attacks.length ? attacks : options.filter((o) => OFFENSIVE.includes(o.group));
    // the board's cell buttons are the options with a cell to move to; the bot walks to one nearer a foe
    const foes = Object.values(state.units).filter((f) => f.side !== u.side && f.status === 'active' && f.position);
    const near = (c: { x: number; y: number }) => Math.min(...foes.map((f) => cheb(c, f.position!)));
    let nearer: ActionOption | undefined;
    if (u.position && foes.length) {
      let best = near(u.position);
      for (const o of options) {
        const to = o.command.type === 'move' ? cellOf(o) : undefined;
        if (to && near(to) < best) [nearer, best] = [o, near(to)];
      }
    }
    const group = (g: string) => options.filter((o) => o.group === g);
    const view: StepView = {
      answer: group('answer').length > 0,
      offensive: offensive.length > 0,
      nearer: nearer !== undefined,
      zoneMove: group('move').some((o) => !onBoard(o)),
      rest: group('rest').length > 0,
      endTurn: options.some((o) => o.command.type === 'end_turn'),
    };
    const choice = chooseStep(view, memo);
    const chosen = {
      answer: group('answer')[0],
      attack: offensive[0],
      move: nearer,
      'zone-move': group('move').find((o) => !onBoard(o)),
      rest: group('rest')[0],
      end: options.find((o) => o.command.type === 'end_turn'),
    }[choice ?? 'end'];
    if (!chosen) throw new Error(`no way forward for ${u.name}: ${options.map((o) => o.label).join('; ')}`);
    return chosen;
  };
}

const MAX_ROUNDS = 60;

describe('the browser bot plays each showcase to its end', () => {
  for (const [id, base] of Object.entries(rulesets)) {
    it(`${id}: ${showcaseOf(id)} ends within ${MAX_ROUNDS} rounds in each of 10 seeded fights`, () => {
      const file = showcaseOf(id)!;
      const loaded = loadText(readFileSync(join(EXAMPLES_DIR, file), 'utf8'), file);
      if (!loaded.ok) throw new Error(`${file} does not load`);
      const rounds: number[] = [];
      for (let seed = 1; seed <= 10; seed++) {
        // a fresh bot per fight: its memory of the turn is its own
        const ruleset = { ...base, policies: { ...base.policies, bot: botPolicy() } };
        const { engine, initial } = prepareWith(ruleset, loaded.value.doc);
        const state = engine.fork(initial);
        const choices = RandomStream.stream(seed, 1);
        const policies = Object.fromEntries(state.sides.map((s) => [s, 'bot']));
        const spec = { ruleset: id, doc: loaded.value.doc, seed, maxRounds: MAX_ROUNDS, policies };
        const r = playFrom(engine, state, { dice: diceFor(spec, 0), pick: (n) => choices.nextInt(n), maxRounds: MAX_ROUNDS, policies, commands: loaded.value.commands, unlogged: true });
        rounds.push(r.state.result?.outcome === 'timeout' ? Infinity : r.state.turn.round);
      }
      expect(rounds.filter((n) => n === Infinity).length, `rounds per fight: ${rounds.join(', ')}`).toBe(0);
    }, 120_000);
  }
});
