/**
 * Thrown by a command to end with a given exit code and a message on stderr. The codes:
 * 1 something broke inside (a bug), 2 bad input (a file that does not validate, a bad option),
 * 3 a scenario's script and the fight disagree (a command refused that was not expected to be, an
 * expected refusal that did not come, a command after the combat ended).
 */
export const EXIT = { internal: 1, badInput: 2, scriptDisagrees: 3 } as const;

export class CliExit extends Error {
  constructor(readonly code: number, message = '') {
    super(message);
  }
}
