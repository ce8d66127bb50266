/**
 * The contract's clause on views: with one enemy hidden from the start, a fight played to its
 * end shows a player no trace of it — not in the state as the player sees it at any point, not in any
 * event of the player's log (its id as a value or a key; the engine's own check catches its name in text).
 * Nor of any secret: the player's view of a world whose secrets (the ruleset's secret state, secret pools,
 * the hidden unit's values) differ is the same, byte for byte (secrets.ts).
 */
import { RandomStream } from '../../dice/index.ts';
import { createEngine, EncounterLog, listingOf, viewLog, viewRulesOf, type GameEvent, type LoggedEvent, viewState, type Ruleset, type Viewer, type ViewRules } from '../../engine/index.ts';
import { diceFor } from '../runner.ts';
import { policyFor } from '../policies.ts';
import { clause, Problems, type Clause } from './clause.ts';
import { specOf, type LoadedExample } from './examples.ts';
import { worldsDiffer } from './secrets.ts';

const PLAYER: Viewer = { role: 'player', player: 'contract-player' };

/** Paths in `value` where `id` appears as a string or a key. */
export function mentions(value: unknown, id: string, path = '', out: string[] = []): string[] {
  if (out.length >= 3) return out;
  if (value === id) out.push(path || '(the value)');
  else if (Array.isArray(value)) value.forEach((v, i) => mentions(v, id, `${path}[${i}]`, out));
  else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      if (k === id) out.push(path ? `${path}.${k}` : k);
      mentions(v, id, path ? `${path}.${k}` : k, out);
    }
  }
  return out;
}

/** `rules`: the views' reading of the ruleset (a test gives a broken one to see the clause catch it). */
export function viewsHide(ruleset: Ruleset, examples: readonly LoadedExample[], maxCommands = 400, rules: ViewRules = viewRulesOf(ruleset)): Clause {
  const problems = new Problems();
  let looked = 0;
  for (const ex of examples) {
    const engine = createEngine(ruleset);
    // the unit is hidden from the start, as a file that says so would have it (the GM's gm.hide later
    // leaves the player the creation it already saw)
    const created = engine.create(ex.loaded.doc)[0] as GameEvent & { type: 'encounter.created' };
    const state = created.state;
    const first = state.units[state.unitOrder[0]].side;
    const hidden = [...state.unitOrder].reverse().find((id) => state.units[id].side !== first && !state.units[id].hidden);
    if (!hidden) continue;
    state.units[hidden].hidden = true;
    const log = EncounterLog.fromEvents(engine, [{ ...created, seq: 1, cmd: 'c1' } as LoggedEvent]);
    const dice = diceFor(specOf(ruleset, ex, 5), 0);
    const choices = RandomStream.stream(5, 1);
    const run = (cmd: Parameters<typeof log.execute>[0]) => {
      const r = log.execute(cmd, dice);
      if (!r.ok) throw new Error(`${JSON.stringify(cmd)} was refused: ${r.rejection.code}: ${r.rejection.message}`);
    };
    const look = (when: string) => {
      looked++;
      const seen = mentions(viewState(log.state, PLAYER, rules), hidden);
      if (seen.length) problems.add(`${ex.file}, ${when}: a player's view of the state names hidden "${hidden}" at ${seen.join(', ')}`);
      // the whole log at the end only: folding it for both worlds at every look would cost the clause its speed
      const differs = worldsDiffer(log.state, when === 'at the end' ? log.events : undefined, PLAYER as Viewer & { role: 'player' }, ruleset, rules, hidden);
      if (differs) problems.add(`${ex.file}, ${when}: ${differs}`);
    };
    try {
      look('before the start');
      for (const cmd of [{ type: 'start' }, ...ex.loaded.commands]) run(cmd);
      for (let n = 0; log.state.status !== 'ended' && n < maxCommands; n++) {
        const p = log.state.pending[0];
        if (p && p.answeredBy === 'gm') run({ type: 'answer', pending: p.id, choice: p.options[choices.nextInt(p.options.length)] });
        else {
          const unit = p ? p.answeredBy : engine.activeUnit(log.state)!;
          const options = engine.legalActions(log.state, unit);
          run(options.length ? policyFor(ruleset, log.state, unit)(log.state, unit, listingOf(options), (k) => choices.nextInt(k)).command : { type: 'end_turn', actor: unit });
        }
        if (n % 25 === 0) look(`round ${log.state.turn.round}`);
      }
      look('at the end');
      const events = viewLog(log.events, PLAYER, ruleset.appliers, rules);
      for (const e of events) {
        const seen = mentions(e, hidden);
        if (seen.length) {
          problems.add(`${ex.file}: a player's log has a ${e.type} event (#${e.seq}) naming hidden "${hidden}" at ${seen.join(', ')}`);
          break;
        }
      }
    } catch (err) {
      problems.add(`${ex.file}: ${(err as Error).message}`);
    }
  }
  return clause('views hide hidden units', `${looked} views of ${examples.length} example${examples.length === 1 ? '' : 's'}, one enemy hidden in each`, problems);
}
