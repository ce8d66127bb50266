import { StoreUnavailableError } from '../store/store.ts';

/**
 * Every failure the API reports has one shape: `{ error: { code, message, field? } }`. Server codes are
 * UPPER_CASE; a rules rejection keeps the engine's namespaced code (`turn/not_your_turn`).
 */
export interface ErrorBody {
  code: string;
  message: string;
  field?: string;
  /** STALE_VERSION: the version the log is at now. */
  version?: number;
}

/** HTTP status by server error code (rules rejections are 422). */
export const STATUS: Record<string, number> = {
  BAD_JSON: 400,
  BAD_REQUEST: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  STALE_VERSION: 409,
  IDEMPOTENCY_CONFLICT: 409,
  ENCOUNTER_PAUSED: 409,
  DICE_AWAITED: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  INVALID_ENCOUNTER: 422,
  INVALID_IMPORT: 422,
  BAD_IMAGE: 422,
  NO_ENCOUNTER_FILE: 422,
  RATE_LIMITED: 429,
  TOO_MANY_CONNECTIONS: 429,
  LIMIT_REACHED: 429,
  INTERNAL: 500,
  STORE_UNAVAILABLE: 503,
  DICE_NOT_ALLOWED: 422,
  SIMULATION_FAILED: 422,
  SIMULATION_STOPPED: 503,
  // rules rejections that mean "no such thing" or "not yours"
  'unit/unknown': 404,
  'pending/unknown': 404,
};

/** The HTTP status of an error code: the table above, 403 for any engine `auth/*`, else 422. */
export function statusOf(code: string): number {
  return Object.hasOwn(STATUS, code) ? STATUS[code] : code.startsWith('auth/') ? 403 : 422;
}

export class ApiError extends Error {
  readonly status: number;
  constructor(readonly code: string, message: string, readonly field?: string, readonly extra: { version?: number; problems?: unknown[] } = {}) {
    super(message);
    this.status = statusOf(code);
  }

  body(): { error: ErrorBody & { problems?: unknown[] } } {
    return { error: { code: this.code, message: this.message, ...(this.field !== undefined ? { field: this.field } : {}), ...this.extra } };
  }
}

/**
 * What a failure says to a client: an ApiError as it is; the database out of reach as STORE_UNAVAILABLE
 * (try again: a command sent again with its id lands once); anything else as INTERNAL, logged here.
 */
export function asApiError(err: unknown, where = 'skirmish serve'): ApiError {
  if (err instanceof ApiError) return err;
  logFailure(err, where);
  if (err instanceof StoreUnavailableError) {
    return new ApiError('STORE_UNAVAILABLE', 'the database cannot be reached just now; try again in a moment (a command sent again with the same id is applied once)');
  }
  return new ApiError('INTERNAL', 'internal error');
}

/**
 * A failure on stderr: the database out of reach in one line (an outage says what it is, and the store
 * reconnects by itself), anything else with its stack.
 */
export function logFailure(err: unknown, where: string): void {
  if (err instanceof StoreUnavailableError) process.stderr.write(`${where}: the database is out of reach: ${err.message}\n`);
  else process.stderr.write(`${where}: ${(err as Error)?.stack ?? String(err)}\n`);
}

export const notFound = (what = 'not found') => new ApiError('NOT_FOUND', what);
export const forbidden = (what = 'this token may not do that') => new ApiError('FORBIDDEN', what);
export const unauthenticated = () => new ApiError('UNAUTHENTICATED', 'a valid access token is required (Authorization: Bearer <token>)');
