/**
 * A fair share of tables for callers no one knows (issue 37): counted per address, 300 tables came from 15
 * loopback addresses in 3.7 s, the server-wide cap was full, and the next GM from anywhere got 429. Now a
 * creator is its network (an IPv4 /24, an IPv6 /64, loopback's /8), a network holds at most
 * `tablesPerNetwork` and creates `tablesPerAddressHour` an hour, and the last tenth of `tables` is kept
 * for networks that hold none: one caller exhausting its share never refuses another's first table.
 */
import httpModule from 'node:http';
import { describe, expect, it } from 'vitest';
import { SqliteStore } from '../store/sqlite.ts';
import type { Context } from './context.ts';
import { ApiError } from './errors.ts';
import { DEFAULT_LIMITS } from './limits.ts';
import { networkOf } from './networks.ts';
import { TEST_LIMITS, testTable } from './testing.ts';
import { Upkeep } from './upkeep.ts';

describe('who a table creator is', () => {
  it('its network: IPv4 /24, loopback /8, IPv6 /64 (an IPv4 address mapped into IPv6 as IPv4)', () => {
    expect(['10.1.2.3', '10.1.2.250', '::ffff:10.1.2.9'].map(networkOf)).toEqual(['10.1.2.0/24', '10.1.2.0/24', '10.1.2.0/24']);
    expect(['127.0.0.1', '127.0.0.17', '127.9.9.9'].map(networkOf)).toEqual(['127.0.0.0/8', '127.0.0.0/8', '127.0.0.0/8']);
    expect(networkOf('10.1.3.3')).toBe('10.1.3.0/24');
    expect(networkOf('2001:db8:85a3::8a2e:370:7334')).toBe(networkOf('2001:db8:85a3:0:ffff::1'));
    expect(networkOf('2001:db8:85a3:1::1')).not.toBe(networkOf('2001:db8:85a3:2::1'));
  });
});

/** An Upkeep over a fresh store: creates a table for `address` as the server does, or gives the refusal's code. */
function server(limits: Partial<typeof DEFAULT_LIMITS>) {
  const store = new SqliteStore({ path: ':memory:' });
  const upkeep = new Upkeep(() => 0);
  upkeep.ctx = { store, limits: { ...DEFAULT_LIMITS, ...limits } } as unknown as Context;
  let n = 0;
  const create = async (address: string): Promise<string> => {
    try {
      const network = await upkeep.mayCreate(address);
      await store.createTable(`t${++n}`, 'T', {}, `gm${n}`, network);
      return 'created';
    } catch (err) {
      if (err instanceof ApiError) return `${err.code}: ${err.message}`;
      throw err;
    }
  };
  return { store, create };
}

describe('a fair share of tables', () => {
  it('many addresses of one network are one caller: its hourly share is shared', async () => {
    const s = server({ tablesPerAddressHour: 20, tablesPerNetwork: 100, tables: 300 });
    const made: string[] = [];
    for (let a = 2; a <= 16; a++) for (let i = 0; i < 21; i++) made.push(await s.create(`127.0.0.${a}`));
    expect(made.filter((r) => r === 'created').length).toBe(20);
    expect(made.at(-1)).toBe('RATE_LIMITED: one network may create 20 tables an hour; try again later');
    // another network is not touched by it
    expect(await s.create('192.0.2.7')).toBe('created');
  });

  it('one network holds at most tablesPerNetwork; others still create theirs', async () => {
    const s = server({ tablesPerAddressHour: 1000, tablesPerNetwork: 5, tables: 1000 });
    for (let i = 0; i < 5; i++) expect(await s.create(`198.51.100.${i + 1}`)).toBe('created');
    expect(await s.create('198.51.100.77')).toBe('LIMIT_REACHED: your network holds 5 tables, the most one network may; delete one (DELETE /api/tables/{id}) to make another');
    expect(await s.create('203.0.113.1')).toBe('created');
    expect(await s.store.countTables('198.51.100.0/24')).toBe(5);
  });

  it('networks that used up their share fill 90% at most: the last tenth is kept for GMs whose network holds none', async () => {
    const s = server({ tablesPerAddressHour: 1000, tablesPerNetwork: 10, tables: 100 });
    // nine networks of ten tables each: 90 tables, the rest reserved
    for (let n = 0; n < 9; n++) for (let i = 0; i < 10; i++) expect(await s.create(`10.0.${n}.1`)).toBe('created');
    // a tenth network makes its first table, not its second
    expect(await s.create('10.0.9.1')).toBe('created');
    expect(await s.create('10.0.9.2')).toMatch(/^LIMIT_REACHED: this server is nearly full: its last 10 tables are kept for GMs whose network holds none/);
    // every new network still gets one, until the server is full
    for (let n = 10; n < 19; n++) expect(await s.create(`10.0.${n}.1`)).toBe('created');
    expect(await s.store.countTables()).toBe(100);
    expect(await s.create('10.0.99.1')).toBe('LIMIT_REACHED: this server holds its limit of 100 tables; try again when some are deleted');
  });
});

