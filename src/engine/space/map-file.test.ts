// The grid as a file writes it: terrain on a cell the map does not have is a mistake in the file, said
// with its place, not terrain silently ignored in play.
import { describe, expect, it } from 'vitest';
import { gridMapFrom, gridMapSchema } from './map-file.ts';

describe('gridMapSchema', () => {
  it('refuses terrain outside the map, naming the cell and the map', () => {
    const r = gridMapSchema.safeParse({ width: 9, height: 5, terrain: [{ at: [8, 4] }, { at: [4, 7], tags: ['mud'] }, { at: [9, 0] }] });
    expect(r.success).toBe(false);
    expect(r.error!.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['terrain.1.at', 'cell [4, 7] is outside the 9×5 map'],
      ['terrain.2.at', 'cell [9, 0] is outside the 9×5 map'],
    ]);
    // the last cell of the map is on it
    const ok = gridMapSchema.parse({ width: 9, height: 5, terrain: [{ at: [8, 4], tags: ['mud'] }] });
    expect(gridMapFrom(ok).cells['8,4'].tags).toEqual(['mud']);
  });

});
