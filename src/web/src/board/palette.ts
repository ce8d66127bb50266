/** Side colours: the first side (usually the players') is blue, the next red, then others; stable per encounter. */
const COLOURS = ['#4f8fdc', '#d9534f', '#e0a030', '#4fb07a', '#a070d0', '#40b0c0'];

export function sideColour(sides: readonly string[], side: string): string {
  const i = sides.indexOf(side);
  return COLOURS[(i < 0 ? 0 : i) % COLOURS.length];
}

export function initials(name: string): string {
  const words = name.split(/\s+/).filter((w) => /^[\p{L}\p{N}]/u.test(w));
  if (words.length >= 2) return (words[0][0] + words[1][0]).toUpperCase();
  return name.slice(0, 2).toUpperCase();
}

/** Unit vector of a compass facing (y grows south). */
export const FACING_VECTOR: Record<string, [number, number]> = {
  N: [0, -1], NE: [0.707, -0.707], E: [1, 0], SE: [0.707, 0.707],
  S: [0, 1], SW: [-0.707, 0.707], W: [-1, 0], NW: [-0.707, -0.707],
};
