// Drawing one face from a DiceSource for the roller, checked: a face that does not fit the die
// would silently corrupt every total after it.
import { DiceError } from './errors.ts';
import type { DiceSource } from './source.ts';

/** A face of a d`sides` from the source; anything but a whole number in 1..sides is 'dice/bad_face'. */
export function drawFace(src: DiceSource, sides: number, label: string): number {
  const f = src.roll(sides, label);
  if (!(f >= 1 && f <= sides) || (f | 0) !== f) badFace(f, sides, label);
  return f;
}

// kept out of the callers so the hot paths stay small enough to inline
export function badFace(f: number, sides: number, label: string): never {
  throw new DiceError('dice/bad_face', `dice source gave ${f} for a d${sides} (${label})`);
}
