// Sweeps' fields and values (`sim --vary`, sweep files): parsing, setting a field by unit id, and every
// variant validated as the file itself is, with validate's messages and the values that made them.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { combinations, loadVariant, parseSweep, setField, valuesOf } from './vary.ts';

const cave = 'examples/phase20/goblin-cave.yaml';
const ignite = 'examples/scenarios/phase20-ignite.yaml';

describe('--vary values', () => {
  it('reads A..B:STEP, A..B and lists; counts steps so tenths do not drift', () => {
    expect(parseSweep('units.brute.hp=10..20:5')).toEqual({ field: 'units.brute.hp', values: [10, 15, 20] });
    expect(parseSweep('units.brute.hp=1..3').values).toEqual([1, 2, 3]);
    expect(parseSweep('units.brute.hp=4,9,2').values).toEqual([4, 9, 2]);
    expect(valuesOf('0..1:0.1', 'x')).toEqual([0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1]);
    expect(valuesOf('1..6:2', 'x')).toEqual([1, 3, 5]); // B is not reached: the last step at or below it
    expect(valuesOf([3, 4], 'x')).toEqual([3, 4]);
    expect(valuesOf(7, 'x')).toEqual([7]);
  });

  it('says what is wrong with a range', () => {
    expect(() => parseSweep('hp=1..3')).toThrow('--vary takes field=A..B:STEP');
    expect(() => valuesOf('5..1', 'units.a.hp')).toThrow('units.a.hp: the range 5..1 runs backwards');
    expect(() => valuesOf('1..5:0', 'f')).toThrow('the step must be above 0');
    expect(() => valuesOf('1..1000', 'f')).toThrow('more than 200 values');
    expect(() => valuesOf('1,x', 'f')).toThrow('not numbers');
    expect(() => combinations([{ field: 'a.b', values: valuesOf('1..30', 'a.b') }, { field: 'c.d', values: valuesOf('1..30', 'c.d') }])).toThrow('900 variants is more than 400');
  });

  it('combines fields, the last changing fastest', () => {
    expect(combinations([{ field: 'a.b', values: [1, 2] }, { field: 'c.d', values: [5, 6] }])).toEqual([[1, 5], [1, 6], [2, 5], [2, 6]]);
  });
});

describe('setField', () => {
  it('finds a list entry by its id, sets a field; says where a path leads nowhere', () => {
    const doc = { units: [{ id: 'kara', hp: 22 }, { id: 'g1', hp: 9 }], map: { width: 9 } };
    expect(setField(doc, 'units.g1.hp', 12)).toBeUndefined();
    expect(doc.units[1].hp).toBe(12);
    expect(setField(doc, 'map.width', 10)).toBeUndefined();
    expect(doc.map.width).toBe(10);
    expect(setField(doc, 'units.nobody.hp', 1)).toBe('units.nobody.hp: there is no entry "nobody" in units (ids: kara, g1)');
    expect(setField(doc, 'terrain.x', 1)).toBe('terrain.x: the file has no terrain');
    // a key like toString is not the object's own: no path through the prototype
    expect(setField(doc, 'toString.x', 1)).toBe('toString.x: the file has no toString');
  });
});

describe('loadVariant', () => {
  it('sets the value in the encounter and validates it', () => {
    const v = loadVariant(readFileSync(cave, 'utf8'), cave, [['units.kara.hp', 12]]);
    if (!v.ok) throw new Error(v.problems.join('\n'));
    expect((v.value.doc as { units: { id: string; hp: number }[] }).units.find((u) => u.id === 'kara')!.hp).toBe(12);
  });

  it('varies a scenario\'s inline encounter, keeping its script', () => {
    const v = loadVariant(readFileSync(ignite, 'utf8'), ignite, [['units.target.hp', 30]]);
    if (!v.ok) throw new Error(v.problems.join('\n'));
    expect((v.value.doc as { units: { id: string; hp: number }[] }).units.find((u) => u.id === 'target')!.hp).toBe(30);
    expect(v.value.commands.length).toBeGreaterThan(0);
  });

  it('refuses a value the rules refuse with the file, line and field, and the value', () => {
    const v = loadVariant(readFileSync(cave, 'utf8'), cave, [['units.kara.hp', -3]]);
    expect(v.ok).toBe(false);
    if (v.ok) return;
    expect(v.problems).toEqual([`${cave}:21:75: units[0].hp: must be at least 1 (with units.kara.hp = -3)`]);
  });
});
