/**
 * The contract's clauses on what `legalActions` lists: walking fights of random and of policy play, every option
 * listed (or an even spread of them, when there are many) is decided on a copy and must be accepted; and
 * every preview the ruleset gives of one is a probability: a chance in [0, 1], a damage distribution whose
 * mass is 1, an expected damage equal to its mean.
 */
import { RandomStream, streamSource } from '../../dice/index.ts';
import { currentUnit, isRejection, type ActionOption, type Engine, type EncounterState, type Ruleset } from '../../engine/index.ts';
import { policyFor, randomPolicy } from '../policies.ts';
import { diceFor, prepareWith } from '../runner.ts';
import { clause, Problems, type Clause } from './clause.ts';
import { specOf, type LoadedExample } from './examples.ts';

const EPS = 1e-9;

/** Up to `n` options spread over the list, the first and the last among them. */
function spread(options: readonly ActionOption[], n: number): ActionOption[] {
  if (options.length <= n) return [...options];
  return Array.from({ length: n }, (_, i) => options[Math.round((i * (options.length - 1)) / (n - 1))]);
}

/** The options to try: moves (often hundreds of cells) spread thin, everything else up to twice as many. */
function toTry(options: readonly ActionOption[], n: number): ActionOption[] {
  const isMove = (o: ActionOption) => o.move !== undefined || o.group === 'move';
  return [...spread(options.filter((o) => !isMove(o)), 2 * n), ...spread(options.filter(isMove), Math.ceil(n / 2))];
}

function whoDecides(state: EncounterState): string | undefined {
  const p = state.pending[0];
  if (p) return p.answeredBy === 'gm' ? undefined : p.answeredBy;
  return currentUnit(state);
}

/** Problems with one preview, undefined when it reads as odds should, null when there are no odds of it. */
function previewProblem(engine: Engine, state: EncounterState, option: ActionOption): string | undefined | null {
  const p = engine.preview(state, option.command);
  if (isRejection(p) || (p.chance === undefined && !p.damage)) return null; // no odds for this kind of command: nothing to hold it to
  if (p.chance !== undefined && !(p.chance >= -EPS && p.chance <= 1 + EPS)) return `chance ${p.chance} is not in [0, 1]`;
  if (p.damage) {
    const mass = p.damage.probs.reduce((a, b) => a + b, 0) + p.damage.tailMass;
    if (Math.abs(mass - 1) > 1e-6) return `the damage distribution's chances sum to ${mass}, not 1`;
    if (p.damage.probs.some((x) => x < -EPS)) return 'the damage distribution has a negative chance';
    if (p.expectedDamage !== undefined && Math.abs(p.expectedDamage - p.damage.mean) > 1e-6 * Math.max(1, Math.abs(p.damage.mean))) {
      return `expected damage ${p.expectedDamage} is not the distribution's mean ${p.damage.mean}`;
    }
  }
  return undefined;
}

export interface OptionsCheck {
  accepted: Clause;
  previews: Clause;
}

/** Walk `fights` fights of random legal play per example, checking up to `perStep` options at each of up to `steps` decisions. */
export function optionsHold(ruleset: Ruleset, examples: readonly LoadedExample[], fights = 2, steps = 60, perStep = 12): OptionsCheck {
  const rejected = new Problems();
  const odds = new Problems();
  let tried = 0;
  let previewed = 0;
  for (const ex of examples) {
    const { engine, initial } = prepareWith(ruleset, ex.loaded.doc);
    for (let f = 0; f < fights; f++) {
      const dice = diceFor(specOf(ruleset, ex, 11 + f), 0);
      const choices = RandomStream.stream(11 + f, 1);
      const probe = RandomStream.stream(11 + f, 2);
      let state = engine.fork(initial);
      // start it and play a scenario's script, then walk decision by decision
      for (const cmd of [{ type: 'start' }, ...ex.loaded.commands]) {
        const d = engine.decide(state, cmd, dice, { inPlace: true });
        if (!d.ok) throw new Error(`${ex.file}: ${cmd.type} was refused: ${d.rejection.message}`);
        state = d.state;
      }
      for (let s = 0; s < steps && state.status === 'active'; s++) {
        const unit = whoDecides(state);
        if (unit === undefined) {
          // the GM's call: answered at random, as the simulator does
          const p = state.pending[0];
          const d = engine.decide(state, { type: 'answer', pending: p.id, choice: p.options[choices.nextInt(p.options.length)] }, dice, { inPlace: true });
          if (!d.ok) break;
          state = d.state;
          continue;
        }
        const options = engine.legalActions(state, unit);
        if (!options.length) break;
        for (const o of toTry(options, perStep)) {
          tried++;
          const d = engine.decide(engine.fork(state), o.command, streamSource(RandomStream.stream(probe.nextInt(1 << 30), 0)), { inPlace: true });
          if (!d.ok) rejected.add(`${ex.file}, round ${state.turn.round}: "${o.label}" (${JSON.stringify(o.command)}) was listed for ${unit} but refused: ${d.rejection.code}: ${d.rejection.message}`);
          if (ruleset.preview) {
            const why = previewProblem(engine, state, o);
            if (why !== null) previewed++;
            if (why) odds.add(`${ex.file}, round ${state.turn.round}: the odds of "${o.label}": ${why}`);
          }
        }
        // the first fight at random (wide: every kind of option comes up), the next by the file's own policies (they close in and strike)
        const policy = f % 2 === 0 ? randomPolicy : policyFor(ruleset, state, unit);
        const chosen = policy(state, unit, options, (n) => choices.nextInt(n));
        const d = engine.decide(state, chosen.command, dice, { inPlace: true });
        if (!d.ok) break; // already reported above when it was among the spread
        state = d.state;
      }
    }
  }
  return {
    accepted: clause('listed options are accepted', `${tried} options listed in ${fights * examples.length} fights, random and by policy`, rejected),
    previews: clause('previews sum to 1', ruleset.preview ? `the odds of ${previewed} of those options` : 'no preview: nothing to check', odds),
  };
}
