/**
 * The contract's clause on the simulator's economies: a fight played on a fork of the set-up state and
 * decided unlogged ends exactly as the same fight played on a deep copy with every record built — the
 * same final state (version included) and the same state-changing events — and never reaches back into
 * the set-up state the forks share.
 */
import { RandomStream, streamSource } from '../../dice/index.ts';
import { cloneJson } from '../../engine/clone.ts';
import type { GameEvent, Ruleset } from '../../engine/index.ts';
import { playFrom } from '../fight.ts';
import { prepareWith, type Prepared } from '../runner.ts';
import { clause, Problems, type Clause } from './clause.ts';
import type { LoadedExample } from './examples.ts';

/** Fight `i` of `seed` played one way: forked and unlogged (`fast`), or copied and logged. */
export function playOneWay(p: Prepared, i: number, fast: boolean, seed = 3, maxRounds = 60): { state: unknown; changes: GameEvent[] } {
  const choices = RandomStream.stream(seed, 2 * i + 1);
  const events: GameEvent[] = [];
  const result = playFrom(p.engine, fast ? p.engine.fork(p.initial) : cloneJson(p.initial), {
    dice: streamSource(RandomStream.stream(seed, 2 * i)),
    pick: (n) => choices.nextInt(n),
    maxRounds,
    unlogged: fast,
    onEvents: (es) => events.push(...es),
  });
  // checks and notes are only counted when unlogged, and an effect's own log words (`text`) only built when logged
  const changes = events.filter((e) => e.type !== 'check' && e.type !== 'note').map((e) => (e.type === 'effect.applied' && e.text !== undefined ? { ...e, text: undefined } : e));
  return { state: JSON.parse(JSON.stringify(result.state)), changes: JSON.parse(JSON.stringify(changes)) as GameEvent[] };
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
        const fast = playOneWay(prepared, i, true);
        played++;
        const where = firstDifference(fast.state, slow.state);
        if (where !== undefined) problems.add(`${ex.file}, fight ${i}: the forked, unlogged fight ends in another state (first at ${where})`);
        else {
          const at = fast.changes.findIndex((e, k) => firstDifference(e, slow.changes[k]) !== undefined);
          if (at >= 0 || fast.changes.length !== slow.changes.length) problems.add(`${ex.file}, fight ${i}: the forked, unlogged fight's events differ (event ${at >= 0 ? at : Math.min(fast.changes.length, slow.changes.length)})`);
        }
      } catch (err) {
        problems.add(`${ex.file}, fight ${i}: ${(err as Error).message}`);
      }
    }
    if (JSON.stringify(prepared.initial) !== before) problems.add(`${ex.file}: a fight on a fork changed the set-up state it was forked from (an applier edits in place: name its state.data keys in appliersEdit)`);
  }
  return clause('forked + unlogged play equals logged play', `${played} fights played both ways`, problems);
}
