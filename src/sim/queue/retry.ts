/** Riding out a database restart: which errors mean "the database is not there now", and trying again until it is. */

/** The connection broke or the server is restarting (as opposed to a mistake in a query). */
export function isConnectionError(err: unknown): boolean {
  const e = err as { code?: string; message?: string };
  if (typeof e.code === 'string' && /^(57P0[1-3]|08\d\d\d|ECONNREFUSED|ECONNRESET|EPIPE|ETIMEDOUT)$/.test(e.code)) return true;
  return /Connection terminated|connection .*(closed|ended)|not queryable|the database system is (starting up|shutting down)|terminating connection/i.test(e.message ?? '');
}

export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** Run `f` until it does not fail for want of the database, waiting longer each time (up to 5 s); gives up when `stop` says so. */
export async function untilItAnswers<T>(f: () => Promise<T>, stop: () => boolean): Promise<T> {
  for (let wait = 250; ; wait = Math.min(wait * 2, 5000)) {
    try {
      return await f();
    } catch (err) {
      if (stop() || !isConnectionError(err)) throw err;
      await sleep(wait);
    }
  }
}
