// The aggressive policy answers narrow questions from typed numbers (policy.ts); here it is held to the
// same policy written the plain way: every option of the full listing built with its words, each strike
// weighed by expected.ts on a copy of the state as the acting side knows it (`knownTo`), the weakest enemy
// first, then the best expected damage, the first listed on a tie. Both must choose the very same command
// at every decision of fights of every example, over many seeds, and on states shaken out of them.
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { RandomStream, seededSource } from '../../dice/index.ts';
import { createEngine, currentUnit, type ActionOption, type EncounterState, type Listing, type Unit, type UnitId } from '../../engine/index.ts';
import { loadText } from '../load.ts';
import { canAttack } from './attack.ts';
import { devicesOf } from './devices.ts';
import { attackExpected, deviceExpected } from './expected.ts';
import { dataOf, enemiesOf, knownTo, rearguardOf } from './model.ts';
import { aggressive } from './policy.ts';
import { damageTypes, type Device } from './schema.ts';

const hp = (u: Unit) => u.pools.hp.value;

function deviceOf(state: EncounterState, o: ActionOption) {
  const kind = o.command.type as 'gadget' | 'stream';
  return devicesOf(state.units[o.command.actor!], kind).find((d) => d.id === o.command[kind]);
}

/** The aggressive policy over the whole listing (as it was written before it asked narrow questions). */
function listedChoice(actual: EncounterState, id: UnitId, all: ActionOption[]): ActionOption | undefined {
  const state = knownTo(actual, actual.units[id].side);
  const u = state.units[id];
  const devices = all.filter((o) => o.command.type === 'gadget' || o.command.type === 'stream');
  const heal = devices.find((o) => {
    const d = deviceOf(state, o);
    const t = state.units[o.command.target as string];
    return !!d?.heal && !d.damage && !!t && (t.status === 'down' || hp(t) * 3 <= t.pools.hp.max);
  });
  if (heal) return heal;
  const strikes: { option: ActionOption; weakest: number; expected: number }[] = [];
  const enemies = enemiesOf(state, u);
  for (const w of dataOf(u).weapons) {
    for (const t of enemies) {
      if (!canAttack(state, u, t, w)) continue;
      const option = w.id === dataOf(u).equipped
        ? all.find((o) => o.command.type === 'attack' && o.command.target === t.id)
        : all.find((o) => o.command.type === 'equip' && o.command.weapon === w.id);
      if (option) strikes.push({ option, weakest: hp(t), expected: attackExpected(state, u, t, w) });
    }
  }
  for (const o of devices) {
    const d = deviceOf(state, o);
    if (!d?.damage) continue;
    const foes = enemies.filter((t) => (o.command.zone ? t.zone === o.command.zone : t.id === o.command.target));
    if (foes.length) strikes.push({ option: o, weakest: Math.min(...foes.map(hp)), expected: deviceExpected(state, o.command) });
  }
  const hurt = strikes.filter((c) => c.expected > 0);
  if (hurt.length) {
    const weakest = Math.min(...hurt.map((x) => x.weakest));
    return hurt.filter((x) => x.weakest === weakest).reduce((a, b) => (b.expected > a.expected ? b : a)).option;
  }
  const forward = all.find((o) => o.command.type === 'move' && o.command.to === 'frontline');
  if (forward) return forward;
  const buff = devices.find((o) => {
    const d = deviceOf(state, o);
    const t = o.command.target === undefined ? undefined : state.units[o.command.target as string];
    return !!d && !!d.effect && !d.damage && !!t && t.side === u.side && !state.effects.some((f) => f.target === t.id && f.name === d.effect!.name);
  });
  return buff ?? all.find((o) => o.command.type === 'end_turn');
}

/**
 * A state the fights may not reach, from one they did: every unit but the actor in a random zone of its own
 * (frontline or its rearguard), at random HP (some down), with random affinities revealed, weapons in hand,
 * device uses limited and spent, and effects of the file's devices on it: the corners of the policy's
 * questions (a device out of reach or used up, a buff already on, a heal needed, ties of HP) that play
 * seldom visits.
 */
