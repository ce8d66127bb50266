// Every example encounter loads, validates and plays to its end under a few seeds; bad files fail clearly.
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { seededSource } from '../../dice/index.ts';
import { createEngine } from '../../engine/index.ts';
import { playFight } from '../../sim/fight.ts';
import { loadText } from '../load.ts';

const dir = new URL('../../../examples/outerah/', import.meta.url);
const files = readdirSync(dir).filter((f) => f.endsWith('.yaml'));

describe('outerah examples', () => {
  it('there are at least seven examples, among them terrain, pets and mounts, and an airship battle', () => {
    expect(files.length).toBeGreaterThanOrEqual(7);
    expect(files).toEqual(expect.arrayContaining(['river-and-forest.yaml', 'trainer-and-knight.yaml', 'airship-battle.yaml']));
  });

  for (const file of files) {
    it(`${file} plays to the end under seeds 1..5 (OUT-TURN-1)`, () => {
      const loaded = loadText(readFileSync(new URL(file, dir), 'utf8'), file);
      if (!loaded.ok) throw new Error(loaded.problems.map((p) => `${p.line}:${p.column} ${p.path}: ${p.message}`).join('\n'));
      const engine = createEngine(loaded.value.ruleset);
      for (const seed of [1, 2, 3, 4, 5]) {
        const choices = seededSource(seed, 1);
        const r = playFight(engine, engine.create(loaded.value.doc), { dice: seededSource(seed, 0), pick: (n) => choices.roll(n) - 1, maxRounds: 60 });
        expect(r.state.status, `${file} seed ${seed}`).toBe('ended');
        expect(r.state.result?.outcome, `${file} seed ${seed}`).not.toBe('timeout');
      }
    });
  }
});

describe('outerah bad files', () => {
  const problems = (text: string) => {
    const r = loadText(text, 'bad.yaml');
    return r.ok ? [] : r.problems.map((p) => `${p.path}: ${p.message}`);
  };
  const head = 'ruleset: outerah\nname: bad\nmap: { width: 5, height: 5 }\n';

  it('an unknown class and an unknown field are reported by path', () => {
    const text = `${head}units:\n  - { id: a, name: A, side: x, class: wizard, at: [0, 0], hp: 10 }\n  - { id: b, name: B, side: y, class: druid, at: [4, 0], hp: 10, mana: 3 }\n`;
    const ps = problems(text);
    expect(ps.some((p) => p.startsWith('units[0].class') && p.includes('a class: one of nightblade'))).toBe(true);
    expect(ps.some((p) => p === 'units[1]: unknown field "mana"')).toBe(true);
  });

  it('unknown references, a bad element and an unknown effect are reported', () => {
    const text = `${head}content:\n  skills:\n    - { id: hex, name: Hex, kind: debuff, effect: Curse(2) }\nunits:\n  - { id: a, name: A, side: x, class: druid, at: [0, 0], hp: 10, weapons: [nope], resist: { lava: 50 } }\n  - { id: b, name: B, side: y, class: druid, at: [4, 4], hp: 10 }\n`;
    const ps = problems(text);
    expect(ps.some((p) => p.includes('unknown effect "Curse(2)"'))).toBe(true);
    expect(ps.some((p) => p.includes('no weapon "nope" in content.weapons'))).toBe(true);
    expect(ps.some((p) => p === 'units[0].resist: unknown field "lava"')).toBe(true);
  });

  it('a weapon without dice (not improvised) and one side only are refused', () => {
    const text = `${head}content:\n  weapons: [{ id: w, name: W, kind: sword }]\nunits:\n  - { id: a, name: A, side: x, class: druid, at: [0, 0], hp: 10, weapons: [w] }\n  - { id: b, name: B, side: x, class: druid, at: [4, 4], hp: 10 }\n`;
    const ps = problems(text);
    expect(ps.some((p) => p.includes('needs damage dice'))).toBe(true);
    expect(ps.some((p) => p.includes('at least two sides'))).toBe(true);
  });
});

describe('outerah map checks', () => {
  it('a unit off the map or two units on one cell are refused', () => {
    const text = 'ruleset: outerah\nname: bad\nmap: { width: 5, height: 5 }\nunits:\n  - { id: a, name: A, side: x, class: druid, at: [9, 0], hp: 10 }\n  - { id: b, name: B, side: y, class: druid, at: [1, 1], hp: 10 }\n  - { id: c, name: C, side: y, class: druid, at: [1, 1], hp: 10 }\n';
    const r = loadText(text, 'bad.yaml');
    const ps = r.ok ? [] : r.problems.map((p) => `${p.path}: ${p.message}`);
    expect(ps).toEqual(['units[0].at: cell [9,0] is outside the 5×5 map', 'units[2].at: cell [1,1] already holds another unit']);
  });
});
