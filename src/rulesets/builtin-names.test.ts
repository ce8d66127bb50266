// Every command type of every ruleset, sent with ids and keys named like the properties every object has
// built in ("toString", "constructor", "__proto__", "hasOwnProperty", "__lookupGetter__"): a clear
// refusal, the state untouched and Object.prototype clean. Before the fix `gm.set_pool {pool: "__proto__",
// value: 1}` wrote `value` into every object of the process, and a unit named "toString" threw (a 500
// at the server, which then dropped the encounter from memory).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { RandomStream, streamSource } from '../dice/index.ts';
import { cloneJson } from '../engine/clone.ts';
import { createEngine, EncounterLog, gmCommands, isBuiltinName, Resolution, RuleError, type Command, type EncounterState, type Engine } from '../engine/index.ts';
import { rulesetsUnderTest } from './under-test.ts';
import { loadText } from './load.ts';

const NAMES = ['toString', 'constructor', '__proto__', 'hasOwnProperty', '__lookupGetter__'];
const NOWHERE = 'zz_nowhere';
/** Words for people and free data: never looked up (src/engine/own.ts). */
const NOT_LOOKED_UP = new Set(['text', 'reason', 'label', 'name', 'prompt', 'description', 'data', 'value', 'gmNotes']);
const PROTOTYPE_KEYS = Object.getOwnPropertyNames(Object.prototype).sort();

/** A plausible command of `type` for a state where nothing better is listed: every field a command commonly names. */
function template(type: string, s: EncounterState, actor: string, other: string): Command {
  const unitJson = { id: 'newcomer', name: 'Newcomer', side: s.sides[0], pools: { hp: { value: 5, max: 5 } }, stats: { might: 1 } };
  return {
    type, actor, unit: type === 'gm.add_unit' ? unitJson : other, target: other, targets: [other], other: actor, pool: 'hp', stat: 'might', key: 'k', value: 1, amount: 1, max: 9,
    to: [0, 0], zone: 'z', facing: 'N', side: s.sides[0], controller: 'p1', id: s.effects[0]?.id ?? 'fx1', kind: 'pet', rules: false, damageType: 'fire',
    order: s.turn.order.map((x) => x.unit), pending: s.pending[0]?.id ?? 'p1', choice: 'accept', event: 1, die: 0, face: 1, status: 'down', weapon: 'w', spell: 's', item: 'i',
    skill: 'k', station: 'helm', pet: other, mount: other, effect: { name: 'Mark', target: other, remaining: 2 }, text: 'please', about: [other],
    proposal: { type: 'gm.heal', unit: other, amount: 1 }, outcome: 'victory', winner: s.sides[0],
  } as Command;
}

/** Each string leaf and each key of a command (not its type, nor words and free data), as a path. */
function namePaths(c: Command): { path: (string | number)[]; key: boolean }[] {
  const out: { path: (string | number)[]; key: boolean }[] = [];
  const walk = (v: unknown, path: (string | number)[]) => {
    if (typeof v === 'string') {
      if (path.length && !(path.length === 1 && path[0] === 'type')) out.push({ path, key: false });
    } else if (Array.isArray(v)) v.forEach((x, i) => walk(x, [...path, i]));
    else if (v && typeof v === 'object') {
      for (const k of Object.keys(v)) {
        if (NOT_LOOKED_UP.has(k)) continue;
        if (path.length) out.push({ path: [...path, k], key: true });
        walk((v as Record<string, unknown>)[k], [...path, k]);
      }
    }
  };
  walk(c, []);
  return out;
}

/** `c` with the leaf at `path` (or the key, renamed) set to `name`. */
function withName(c: Command, at: { path: (string | number)[]; key: boolean }, name: string): Command {
  const copy = JSON.parse(JSON.stringify(c)) as Record<string | number, any>;
  let o = copy;
  for (const k of at.path.slice(0, -1)) o = o[k];
  const last = at.path[at.path.length - 1];
  if (at.key) {
    const v = o[last];
    delete o[last];
    Object.defineProperty(o, name, { value: v, enumerable: true, writable: true, configurable: true });
  } else o[last] = name;
  return copy as Command;
}

