// A Listing answers a policy's narrow questions from the lister, asking it only for the types wanted,
// filtering whatever it returns, building each answer once — or from the whole list once it is known.
import { describe, expect, it } from 'vitest';
import { LazyListing, listingOf, type Wanted } from './listing.ts';
import type { ActionOption } from './ruleset.ts';

const opt = (type: string, n: number): ActionOption => ({ command: { type, actor: 'a', n }, label: `${type} ${n}`, group: type });
const full = [opt('attack', 1), opt('move', 1), opt('attack', 2), opt('move', 2), opt('end_turn', 1)];

describe('Listing', () => {
  it('asks the lister narrowly, filters its answer, and keeps each answer', () => {
    const asked: (Wanted | undefined)[] = [];
    // a lister that leaves nothing out: the listing filters for it
    const l = new LazyListing((only) => (asked.push(only), full));
    expect(l.except('move')).toEqual([full[0], full[2], full[4]]);
    expect(l.except('move')).toBe(l.except('move'));
    expect(l.of('move', 'end_turn')).toEqual([full[1], full[3], full[4]]);
    expect(asked.length).toBe(2);
    expect(asked[0]!.has('attack') && !asked[0]!.has('move')).toBe(true);
    expect(asked[1]!.has('end_turn') && !asked[1]!.has('attack')).toBe(true);
    // once the whole list is known, narrow questions are answered from it
    expect(l.all).toBe(full);
    expect(l.of('attack')).toEqual([full[0], full[2]]);
    expect(asked.length).toBe(3);
  });

  it('listingOf: a fixed list asked whole or narrowly', () => {
    const l = listingOf(full);
    expect(l.all).toBe(full);
    expect(l.of('end_turn')).toEqual([full[4]]);
    expect(l.of('attack', 'move', 'end_turn')).toBe(full);
    expect(l.except('attack', 'move', 'end_turn')).toEqual([]);
  });
});
