// The odds played out from `decide` (Ruleset.oddsByEnumeration) against the hand-written preview they replace,
// on every option of every example's first turns and of whole fights, as the GM and as each side knows them.
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { RandomStream, streamSource } from '../../dice/index.ts';
import { createEngine, isRejection, type Command, type EncounterState, type Preview } from '../../engine/index.ts';
import { loadText } from '../load.ts';
import { frontline } from './index.ts';
import { knownTo } from './model.ts';
import { preview as handWritten } from './preview-hand.ts';

const dir = new URL('../../../examples/frontline/', import.meta.url);
const files = readdirSync(dir).filter((f) => f.endsWith('.yaml'));
const engine = createEngine(frontline);

function same(state: EncounterState, cmd: Command, where: string): boolean {
  const old = handWritten(state, cmd);
  const now = engine.preview(state, cmd);
  if (isRejection(old) || isRejection(now)) {
    expect(isRejection(now), where).toBe(isRejection(old));
    return false;
  }
  const numbers = (p: Preview | Preview['affected'] & object) => p;
  void numbers;
  expect(now.why, where).toBe(old.why);
  expect(now.notes ?? [], where).toEqual(old.notes ?? []);
  const close = (a: number | undefined, b: number | undefined, what: string) => {
    expect(a === undefined, `${where}: ${what} given`).toBe(b === undefined);
    if (a !== undefined) expect(Math.abs(a - b!), `${where}: ${what} ${a} vs ${b}`).toBeLessThan(1e-12);
  };
  const odds = (a: Pick<Preview, 'chance' | 'damage' | 'expectedDamage' | 'damageOnHit'>, b: typeof a, what: string) => {
    close(a.chance, b.chance, `${what} chance`);
    close(a.expectedDamage, b.expectedDamage, `${what} expected damage`);
    expect(a.damage === undefined, `${where}: ${what} damage charted`).toBe(b.damage === undefined);
    if (a.damage && b.damage) {
      // values whose chance is within rounding of 0 may be kept by one and not the other
      const pmf = (d: typeof a.damage) => d!.pmf().filter(([, p]) => p > 1e-12);
      expect(pmf(a.damage).map(([v]) => v), `${where}: ${what} damage values`).toEqual(pmf(b.damage).map(([v]) => v));
      pmf(a.damage).forEach(([, p], i) => expect(Math.abs(p - pmf(b.damage)[i][1]), `${where}: ${what} damage`).toBeLessThan(1e-12));
    }
    expect(a.damageOnHit === undefined, `${where}: ${what} damage on a hit`).toBe(b.damageOnHit === undefined);
    if (a.damageOnHit && b.damageOnHit) {
      expect([a.damageOnHit.min, a.damageOnHit.max], where).toEqual([b.damageOnHit.min, b.damageOnHit.max]);
      close(a.damageOnHit.mean, b.damageOnHit.mean, `${what} mean on a hit`);
    }
  };
  odds(now, old, 'aimed-at');
  expect((now.affected ?? []).map((a) => [a.unit, a.note]), where).toEqual((old.affected ?? []).map((a) => [a.unit, a.note]));
  (now.affected ?? []).forEach((a, i) => odds(a, old.affected![i], `affected ${a.unit}`));
  return true;
}

/** Every option of every unit at each decision, as the GM and as each side knows the board. */
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
    const options = engine.legalActions(state, unit);
    for (const o of options) {
      if (o.group === 'move') continue;
      if (same(state, o.command, `${file} seed ${seed} step ${n}: ${o.label}`)) compared++;
      // as the acting side knows its foes (the server reckons a player's odds so)
      same(knownTo(state, state.units[unit].side), o.command, `${file} seed ${seed} step ${n}, as its side knows: ${o.label}`);
    }
    step(frontline.policies!.aggressive(state, unit, engine.listing(state, unit), () => 0).command);
  }
  return compared;
}

describe('frontline: odds played out from decide are the hand-written ones', () => {
  for (const file of files) {
    it(`${file}: every option's chance, damage, words and affected units (FRL-ATK-1, FRL-DMG-1, FRL-DMG-2, FRL-DMG-3, FRL-ACT-2, FRL-ACT-5)`, () => {
      expect(compareAlong(file, 21, 40) + compareAlong(file, 7, 40)).toBeGreaterThan(10);
    }, 240_000);
  }
});
