/**
 * Limits on what a dice expression may ask for. Each is checked before any rolling or
 * distribution work starts, and a breach is a DiceError with code 'dice/limit' — never a
 * silent clamp. See docs/dice.md.
 */
export const DICE_LIMITS = Object.freeze({
  /** Characters of notation. */
  maxLength: 1000,
  /** Nodes in the parsed tree (numbers, dice terms, operators, function calls, parentheses). */
  maxNodes: 500,
  /** Nesting depth of parentheses, function calls and unary minus. */
  maxNesting: 50,
  /** Dice in one expression: the sum of every term's count (before explosions). */
  maxDice: 1000,
  /** Faces on one die. */
  maxSides: 1_000_000,
  /** Extra dice one die may explode into when rolled; a longer chain is a 'dice/limit' error. */
  maxExplosionDepth: 100,
  /** Rerolls of one die (`r`) before the roll fails with 'dice/limit'. */
  maxRerolls: 1000,
  /** Largest magnitude of a number literal or of a constant dice count / side count. */
  maxNumber: Number.MAX_SAFE_INTEGER,
  /** Multiply-adds one exact distribution may cost (estimated before each step). */
  maxDistributionWork: 100_000_000,
  /** Explosion chains in a distribution stop once the mass they leave out is below this. */
  explosionTailTarget: 1e-13,
});

export type DiceLimits = typeof DICE_LIMITS;
