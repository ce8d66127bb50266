// Map art kept with the encounter: a file's image is part of the map; the GM sets, moves and removes one
// (gm.map_image), each an ordinary command in the log that replay and undo follow; a bad image is refused.
import { describe, expect, it } from 'vitest';
import { replayLog, type GridMap } from '../../src/engine/index.ts';
import { duel } from '../../src/rulesets/phase20/fixtures.ts';
import { phase20 } from '../../src/rulesets/phase20/index.ts';
import { Table } from '../../src/rulesets/testing.ts';
import { dataUrl, gridPng } from '../../src/server/testing/images.ts';

const PNG = dataUrl(gridPng(8, 8, 4));

describe('map art', () => {
  it("an encounter file's map.image is the map's, fitted to the grid unless placed", () => {
    const doc = duel();
    const t = new Table(phase20, { ...doc, map: { ...doc.map, image: { src: PNG, opacity: 0.8, credit: 'CC0' } } });
    expect((t.state.map as GridMap).image).toEqual({ src: PNG, opacity: 0.8, credit: 'CC0' });
  });

  it('the GM puts an image under the grid, offsets it, and takes it away; undo and replay follow', () => {
    const t = new Table(phase20, duel());
    t.start(15, 1);
    t.do({ type: 'gm.map_image', image: { src: PNG, x: -0.5, y: 0, width: 12, height: 8, opacity: 0.7 }, reason: 'the cave' });
    expect((t.state.map as GridMap).image).toEqual({ src: PNG, x: -0.5, y: 0, width: 12, height: 8, opacity: 0.7 });
    expect(t.lines().at(-1)).toBe('The map art changes');
    expect(replayLog(t.engine, t.log.events)).toEqual(t.state);
    t.do({ type: 'gm.map_image', image: null });
    expect((t.state.map as GridMap).image).toBeUndefined();
    t.do({ type: 'undo' });
    expect((t.state.map as GridMap).image?.src).toBe(PNG);
  });

  it('refuses what is not an image, naming the field, and changes nothing', () => {
    const t = new Table(phase20, duel());
    t.start(15, 1);
    const no = (image: unknown) => {
      const r = t.log.execute({ type: 'gm.map_image', image: image as never }, { roll: () => 1 });
      return r.ok ? 'accepted' : `${r.rejection.code}: ${r.rejection.message}`;
    };
    // the checks of map-image.ts, the same for a file, an import and this command (issue 37)
    expect(no({ src: 'javascript:alert(1)' })).toMatch(/^gm\/bad_image: image\.src: the page shows only images it is sent .* not a "javascript:" address/);
    expect(no({ src: 'http://example.org/a.png' })).toMatch(/not a "http:" address/);
    expect(no({ src: 'https://example.org/a.png' })).toMatch(/not a "https:" address/);
    expect(no({ src: 'data:image/svg+xml;base64,PHN2Zz4=' })).toMatch(/a data: image is a PNG, JPEG or WebP in base64 .*not "image\/svg\+xml"/);
    expect(no({ src: `data:image/png;base64,${btoa('<html><script>alert(1)</script>')}` })).toMatch(/image\.src: the data is not a PNG image/);
    expect(no({ src: 'data:image/png;base64,<html>' })).toMatch(/a data: image is a PNG, JPEG or WebP in base64/);
    expect(no({ src: 'maps/cave.svg' })).toMatch(/^gm\/bad_image: image\.src: "maps\/cave\.svg" is a file beside an encounter/);
    expect(no({ src: PNG, onload: 'alert(1)' })).toMatch(/^gm\/bad_image: image/);
    expect(no({ src: PNG, opacity: 2 })).toMatch(/^gm\/bad_image: image\.opacity/);
    expect(no({ src: `data:image/png;base64,${'A'.repeat(2_100_000)}` })).toMatch(/an image is at most 1,400,000 bytes \(this one is 1,575,000\): make it smaller/);
    expect(no({ src: 'data:image/png;base64,iVBORw0KGgo=' })).toMatch(/the PNG image is cut short or damaged/);
    expect(no(null)).toBe('gm/no_image: the map has no image to take away');
    expect((t.state.map as GridMap).image).toBeUndefined();
  });
});
