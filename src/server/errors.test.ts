import { afterEach, describe, expect, it, vi } from 'vitest';
import { StoreUnavailableError } from '../store/store.ts';
import { logError } from './delivery.ts';
import { ApiError, asApiError } from './errors.ts';

describe('a failure on the server\'s stderr', () => {
  const written: string[] = [];
  afterEach(() => {
    vi.restoreAllMocks();
    written.length = 0;
  });
  const capture = () => vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => (written.push(String(chunk)), true));

  it('says the database is out of reach in one line, with no stack, whether a client is told or not', () => {
    capture();
    const outage = () => new StoreUnavailableError('connect ECONNREFUSED 127.0.0.1:5432', Object.assign(new Error('refused'), { code: 'ECONNREFUSED' }));
    const told = asApiError(outage(), 'skirmish serve');
    // catching up with what another process wrote, while the database restarts: no client waits on it
    logError(outage());
    expect(told).toBeInstanceOf(ApiError);
    expect(told.code).toBe('STORE_UNAVAILABLE');
    expect(written).toEqual([
      'skirmish serve: the database is out of reach: connect ECONNREFUSED 127.0.0.1:5432\n',
      'skirmish serve (ws): the database is out of reach: connect ECONNREFUSED 127.0.0.1:5432\n',
    ]);
  });

  it('keeps the stack of anything else (a bug to find), and tells a client only "internal error"', () => {
    capture();
    const told = asApiError(new TypeError('x is undefined'));
    logError(new RangeError('bad seq'));
    expect(told.body()).toEqual({ error: { code: 'INTERNAL', message: 'internal error' } });
    expect(written[0]).toMatch(/^skirmish serve: TypeError: x is undefined\n\s+at /);
    expect(written[1]).toMatch(/^skirmish serve \(ws\): RangeError: bad seq\n\s+at /);
  });
});
