/** Thrown by a command to end with a given exit code and a message on stderr (2 = bad input). */
export class CliExit extends Error {
  constructor(readonly code: number, message = '') {
    super(message);
  }
}
