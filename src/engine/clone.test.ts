// cloneJson: a deep copy of plain JSON data, the same as structuredClone gives, keys in their order (a
// state copied and written out reads byte for byte the same: issue 40's tallies and logs rest on it).
import { describe, expect, it } from 'vitest';
import { cloneJson, cloneValue } from './clone.ts';

describe('cloneJson', () => {
  it('copies every record and list, sharing none, equal to structuredClone', () => {
    const value = { a: 1, b: 'x', c: null, d: [1, { e: [2, 3] }], f: { g: { h: true } }, u: undefined };
    const copy = cloneJson(value);
    expect(copy).toStrictEqual(structuredClone(value));
    expect(copy.d).not.toBe(value.d);
    expect(copy.d[1]).not.toBe(value.d[1]);
    expect(copy.f.g).not.toBe(value.f.g);
    // a key whose value is undefined is kept, as structuredClone keeps it
    expect(Object.keys(copy)).toContain('u');
  });

  it('keeps the order of keys, so a state copied and written out reads byte for byte the same', () => {
    // integer-like keys first, then the others in the order they were added: as JSON.stringify lists them
    const value = JSON.parse('{"z": 1, "10": 2, "a": {"y": 1, "2": 0, "b": 3}, "m": [ {"q": 1, "p": 2} ]}');
    expect(JSON.stringify(cloneJson(value))).toBe(JSON.stringify(value));
    // a record of many keys, as a unit's data in outerah (more than a record built key by key keeps fast)
    const many: Record<string, number> = {};
    for (let i = 0; i < 40; i++) many[`k${(i * 7) % 40}`] = i;
    expect(JSON.stringify(cloneJson(many))).toBe(JSON.stringify(many));
  });
});

describe('cloneValue', () => {
  it('is cloneJson: flat records and lists copied in one step, nested ones deeply, none shared', () => {
    const flat = { state: 'announced', kind: 'ready_attack', n: 2, u: undefined };
    const list = ['attack', 'spell'];
    const nested = { state: 'open', at: { x: 1, y: [2, 3] } };
    for (const v of [flat, list, nested, [1, [2]], [], {}, 3, 'x', null, true]) {
      const c = cloneValue(v);
      expect(c).toStrictEqual(cloneJson(v));
      expect(JSON.stringify(c)).toBe(JSON.stringify(v));
      if (typeof v === 'object' && v !== null) expect(c).not.toBe(v);
    }
    const n = cloneValue(nested);
    expect(n.at).not.toBe(nested.at);
    expect(n.at.y).not.toBe(nested.at.y);
    const l = cloneValue(list);
    list.push('x'); // the caller's list changed afterwards: the copy keeps what it was given
    expect(l).toEqual(['attack', 'spell']);
  });
});