describe('over HTTP', () => {
  it('tables made from 15 loopback addresses count as one network (the probe of issue 37)', async () => {
    const t = await testTable({ limits: { ...TEST_LIMITS, tablesPerAddressHour: 20, tables: 300 } });
    try {
      const post = (localAddress: string) =>
        new Promise<number>((resolve, reject) => {
          const body = JSON.stringify({ name: 'junk' });
          const req = httpModule.request({ host: '127.0.0.1', port: t.srv.port, path: '/api/tables', method: 'POST', localAddress, headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } }, (res) => {
            res.resume();
            res.on('end', () => resolve(res.statusCode!));
          });
          req.on('error', reject);
          req.end(body);
        });
      let made = 0;
      for (let a = 2; a <= 16; a++) for (let i = 0; i < 3; i++) if ((await post(`127.0.0.${a}`)) === 201) made++;
      // testTable made one from 127.0.0.1: 19 more, then the network's hour is used up
      expect(made).toBe(19);
    } finally {
      await t.close();
    }
  }, 60_000);

  it("the probe's scenario with a caller that is another: loopback's 15 addresses fill all the server lets one network fill, and a GM from ::1 (another network) still makes a table", async () => {
    // listening on both stacks: 127.0.0.x comes as ::ffff:127.0.0.x (loopback's /8, one network), ::1 as itself
    const t = await testTable({ host: '::', limits: { ...TEST_LIMITS, tablesPerAddressHour: 1000, tablesPerNetwork: 1000, tables: 30 } });
    try {
      const post = (host: string, localAddress?: string) =>
        new Promise<{ status: number; text: string }>((resolve, reject) => {
          const body = JSON.stringify({ name: 'junk' });
          const req = httpModule.request({ host, port: t.srv.port, path: '/api/tables', method: 'POST', ...(localAddress ? { localAddress } : {}), headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } }, (res) => {
            let text = '';
            res.on('data', (c) => (text += c));
            res.on('end', () => resolve({ status: res.statusCode!, text }));
          });
          req.on('error', reject);
          req.end(body);
        });
      let made = 1; // testTable's own, from 127.0.0.1
      let refused = '';
      for (let a = 2; a <= 16 && !refused; a++) {
        for (let i = 0; i < 3 && !refused; i++) {
          const r = await post('127.0.0.1', `127.0.0.${a}`);
          if (r.status === 201) made++;
          else refused = `${r.status} ${JSON.parse(r.text).error.message}`;
        }
      }
      // 27 of 30: the last tenth is kept for networks that hold none
      expect(made).toBe(27);
      expect(refused).toMatch(/^429 this server is nearly full: its last 3 tables are kept for GMs whose network holds none/);
      // the same caller from another of its addresses: refused; another caller: served
      expect((await post('127.0.0.1', '127.0.0.17')).status).toBe(429);
      const other = await post('::1');
      expect(other.status, other.text).toBe(201);
    } finally {
      await t.close();
    }
  }, 60_000);
});
