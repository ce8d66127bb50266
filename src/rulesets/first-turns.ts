/**
 * The first turns of an example, played as the odds tests play them (seeded dice, an attack every other
 * step, then the end of the turn; where no one is in reach by then, on by the ruleset's aggressive policy
 * until someone is), calling `visit` with every option's preview a unit is offered on the
 * way, from the example's text (the pure core reads no files). Tests only: the odds tests of the engine
 * and of the page walk the same previews.
 */
import { RandomStream, streamSource } from '../dice/index.ts';
import { createEngine, isRejection, type ActionOption, type Command, type EncounterState, type Preview, type UnitId } from '../engine/index.ts';
import { loadText } from './load.ts';

export const FIRST_TURNS = 4;
/** Where no option has odds in the first turns (everyone starts out of reach), play on this many more by the ruleset's own aggressive policy until one has. */
export const PLAY_ON = 24;

export function eachFirstTurnPreview(text: string, file: string, visit: (p: Preview, option: ActionOption, state: EncounterState, unit: UnitId) => void): number {
  const r = loadText(text, file);
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
  const closeIn = r.value.ruleset.policies?.aggressive;
  const more = (turn: number) => turn < FIRST_TURNS || (previewed === 0 && closeIn !== undefined && turn < FIRST_TURNS + PLAY_ON);
  for (let turn = 0, steps = 0; more(turn) && state.status === 'active' && steps < (turn < FIRST_TURNS ? 60 : 60 + 15 * PLAY_ON); steps++) {
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
      visit(pv, o, state, unit);
    }
    // play on: an attack once, then end the turn (the bot's way), so later turns come up
    const attack = options.find((o) => o.group !== 'move' && o.group !== 'turn' && typeof o.command.target === 'string');
    const end = options.find((o) => o.command.type === 'end_turn') ?? options.at(-1)!;
    const before = state.turn.index;
    // past the first turns no one has been in reach yet: close in as the ruleset's aggressive policy would
    if (turn >= FIRST_TURNS && closeIn) step(closeIn(state, unit, engine.listing(state, unit), () => 0).command);
    else step((attack && steps % 2 === 0 ? attack : end).command);
    if (state.turn.index !== before) turn++;
  }
  return previewed;
}
