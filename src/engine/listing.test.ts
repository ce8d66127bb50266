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

  it('first: the first accepted, in order; a lister may stop once it has one', () => {
    const calls: number[] = [];
    // a lister in groups that asks `enough` between them and stops at a yes
    const groups = [[full[0], full[1]], [full[2], full[3]], [full[4]]];
    const lister = (only?: Wanted) => {
      const out: ActionOption[] = [];
      for (let g = 0; g < groups.length; g++) {
        calls.push(g);
        out.push(...groups[g]);
        if (only?.enough?.(out)) return out;
      }
      return out;
    };
    const l = new LazyListing(lister);
    expect(l.first((o) => o.command.n === 2)).toBe(full[2]);
    expect(calls).toEqual([0, 1]);
    // a first question does not become the whole listing when the lister stopped
    expect(l.all).toEqual(full);
    expect(calls).toEqual([0, 1, 0, 1, 2]);
    // once the whole listing is known, it answers
    expect(l.first((o) => o.command.type === 'end_turn')).toBe(full[4]);
    expect(calls.length).toBe(5);
  });

  it('first: none accepted — the list that found it out is the whole listing, built once', () => {
    let calls = 0;
    const l = new LazyListing((only) => {
      calls++;
      const out: ActionOption[] = [];
      for (const o of full) {
        out.push(o);
        if (only?.enough?.(out)) break;
      }
      return out;
    });
    expect(l.first((o) => o.command.type === 'cast')).toBeUndefined();
    expect(l.all).toEqual(full);
    expect(l.except('move')).toEqual([full[0], full[2], full[4]]);
    expect(calls).toBe(1);
  });

  it('first: equals all.find for a lister that never asks enough, and for listingOf', () => {
    for (const make of [() => new LazyListing(() => full), () => listingOf(full)]) {
      for (const test of [(o: ActionOption) => o.command.type === 'move', (o: ActionOption) => o.command.n === 2, () => false]) {
        expect(make().first(test)).toBe(full.find(test));
      }
    }
  });

  it('tells apart questions that begin alike, and asks the same question the same way in every listing', () => {
    const asked: (Wanted | undefined)[] = [];
    const lister = (only?: Wanted) => (asked.push(only), full);
    const a = new LazyListing(lister);
    expect(a.of('attack', 'end_turn')).toEqual([full[0], full[2], full[4]]);
    expect(a.of('attack')).toEqual([full[0], full[2]]);
    expect(a.except('attack')).toEqual([full[1], full[3], full[4]]);
    expect(a.of('attack', 'move')).toEqual([full[0], full[1], full[2], full[3]]);
    expect(asked.length).toBe(4);
    new LazyListing(lister).of('attack', 'end_turn');
    expect(asked[4]).toBe(asked[0]);
  });
});
