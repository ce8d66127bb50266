import { describe, expect, it } from 'vitest';
import type { GridMap } from '../../../engine/index.ts';
import { groundOf, kindsOf } from './terrain.tsx';

describe('how the grid draws ground', () => {
  it('tells a wall, difficult ground, smoke and water apart by their typed fields, not their tags', () => {
    expect(groundOf({ blocksMove: true, blocksSight: true, tags: ['smoke'] })).toBe('wall');
    expect(groundOf({ cost: 2, tags: ['wall'] })).toBe('difficult');
    expect(groundOf({ blocksSight: true })).toBe('smoke');
    expect(groundOf({ tags: ['water'], cost: 2 })).toBe('water');
    expect(groundOf({ cover: 'half' })).toBeUndefined();
    expect(groundOf(undefined)).toBeUndefined();
  });
  it("lists the kinds a map has for its key, in the key's order", () => {
    const map = { kind: 'grid', width: 3, height: 1, cells: { '0,0': { cover: 'half' }, '1,0': { blocksSight: true, elevation: 1 }, '2,0': { blocksMove: true, cover: 'full' } } } as unknown as GridMap;
    expect(kindsOf(map)).toEqual(['wall', 'smoke', 'half', 'full', 'high']);
  });
});
