/**
 * Tables come and go: creation is limited per network (a fair share, `mayCreate`) and in total (`tables`); every request of a table's GM or players records activity (at most once a
 * minute per table, so reads cost no write); a table idle for `tableIdleDays` is deleted with all it
 * holds, checked on start and every hour after; the GM may delete one at any time.
 */
import type { Context } from './context.ts';
import { ApiError } from './errors.ts';
import { networkOf } from './networks.ts';
import { TokenBucket } from './rate.ts';

const DAY_MS = 86_400_000;
/** Activity of a table is written at most this often. */
const TOUCH_EVERY_MS = 60_000;
/** How often idle tables are looked for, and how many are deleted at a time. */
const SWEEP_EVERY_MS = 3_600_000;
const SWEEP_BATCH = 100;

export class Upkeep {
  private readonly creators = new Map<string, TokenBucket>();
  private readonly touched = new Map<string, number>();
  private timer?: NodeJS.Timeout;
  private stopped = false;

  /** Set once the server's context is built (it holds this). */
  ctx!: Context;

  constructor(private readonly now: () => number = Date.now) {}

  /**
   * Throws unless `address` may create a table now; the network it counts as (networks.ts), which the
   * table records as its creator. A fair share for callers no one knows:
   * - a network holds at most `tablesPerNetwork` tables at once, and creates at most
   *   `tablesPerAddressHour` an hour (a token bucket per network);
   * - the last tenth of the server's `tables` is kept for networks that hold none yet, so networks that
   *   used up their share (however many) never shut out a GM who has no table;
   * - past `tables`, no one (the server is full: an operator lowers the shares or raises the cap).
   */
  async mayCreate(address: string): Promise<string> {
    const { limits, store } = this.ctx;
    const network = networkOf(address);
    const total = await store.countTables();
    if (total >= limits.tables) throw new ApiError('LIMIT_REACHED', `this server holds its limit of ${limits.tables} tables; try again when some are deleted`);
    const held = await store.countTables(network);
    if (held >= limits.tablesPerNetwork) throw new ApiError('LIMIT_REACHED', `your network holds ${held} tables, the most one network may; delete one (DELETE /api/tables/{id}) to make another`);
    const reserved = Math.floor(limits.tables / 10);
    if (held > 0 && total >= limits.tables - reserved) throw new ApiError('LIMIT_REACHED', `this server is nearly full: its last ${reserved} tables are kept for GMs whose network holds none; try again when some are deleted`);
    let bucket = this.creators.get(network);
    if (!bucket) {
      if (this.creators.size > 10_000) this.creators.clear();
      bucket = new TokenBucket(limits.tablesPerAddressHour / 3600, limits.tablesPerAddressHour, this.now);
      this.creators.set(network, bucket);
    }
    if (!bucket.take()) throw new ApiError('RATE_LIMITED', `one network may create ${limits.tablesPerAddressHour} tables an hour; try again later`);
    return network;
  }

  /** A request of the table's GM or players: it is in use. */
  touch(tableId: string): void {
    const at = this.now();
    if (at - (this.touched.get(tableId) ?? -Infinity) < TOUCH_EVERY_MS) return;
    if (this.touched.size > 100_000) this.touched.clear();
    this.touched.set(tableId, at);
    this.ctx.store.touchTable(tableId, at).catch(() => this.touched.delete(tableId));
  }

  /** The table and all it holds, gone; its connections closed, its encounters out of memory. */
  async remove(tableId: string): Promise<boolean> {
    const gone = await this.ctx.store.deleteTable(tableId);
    this.touched.delete(tableId);
    this.ctx.cache.evictTable(tableId);
    this.ctx.publisher.tableDeleted?.(tableId);
    return gone;
  }

  /** Delete the tables idle past `tableIdleDays` (none when it is 0); how many went. */
  async sweep(): Promise<number> {
    const days = this.ctx.limits.tableIdleDays;
    if (!(days > 0)) return 0;
    const before = this.now() - days * DAY_MS;
    let removed = 0;
    for (;;) {
      const idle = await this.ctx.store.idleTables(before, SWEEP_BATCH);
      for (const t of idle) if (await this.remove(t.id)) removed++;
      if (idle.length < SWEEP_BATCH) return removed;
    }
  }

  /** Sweep now and every hour (the timer keeps no process alive). */
  start(onError: (err: unknown) => void = () => {}): void {
    const run = () => void this.sweep().catch((err) => this.stopped || onError(err));
    run();
    this.timer = setInterval(run, SWEEP_EVERY_MS);
    this.timer.unref();
  }

  stop(): void {
    this.stopped = true;
    clearInterval(this.timer);
  }
}
