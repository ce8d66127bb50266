// TEMPORARY (issue 42 measurement): env-gated timings, removed before commit.
import { writeFileSync } from 'node:fs';
import { monitorEventLoopDelay, performance, PerformanceObserver } from 'node:perf_hooks';

const dir = process.env.SKIRMISH_TAIL_TRACE;
export const tracing = !!dir;
const samples: Record<string, [number, number][]> = {};
export function rec(name: string, v: number): void {
  if (!dir) return;
  (samples[name] ??= []).push([Date.now(), v]);
}
const at: Record<string, Record<string, number>> = {};
/** An absolute time (shared clock across processes) for step `name` of `key`. */
export function stamp(name: string, key: string): void {
  if (!dir) return;
  (at[name] ??= {})[key] ??= performance.timeOrigin + performance.now();
}
export function stampAt(name: string, key: string, t: number): void {
  if (dir) (at[name] ??= {})[key] ??= t;
}
const marks = new Map<string, Record<string, number>>();
export function mark(id: string, step: string, start = false): void {
  if (!dir) return;
  if (start) marks.set(id, {});
  if (start) lastRecv.set(id, performance.timeOrigin + performance.now());
  const m = marks.get(id);
  if (m) m[step] = performance.now();
}
export const lastRecv = new Map<string, number>();
export function done(id: string): void {
  if (!dir) return;
  const m = marks.get(id);
  marks.delete(id);
  if (!m) return;
  const keys = Object.keys(m);
  for (let i = 1; i < keys.length; i++) rec(`cmd ${keys[i - 1]}→${keys[i]}`, m[keys[i]] - m[keys[i - 1]]);
  rec('cmd total', m[keys[keys.length - 1]] - m[keys[0]]);
}
if (dir) {
  const h = monitorEventLoopDelay({ resolution: 5 });
  h.enable();
  let cpu = process.cpuUsage();
  let elu = performance.eventLoopUtilization();
  let gcBefore = 0;
  const t = setInterval(() => {
    const c = process.cpuUsage(cpu);
    cpu = process.cpuUsage();
    rec('cpu ms per 250ms', (c.user + c.system) / 1000);
    const e = performance.eventLoopUtilization(elu);
    elu = performance.eventLoopUtilization();
    rec('elu', e.utilization);
    rec('loop delay max', h.max / 1e6);
    rec('loop delay p99', h.percentile(99) / 1e6);
    h.reset();
    void gcBefore;
    writeFileSync(`${dir}/${process.pid}.json`, JSON.stringify(samples));
    writeFileSync(`${dir}/${process.pid}.at`, JSON.stringify(at));
  }, 250);
  t.unref();
  {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) rec('gc ms', e.duration);
    }).observe({ entryTypes: ['gc'] });
  }
}