function shaken(state: EncounterState, actor: UnitId, r: RandomStream): EncounterState {
  const s = structuredClone(state);
  const effects: Device['effect'][] = [];
  for (const id of s.unitOrder) {
    const u = s.units[id];
    const data = dataOf(u);
    for (const d of [...data.gadgets, ...data.streams]) if (d.effect) effects.push(d.effect);
    if (id !== actor && u.status !== 'fled') {
      u.zone = r.nextInt(2) ? 'frontline' : rearguardOf(s, u.side);
      u.status = r.nextInt(5) ? 'active' : 'down';
      u.pools.hp.value = u.status === 'down' ? 0 : 1 + r.nextInt(u.pools.hp.max);
    }
    data.revealed = damageTypes.filter(() => r.nextInt(2) === 1);
    if (data.weapons.length) data.equipped = data.weapons[r.nextInt(data.weapons.length)].id;
    for (const d of [...data.gadgets, ...data.streams]) {
      // a device of unlimited use given a few (this copy's own: the file's lists are cloned with it)
      if (d.uses === undefined && r.nextInt(2)) d.uses = 1 + r.nextInt(2);
      if (d.uses !== undefined) data.used[d.id] = r.nextInt(d.uses + 1);
    }
  }
  for (const id of s.unitOrder) {
    for (const spec of effects) {
      if (r.nextInt(3)) continue;
      s.effects.push({ id: `fx${s.nextId++}`, name: spec!.name, categories: ['buff'], source: actor, target: id, stacks: 1, remaining: spec!.rounds, data: { spec: structuredClone(spec) as never } });
    }
  }
  return s;
}

describe('frontline: the aggressive policy\'s narrow questions choose what the full listing would', () => {
  const dir = new URL('../../../examples/frontline/', import.meta.url);
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.yaml'))) {
    it(file, () => {
      const loaded = loadText(readFileSync(new URL(file, dir), 'utf8'), file);
      if (!loaded.ok) throw new Error(loaded.problems[0].message);
      const engine = createEngine(loaded.value.ruleset);
      const kinds = new Set<string>();
      const shakenKinds = new Set<string>();
      const shake = RandomStream.stream(7, 0);
      let decisions = 0;
      for (let seed = 1; seed <= 30; seed++) {
        const dice = seededSource(seed, 0);
        let state = engine.replay(engine.create(loaded.value.doc));
        state = (engine.decide(state, { type: 'start' }, dice) as { state: EncounterState }).state;
        for (let n = 0; state.status !== 'ended' && n < 400; n++) {
          const unit = currentUnit(state)!;
          const listing: Listing = engine.listing(state, unit);
          const chosen = aggressive(state, unit, listing, () => 0);
          const expected = listedChoice(state, unit, engine.legalActions(state, unit));
          expect(chosen.command, `${file}, seed ${seed}, decision ${n}`).toEqual(expected?.command);
          kinds.add(chosen.command.type);
          // and on states shaken out of this one
          for (let k = 0; k < 3; k++) {
            const other = shaken(state, unit, shake);
            const narrow = aggressive(other, unit, engine.listing(other, unit), () => 0);
            expect(narrow.command, `${file}, seed ${seed}, decision ${n}, shaken ${k}`).toEqual(listedChoice(other, unit, engine.legalActions(other, unit))?.command);
            shakenKinds.add(narrow.command.type);
          }
          decisions++;
          const d = engine.decide(state, chosen.command, dice, { inPlace: true, unlogged: true });
          if (!d.ok) throw new Error(d.rejection.message);
          state = d.state;
        }
      }
      expect(decisions).toBeGreaterThan(500);
      // the fights walk through strikes, equips and moves at least (devices where the file has them)
      expect([...kinds]).toEqual(expect.arrayContaining(['attack', 'equip']));
      // shaken, every kind of choice comes up: heals and buffs, moves and ends of turns, where the file has the devices
      const units = (loaded.value.doc as { units: { gadgets?: string[]; streams?: string[] }[] }).units;
      const devices = (['gadget', 'stream'] as const).filter((kind) => units.some((u) => u[`${kind}s`]?.length));
      expect([...shakenKinds]).toEqual(expect.arrayContaining(['attack', 'equip', 'move', 'end_turn', ...devices]));
    }, 120_000);
  }
});
