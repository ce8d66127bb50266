/**
^ * A timing trace of each append's way to the watchers, for finding where a latency tail comes from
 * (issue 42): off unless SKIRMISH_TRACE names a folder. Then every process marks each append's steps
 * (keyed by encounter and version) on the machine's monotonic clock — shared by every process on it,
 * so the marks of the committing process, the watching one and the bench's clients line up — and also
 * its GC pauses and the turns of its event loop that came late; at exit all of it is written to
 * `<folder>/<pid>.jsonl`. bench/trace-report.ts reads them. Off, a mark is one comparison. In the store's
 * layer because the PostgreSQL store marks its commits and notifications; the server's files mark the rest.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PerformanceObserver, performance } from 'node:perf_hooks';

const dir = process.env.SKIRMISH_TRACE || undefined;

/** The machine's monotonic clock (CLOCK_MONOTONIC: the same in every process), ms. */
export const clock = (): number => Number(process.hrtime.bigint()) / 1e6;

export const tracing = dir !== undefined;

const lines: string[] = [];

/** Mark step `step` of append `encounter`@`version` (its last seq) now, or at `at`. */
export function mark(encounter: string, version: number, step: string, at?: number): void {
  if (dir) lines.push(`{"k":${JSON.stringify(`${encounter}:${version}`)},"s":"${step}","t":${at ?? clock()}}`);
}

/** Anything else worth a line (the bench's phases, its clients' marks). */
export function note(record: Record<string, unknown>): void {
  if (dir) lines.push(JSON.stringify(record));
}

/** Write what was marked so far (and at exit). */
export function flushTrace(): void {
  if (!dir || !lines.length) return;
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, `${process.pid}.jsonl`), lines.join('\n') + '\n', { flag: 'a' });
  lines.length = 0;
}

if (dir) {
  // performance.now() is ms since timeOrigin; the monotonic clock's ms at the same instant
  const offset = clock() - performance.now();
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) note({ gc: e.duration, t: e.startTime + offset });
  }).observe({ entryTypes: ['gc'] });
  // a turn of the loop that came late: the loop was busy (or the process was not running) that long
  const every = 5;
  let expected = clock() + every;
  setInterval(() => {
    const now = clock();
    if (now - expected > 3) note({ late: now - expected, t: now });
    expected = now + every;
  }, every).unref();
  process.on('exit', flushTrace);
}
