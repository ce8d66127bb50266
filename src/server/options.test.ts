import { describe, expect, it } from 'vitest';
import { DEFAULT_LIMITS } from './limits.ts';
import { OptionError, parseServeOptions } from './options.ts';
import { TokenBucket } from './rate.ts';

describe('serve options', () => {
  it('defaults to port 8080 on this machine with data/skirmish.sqlite and synchronous FULL', () => {
    expect(parseServeOptions({}, {})).toMatchObject({ port: 8080, host: '127.0.0.1', db: 'data/skirmish.sqlite', synchronous: 'full' });
    expect(parseServeOptions({}, { PORT: '9000' }).port).toBe(9000);
  });

  it('stores in PostgreSQL given a connection string (--store or DATABASE_URL), else in the SQLite file', () => {
    expect(parseServeOptions({ store: 'postgres://ann@db/skirmish' }, {}).db).toBe('postgres://ann@db/skirmish');
    expect(parseServeOptions({}, { DATABASE_URL: 'postgresql://db/x' }).db).toBe('postgresql://db/x');
    // what the command line says wins over the environment
    expect(parseServeOptions({ store: 'game.sqlite' }, { DATABASE_URL: 'postgres://db/x' }).db).toBe('game.sqlite');
    expect(parseServeOptions({ db: 'old.sqlite' }, { DATABASE_URL: 'postgres://db/x' }).db).toBe('old.sqlite');
    expect(parseServeOptions({}, { DATABASE_URL: '' }).db).toBe('data/skirmish.sqlite');
    expect(() => parseServeOptions({ store: 'a.sqlite', db: 'b.sqlite' }, {})).toThrow(/--store or --db/);
  });

  it('checks what it is given', () => {
    expect(() => parseServeOptions({ port: 'x' }, {})).toThrow(OptionError);
    expect(() => parseServeOptions({ sync: 'off' }, {})).toThrow(OptionError);
    expect(() => parseServeOptions({ limits: '{"nope":1}' }, {})).toThrow(/unknown limit/);
    expect(parseServeOptions({ limits: '{"wsRate":5}' }, {}).limits).toEqual({ wsRate: 5 });
  });

  it('takes --dice-seed (testing only) as a whole number; by default the dice are not seeded', () => {
    expect(parseServeOptions({}, {}).testDiceSeed).toBeUndefined();
    expect(parseServeOptions({ 'dice-seed': '42' }, {}).testDiceSeed).toBe('42');
    expect(parseServeOptions({ diceSeed: '7' }, {}).testDiceSeed).toBe('7');
    expect(() => parseServeOptions({ 'dice-seed': 'x' }, {})).toThrow(/--dice-seed/);
  });

  it('lets a whole table on one address make a few hundred requests a second', () => {
    expect(DEFAULT_LIMITS.httpRate).toBeGreaterThanOrEqual(300);
  });
});

describe('TokenBucket', () => {
  it('allows the burst, then the rate', () => {
    let now = 0;
    const b = new TokenBucket(2, 3, () => now);
    expect([b.take(), b.take(), b.take(), b.take()]).toEqual([true, true, true, false]);
    now = 500;
    expect([b.take(), b.take()]).toEqual([true, false]);
  });
});
