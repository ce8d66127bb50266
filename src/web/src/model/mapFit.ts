/**
 * Fitting map art to the grid: the GM clicks two opposite corners of one square drawn in the art, and the
 * art is scaled so that square is one cell, and shifted so the art's grid lines fall on the board's. All in
 * cells, as `image.x/y/width/height` keep it (types.ts MapImage).
 */
import type { MapImage } from '../../../engine/index.ts';

export interface Pixel {
  x: number;
  y: number;
}

/** Where and how large the art lies, in cells, from the two corners of one of its squares (in the art's own pixels). */
export function fitFromSquare(natural: { width: number; height: number }, a: Pixel, b: Pixel): { ok: true; fit: Required<Pick<MapImage, 'x' | 'y' | 'width' | 'height'>>; square: { width: number; height: number } } | { ok: false; why: string } {
  const sw = Math.abs(b.x - a.x);
  const sh = Math.abs(b.y - a.y);
  if (sw < 4 || sh < 4) return { ok: false, why: 'Those two clicks are too close: click two opposite corners of one square of the art.' };
  const round = (n: number) => Math.round(n * 1000) / 1000;
  const left = Math.min(a.x, b.x);
  const top = Math.min(a.y, b.y);
  // the clicked corner falls on a line of the board: the art starts that fraction of a cell before one, or
  // (a click a hair short of a line) the rest of a cell after one — the nearer, so a near miss moves it a little
  const phase = (at: number, size: number) => {
    const f = (at / size) % 1;
    return round(f <= 0.5 ? -f : 1 - f) || 0;
  };
  return {
    ok: true,
    fit: { x: phase(left, sw), y: phase(top, sh), width: round(natural.width / sw), height: round(natural.height / sh) },
    square: { width: Math.round(sw), height: Math.round(sh) },
  };
}

/** A number for the page: at most two decimals, a minus sign as a person writes it. */
export const cells = (n: number) => String(Math.round(n * 100) / 100).replace('-', '−');
