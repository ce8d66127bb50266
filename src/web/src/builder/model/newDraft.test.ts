import { describe, expect, it } from 'vitest';
import { idsUnderTest } from '../../../../rulesets/under-test.ts';
import { newDraft, onAGrid } from './newDraft.ts';
import { hasGrid } from './units.ts';

describe('a new encounter', () => {
  it('gets a sized map on a grid ruleset, and none on zones (frontline’s map holds only an image)', () => {
    for (const id of idsUnderTest()) {
      const { doc } = newDraft({ ruleset: id, name: 'N', width: 7, height: 5 });
      expect(hasGrid(doc), id).toBe(onAGrid(id));
      if (onAGrid(id)) expect(doc.map, id).toEqual({ width: 7, height: 5 });
    }
    expect(onAGrid('frontline')).toBe(false);
    expect(onAGrid('phase20')).toBe(true);
  });

  it('a zones file with map art is still fought on zones', () => {
    expect(hasGrid({ ruleset: 'frontline', map: { image: { src: 'data:image/svg+xml;base64,' } } })).toBe(false);
  });
});