/** States along a few turns of play, each with the commands listed then, plus a template of every command type. */
function samples(engine: Engine, doc: unknown): { state: EncounterState; command: Command }[] {
  const log = new EncounterLog(engine);
  log.create(doc);
  const dice = streamSource(RandomStream.stream(5, 0));
  const choose = RandomStream.stream(5, 1);
  const out: { state: EncounterState; command: Command }[] = [];
  const seen = new Map<string, number>();
  for (let step = 0; step < 12 && log.state.status !== 'ended'; step++) {
    const s = log.state;
    if (s.status === 'setup') {
      log.execute({ type: 'start' }, dice);
      continue;
    }
    const actor = engine.activeUnit(s) ?? s.unitOrder[0];
    const options = engine.legalActions(s, actor);
    for (const o of options) {
      const n = seen.get(o.command.type) ?? 0;
      if (n < 2) out.push({ state: s, command: o.command });
      seen.set(o.command.type, n + 1);
    }
    if (!options.length) break;
    log.execute(options[choose.nextInt(options.length)].command, dice);
  }
  const s = log.state;
  const actor = engine.activeUnit(s) ?? s.unitOrder[0];
  const other = s.unitOrder.find((u) => u !== actor) ?? actor;
  const table = { ...gmCommands(engine.ruleset), ...engine.ruleset.commands, start: 1, end_turn: 1, end_combat: 1, answer: 1, undo: 1, redo: 1 };
  for (const type of Object.keys(table)) out.push({ state: s, command: template(type, s, actor, other) });
  return out;
}

const handlersOf = (engine: Engine) => ({ ...gmCommands(engine.ruleset), ...engine.ruleset.commands });

describe('ids and keys named like built-in properties', () => {
  for (const ruleset of rulesetsUnderTest()) {
    const dir = join('examples', ruleset.id);
    for (const f of readdirSync(dir).filter((x) => x.endsWith('.yaml'))) {
      it(`${ruleset.id}/${f}: every command type refuses them, changes nothing, pollutes nothing`, () => {
        const loaded = loadText(readFileSync(join(dir, f), 'utf8'), f);
        if (!loaded.ok) throw new Error(loaded.problems[0].message);
        const engine = createEngine(ruleset);
        const handlers = handlersOf(engine);
        const ones = { roll: () => 1 };
        let tried = 0;
        for (const { state, command } of samples(engine, loaded.value.doc)) {
          const before = JSON.stringify(state);
          const paths = namePaths(command);
          paths.forEach((at, i) => {
            // every name on the first fields (actor, unit, target...), the names in turn on the rest
            for (const name of i < 3 ? NAMES : [NAMES[i % NAMES.length]]) {
              const c = withName(command, at, name);
              const where = `${command.type} ${at.path.join('.')}${at.key ? ' (key)' : ''} = ${name}`;
              // through decide: a typed refusal, never an exception
              let r: ReturnType<Engine['decide']>;
              expect(() => (r = engine.decide(state, c, ones)), where).not.toThrow();
              expect(r!.ok, where).toBe(false);
              // the handler itself, past the engine's gate: a rule error or the same answer as for a name
              // that exists nowhere — never a property every object has
              const h = Object.hasOwn(handlers, c.type) ? handlers[c.type] : undefined;
              if (h && at.path[0] !== 'actor') {
                const run = (cmd: Command) => {
                  try {
                    h.resolve(new Resolution(cloneJson(state), ones, ruleset.appliers), cmd);
                    return 'ok';
                  } catch (err) {
                    if (err instanceof RuleError) return 'refused';
                    return `threw ${(err as Error).message}`;
                  }
                };
                const got = run(c);
                expect(got, where).not.toMatch(/^threw/);
                if (got === 'ok' && !at.key) expect(run(withName(command, at, NOWHERE)), `${where}: accepted, where a name that exists nowhere is refused`).toBe('ok');
              }
              expect(Object.getOwnPropertyNames(Object.prototype).sort(), where).toEqual(PROTOTYPE_KEYS);
              expect(JSON.stringify(state), where).toBe(before);
              tried++;
            }
          });
        }
        expect(tried).toBeGreaterThan(100);
      });
    }
  }

  it('the names the gate knows are exactly those every object answers to', () => {
    for (const n of [...NAMES, ...PROTOTYPE_KEYS]) expect(isBuiltinName(n), n).toBe(true);
    for (const n of ['kara', 'hp', 'g1', 'proto', 'toStrings', 'Constructor']) expect(isBuiltinName(n), n).toBe(false);
  });

  it('a file naming a unit, a pool or a key like a built-in property is refused where it says so', () => {
    const text = readFileSync('examples/phase20/goblin-cave.yaml', 'utf8');
    for (const [from, to, path] of [
      ['id: kara', 'id: toString', 'units[0].id'],
      ['id: kara', 'id: __proto__', 'units[0].id'],
    ] as const) {
      expect(text.includes(from)).toBe(true);
      const r = loadText(text.replace(from, to), 'cave.yaml');
      expect(r.ok, to).toBe(false);
      if (!r.ok) {
        expect(r.problems[0].path).toBe(path);
        expect(r.problems[0].message).toMatch(/built in/);
        expect(r.problems[0].line).toBeGreaterThan(1);
      }
    }
  });
});
