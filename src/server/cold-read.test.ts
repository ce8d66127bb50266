/**
 * A long log read cold (after an import or a restart: nothing of it in memory) holds no table (issue 37):
 * the store is read a page at a time (READ_PAGE events: a driver decodes a page in one go), the log folded
 * and a player's view of it built in slices between turns of the event loop. Measured as counts: the size
 * of every read of the store, and how many turns of the loop other work had while it ran.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { READ_PAGE } from './live.ts';
import { importedLongLog, TEST_LIMITS, testTable, type TestTable } from './testing.ts';

const N = 6 * READ_PAGE + 11;
let t: TestTable;
let id: string;

beforeAll(async () => {
  t = await testTable({ limits: { ...TEST_LIMITS, importEvents: N } });
  id = await importedLongLog(t, N);
}, 120_000);
afterAll(() => t.close());

/** The store's event reads (how many events each asked for) and the loop's turns while `run` runs. */
async function watched<T>(run: () => Promise<T>): Promise<{ pages: number[]; turns: number; value: T }> {
  const store = t.srv.ctx.store;
  const events = store.events.bind(store);
  const pages: number[] = [];
  store.events = async (e, after = 0, upTo = Number.MAX_SAFE_INTEGER) => {
    const got = await events(e, after, upTo);
    pages.push(got.length);
    return got;
  };
  let turns = 0;
  let on = true;
  const tick = () => on && (turns++, setImmediate(tick));
  setImmediate(tick);
  try {
    return { value: await run(), pages, turns };
  } finally {
    on = false;
    store.events = events;
  }
}

describe('a long log read cold', () => {
  it(`a player's first read of a ${N}-event log just imported: the store read ${READ_PAGE} events at a time, the loop turning between`, async () => {
    t.srv.ctx.cache.evict(id);
    const { pages, turns, value } = await watched(() => t.p1.get(`/api/encounters/${id}`));
    expect(value.status, value.text).toBe(200);
    expect(value.body.state.units.kara.pools.hp.value).toBe(20);
    expect(pages.reduce((a, b) => a + b, 0)).toBe(N);
    expect(Math.max(...pages)).toBeLessThanOrEqual(500);
    expect(turns).toBeGreaterThanOrEqual(Math.ceil(N / READ_PAGE));
  }, 120_000);

  it("the GM's first read after the encounter left memory (a restart): the same", async () => {
    t.srv.ctx.cache.evict(id);
    const { pages, turns, value } = await watched(() => t.gm.get(`/api/encounters/${id}`));
    expect(value.status, value.text).toBe(200);
    expect(value.body.encounter.version).toBe(N);
    expect(Math.max(...pages)).toBeLessThanOrEqual(500);
    expect(turns).toBeGreaterThanOrEqual(Math.ceil(N / READ_PAGE));
  }, 120_000);
});
