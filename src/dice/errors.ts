/** Every failure of the dice layer is a DiceError with a namespaced code. */
export type DiceErrorCode =
  | 'dice/syntax' // the notation does not parse
  | 'dice/invalid' // parses, but means nothing (0 sides, a non-whole dice count, …)
  | 'dice/limit' // exceeds one of DICE_LIMITS (checked before any work is done)
  | 'dice/math' // division by zero or a non-finite result
  | 'dice/unsupported' // valid notation whose exact distribution this library does not compute
  | 'dice/script_exhausted' // a scripted source ran out of faces
  | 'dice/bad_face'; // a scripted or asked face does not fit the die

export class DiceError extends Error {
  override readonly name = 'DiceError';
  /** 1-based column in `notation` the message is about, when it is about notation. */
  readonly column?: number;
  /** The notation the column points into. */
  readonly notation?: string;

  constructor(
    readonly code: DiceErrorCode,
    message: string,
    where?: { column?: number; notation?: string },
  ) {
    super(message);
    if (where?.column !== undefined) this.column = where.column;
    if (where?.notation !== undefined) this.notation = where.notation;
  }

  /** The notation with a caret under the column, e.g. "4d6kq3\n    ^" (empty when there is no column). */
  pointer(indent = ''): string {
    if (this.column === undefined || this.notation === undefined) return '';
    return `${indent}${this.notation}\n${indent}${' '.repeat(this.column - 1)}^`;
  }
}
