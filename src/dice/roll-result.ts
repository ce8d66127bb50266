// What a recorded roll returns: every die with its marks, the total and a one-line breakdown.

/** One die as rolled (an exploded die's extra dice are separate entries unless compounded). */
export interface DieRoll {
  /** Index of the dice term in the expression (left to right, from 0). */
  term: number;
  /** Faces of the die; 'F' for fudge dice. */
  sides: number | 'F';
  /** The face shown (the last one, after rerolls; the first one of a compounded chain; -1..1 for fudge). */
  face: number;
  /** The value it counts for: after min/max, penetration (−1) and compounding. */
  value: number;
  /** false when dropped by keep/drop. */
  kept: boolean;
  exploded?: boolean;
  compounded?: boolean;
  penetrated?: boolean;
  rerolled?: boolean;
  /** Raised by a `min` modifier. */
  raisedToMin?: boolean;
  /** Lowered by a `max` modifier. */
  loweredToMax?: boolean;
  success?: boolean;
  failure?: boolean;
  critSuccess?: boolean;
  critFailure?: boolean;
}

export interface RollResult {
  /** Canonical notation (formatDice of the tree). */
  notation: string;
  total: number;
  /** Every die, term by term; within a term in the order rolled (or as sorted by s/sd). */
  dice: DieRoll[];
  /** One line, e.g. `4d6kh3 [6, 5, 3, 1d] + 2 = 16`. */
  breakdown: string;
  /** Every face drawn from the source, in order: scriptedSource(draws.map(d => d.face)) replays the roll. */
  draws: { sides: number; face: number }[];
}

export interface RollOptions {
  /** Passed to the source with each die (what the roll is for); defaults to the dice term's notation, e.g. "4d6kh3". */
  label?: string;
}
