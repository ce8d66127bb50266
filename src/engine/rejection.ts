/**
 * A rejected command is a value, not an exception: a namespaced code for programs
 * (`turn/not_your_turn`, `action/out_of_range`...) and a message for people. It changes nothing.
 */
export interface Rejection {
  readonly rejected: true;
  readonly code: string;
  readonly message: string;
  /** Where in the command the problem is, e.g. 'target'. */
  readonly field?: string;
}

export function reject(code: string, message: string, field?: string): Rejection {
  return field === undefined ? { rejected: true, code, message } : { rejected: true, code, message, field };
}

export function isRejection(x: unknown): x is Rejection {
  return typeof x === 'object' && x !== null && (x as Rejection).rejected === true;
}

/** Thrown inside a resolution to abort it; `decide` turns it back into a Rejection value. */
export class RuleError extends Error {
  constructor(readonly rejection: Rejection) {
    super(rejection.message);
  }
}

/** Abort the current resolution with a rejection (the state is left untouched). */
export function fail(code: string, message: string, field?: string): never {
  // a refusal is an answer, not a bug: no stack trace (capturing one is most of what a refusal costs,
  // and a legal-action listing that tries commands refuses often)
  const limit = Error.stackTraceLimit;
  Error.stackTraceLimit = 0;
  const err = new RuleError(reject(code, message, field));
  Error.stackTraceLimit = limit;
  throw err;
}
