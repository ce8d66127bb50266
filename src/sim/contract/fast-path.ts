/**
 * The contract's clause on the simulator's economies: a fight played on a fork of the set-up state and
 * decided unlogged goes exactly as the same fight played on a deep copy with every record built — the
 * same state after every command (version included); of the events, the unlogged fight returns only
 * some (what the ruleset emitted itself, the turn flow's turns, the kinds asked for: see
 * DecideOptions.keep), and those are the logged fight's own, in its order, every one of a kind asked
 * for — and never reaches back into the set-up state the forks share.
 */
import { RandomStream, streamSource } from '../../dice/index.ts';
import { cloneJson } from '../../engine/clone.ts';
import type { GameEvent, Ruleset } from '../../engine/index.ts';
import { playFrom } from '../fight.ts';
import { prepareWith, type Prepared } from '../runner.ts';
import { observedTypes } from '../tally.ts';
import { clause, Problems, type Clause } from './clause.ts';
import type { LoadedExample } from './examples.ts';

export interface OneWay {
  state: unknown;
  /** The state after every command, as JSON. */
  states: string[];
  /** The events returned, checks and notes left out (only counted when unlogged), an effect's `text` too (only built when logged). */
  changes: GameEvent[];
}

/**
 * Fight `i` of `seed` played one way: forked and unlogged (`fast`), or copied and logged. `keep`: the
 * event types the unlogged fight still builds (the simulator's tally's, by default: tally.ts).
 */
export function playOneWay(p: Prepared, i: number, fast: boolean, seed = 3, maxRounds = 60, keep: ReadonlySet<string> = observedTypes(p.engine.ruleset.standing !== undefined)): OneWay {
  const choices = RandomStream.stream(seed, 2 * i + 1);
  const events: GameEvent[] = [];
  const states: string[] = [];
  const result = playFrom(p.engine, fast ? p.engine.fork(p.initial) : cloneJson(p.initial), {
    dice: streamSource(RandomStream.stream(seed, 2 * i)),
    pick: (n) => choices.nextInt(n),
    maxRounds,
    unlogged: fast,
    keep: fast ? keep : undefined,
    onEvents: (es, state) => {
      events.push(...es);
      states.push(JSON.stringify(state));
    },
  });
  const changes = events.filter((e) => e.type !== 'check' && e.type !== 'note').map((e) => (e.type === 'effect.applied' && e.text !== undefined ? { ...e, text: undefined } : e));
  return { state: JSON.parse(JSON.stringify(result.state)), states, changes: JSON.parse(JSON.stringify(changes)) as GameEvent[] };
}

/** Whether `keep` (DecideOptions.keep) asks for this event. */
function kept(keep: ReadonlySet<string>, e: GameEvent): boolean {
  return keep.has(e.type) || (e.type === 'pool.changed' && e.kind === 'damage' && keep.has('pool.changed/damage'));
}

/**
 * Where an unlogged fight (`fast`, built with `keep`) departs from the logged one (`slow`), in words, or
 * undefined: the state after each command, then its events — each one the logged fight's own, in order
 * (none made up, none changed), and every event of a kind `keep` asks for there.
 */
export function departure(slow: OneWay, fast: OneWay, keep: ReadonlySet<string>): string | undefined {
  const n = Math.max(slow.states.length, fast.states.length);
  for (let c = 0; c < n; c++) {
    if (slow.states[c] === fast.states[c]) continue;
    if (slow.states[c] === undefined || fast.states[c] === undefined) return `it plays ${fast.states.length} commands, the logged fight ${slow.states.length}`;
    return `after command ${c + 1} the state differs (first at ${firstDifference(JSON.parse(fast.states[c]), JSON.parse(slow.states[c]))})`;
  }
  const where = firstDifference(fast.state, slow.state);
  if (where !== undefined) return `it ends in another state (first at ${where})`;
  let k = 0;
  for (let j = 0; j < fast.changes.length; j++) {
    const e = fast.changes[j];
    // the logged fight's events it skipped must be ones the unlogged fight was free not to build
    while (k < slow.changes.length && firstDifference(e, slow.changes[k]) !== undefined) {
      if (kept(keep, slow.changes[k])) return `its event ${j} (${e.type}) is not the logged fight's ${k} (${slow.changes[k].type}), a kind it keeps`;
      k++;
    }
    if (k === slow.changes.length) return `its event ${j} (${e.type}) is not among the logged fight's events, in order`;
    k++;
  }
  for (; k < slow.changes.length; k++) if (kept(keep, slow.changes[k])) return `the logged fight's event ${k} (${slow.changes[k].type}) is missing, a kind it keeps`;
  return undefined;
}

/** Where two JSON values first differ, as a path ('units.kara.pools.hp.value'), or undefined when equal. */
export function firstDifference(a: unknown, b: unknown, path = ''): string | undefined {
  if (a === b) return undefined;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null || Array.isArray(a) !== Array.isArray(b)) return path || '(the whole value)';
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  for (const k of keys) {
    const d = firstDifference((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k], path ? `${path}.${k}` : k);
    if (d !== undefined) return d;
  }
  return undefined;
}

export function forkedEqualsLogged(ruleset: Ruleset, examples: readonly LoadedExample[], fights = 3): Clause {
  const problems = new Problems();
  let played = 0;
  for (const ex of examples) {
    const prepared = prepareWith(ruleset, ex.loaded.doc);
    const before = JSON.stringify(prepared.initial);
    for (let i = 0; i < fights; i++) {
      try {
        const slow = playOneWay(prepared, i, false);
        const keep = observedTypes(ruleset.standing !== undefined);
        const fast = playOneWay(prepared, i, true, 3, 60, keep);
        played++;
        const why = departure(slow, fast, keep);
        if (why !== undefined) problems.add(`${ex.file}, fight ${i}: the forked, unlogged fight departs from the logged one: ${why}`);
      } catch (err) {
        problems.add(`${ex.file}, fight ${i}: ${(err as Error).message}`);
      }
    }
    if (JSON.stringify(prepared.initial) !== before) problems.add(`${ex.file}: a fight on a fork changed the set-up state it was forked from (an applier edits in place: name its state.data keys in appliersEdit)`);
  }
  return clause('forked + unlogged play equals logged play', `${played} fights played both ways`, problems);
}
