// The shape of a text, read before parsing (text-shape.ts): a YAML file nested past the limit or holding
// a flood of values is refused at once with the line, without the parser ever seeing it. Before the fix
// `x: [[[…]]]` of 78 KB held the parser (and the server with it) for seconds; 2 MB for over a minute.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseDocument } from 'yaml';
import { parseText } from './document.ts';
import { jsonShape, MAX_DEPTH, MAX_NODES, yamlShape } from './text-shape.ts';

/** The true depth of parsed data (collections nested). */
function depthOf(v: unknown): number {
  if (typeof v !== 'object' || v === null) return 0;
  let d = 0;
  for (const x of Object.values(v)) d = Math.max(d, depthOf(x));
  return d + 1;
}

describe('the shape of a text, before parsing', () => {
  it('nesting past the limit, flow or block, is refused with its line; the parser never runs', () => {
    for (const [text, line] of [
      [`name: x\ndeep: ${'['.repeat(MAX_DEPTH + 1)}${']'.repeat(MAX_DEPTH + 1)}\n`, 2],
      [`a:\n${Array.from({ length: MAX_DEPTH + 1 }, (_, i) => `${' '.repeat(2 * i + 2)}k${i}:`).join('\n')} 1\n`, MAX_DEPTH + 1],
      [`list:\n  ${'- '.repeat(MAX_DEPTH + 1)}x\n`, 2],
      // a 78 KB file of this shape held the parser for seconds
      [`x: ${'['.repeat(39_000)}${']'.repeat(39_000)}`, 1],
    ] as const) {
      const t = performance.now();
      const r = parseText(text, 'deep.yaml');
      expect(r.ok).toBe(false);
      if (!r.ok) {
        expect(r.problems[0].message).toMatch(new RegExp(`nested \\d+ deep; the limit is ${MAX_DEPTH}`));
        expect(r.problems[0].line).toBeGreaterThanOrEqual(line);
      }
      // one pass over the characters: far below the seconds the parser took (a loose bound for a loaded machine)
      expect(performance.now() - t).toBeLessThan(2000);
    }
  });

  it('more values than a file may hold are refused before parsing', () => {
    const r = parseText(`v: [${'1,'.repeat(MAX_NODES)}1]`, 'flood.yaml');
    expect(!r.ok && r.problems[0].message).toMatch(/holds about \d+ values; the limit is 200000/);
    const block = parseText('- 1\n'.repeat(MAX_NODES + 1), 'flood.yaml');
    expect(block.ok).toBe(false);
  });

  it('every example is far inside the limits', () => {
    // each ruleset's folder of encounter files (beside them: map art, and a note on the maps)
    for (const dir of readdirSync('examples', { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name)) {
      for (const f of readdirSync(join('examples', dir)).filter((x) => /\.ya?ml$/.test(x))) {
        const s = yamlShape(readFileSync(join('examples', dir, f), 'utf8'));
        expect(s.depth, f).toBeLessThan(10);
        expect(s.nodes, f).toBeLessThan(2000);
      }
    }
  });

  it('never under-counts: the estimate is at least the depth the parser finds (property)', () => {
    // words, quotes, brackets, commas, dashes, colons, comments and line breaks in any order
    const piece = fc.constantFrom('a', 'b c', "'", '"', "''", '\\', '[', ']', '{', '}', ', ', ': ', '- ', '? ', ' #', '\n', '\n  ', '\n    ', ' ', '|', 'x]y', "it's");
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 40 }), (parts) => {
        const text = parts.join('');
        const doc = parseDocument(text, { uniqueKeys: false });
        if (doc.errors.length) return true;
        let value: unknown;
        try {
          value = doc.toJS({ maxAliasCount: 100 });
        } catch {
          return true;
        }
        expect(yamlShape(text).depth, JSON.stringify(text)).toBeGreaterThanOrEqual(depthOf(value));
        return true;
      }),
      { numRuns: 3000, seed: 17 },
    );
  });

  it('JSON: exact depth, strings ignored', () => {
    expect(jsonShape(JSON.stringify({ a: [1, [2, [3]], { b: 'x]]]"\\' }] })).depth).toBe(4);
    expect(jsonShape('['.repeat(1000) + ']'.repeat(1000)).depth).toBe(1000);
    expect(jsonShape(JSON.stringify(Array.from({ length: 100 }, (_, i) => i))).nodes).toBeGreaterThanOrEqual(100);
  });
});
