import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ApiError } from './errors.ts';
import { canonicalJson, parseJson } from './json.ts';

describe('parseJson', () => {
  it('parses JSON and refuses prototype keys anywhere', () => {
    expect(parseJson('{"a":[1,{"b":null}]}', 100)).toEqual({ a: [1, { b: null }] });
    for (const bad of ['{"__proto__":{}}', '{"a":{"constructor":1}}', '[{"prototype":2}]']) {
      expect(() => parseJson(bad, 100)).toThrow(ApiError);
    }
    expect(() => parseJson('{', 100)).toThrow(/malformed JSON/);
    expect(() => parseJson('"' + 'x'.repeat(200) + '"', 100)).toThrow(/larger than 100 bytes/);
  });

  it('canonical JSON ignores key order', () => {
    fc.assert(
      fc.property(fc.dictionary(fc.string(), fc.jsonValue({ maxDepth: 2 })), (o) => {
        const reversed = Object.fromEntries(Object.entries(o).reverse());
        expect(canonicalJson(reversed)).toBe(canonicalJson(o));
      }),
    );
  });
});
