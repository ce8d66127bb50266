import { describe, expect, it } from 'vitest';
import { cells, fitFromSquare } from './mapFit.ts';

describe('fitting map art from one square', () => {
  it('a 40-pixel square whose lines start 12 pixels in: the art is 9 × 5 cells, 0.3 of a cell before the grid', () => {
    // a 360×200 art, lines every 40 px from 12 px: the square clicked runs 52..92 (either corner first)
    expect(fitFromSquare({ width: 360, height: 200 }, { x: 92, y: 92 }, { x: 52, y: 52 })).toEqual({ ok: true, fit: { x: -0.3, y: -0.3, width: 9, height: 5 }, square: { width: 40, height: 40 } });
    expect(cells(-0.3)).toBe('−0.3');
  });

  it('art already on the grid needs no offset; squares need not be square', () => {
    expect(fitFromSquare({ width: 600, height: 300 }, { x: 100, y: 50 }, { x: 150, y: 75 })).toEqual({ ok: true, fit: { x: 0, y: 0, width: 12, height: 12 }, square: { width: 50, height: 25 } });
  });

  it('a corner clicked a hair short of a line moves the art a hair, not a whole cell', () => {
    const r = fitFromSquare({ width: 450, height: 250 }, { x: 149, y: 99.5 }, { x: 199, y: 149.5 });
    expect(r).toEqual({ ok: true, fit: { x: 0.02, y: 0.01, width: 9, height: 5 }, square: { width: 50, height: 50 } });
  });

  it('two clicks on one spot are not a square', () => {
    expect(fitFromSquare({ width: 100, height: 100 }, { x: 10, y: 10 }, { x: 12, y: 40 })).toEqual({ ok: false, why: 'Those two clicks are too close: click two opposite corners of one square of the art.' });
  });
});
