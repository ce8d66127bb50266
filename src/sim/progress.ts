/**
 * A progress bar on stderr with the rate and the time left — only when stderr is a terminal, so
 * piped output and --json stay clean.
 */
export interface Progress {
  update(done: number, total: number): void;
  finish(): void;
}

const silent: Progress = { update() {}, finish() {} };

function clock(seconds: number): string {
  if (!Number.isFinite(seconds)) return '--:--';
  const s = Math.max(0, Math.round(seconds));
  const m = Math.floor(s / 60);
  return m >= 60 ? `${Math.floor(m / 60)}:${String(m % 60).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}` : `${m}:${String(s % 60).padStart(2, '0')}`;
}

/** One line of the bar: `[██████░░░░]  62%  6,200/10,000  41,000 fights/s  0:03 left`. */
export function progressLine(done: number, total: number, elapsedMs: number, width = 24): string {
  const f = total ? Math.min(1, done / total) : 1;
  const full = Math.round(f * width);
  const rate = elapsedMs > 0 ? (done / elapsedMs) * 1000 : 0;
  const left = rate > 0 ? (total - done) / rate : Infinity;
  const n = (x: number) => Math.round(x).toLocaleString('en-US');
  return `[${'█'.repeat(full)}${'░'.repeat(width - full)}] ${String(Math.floor(f * 100)).padStart(3)}%  ${n(done)}/${n(total)}  ${n(rate)} fights/s  ${clock(left)} left`;
}

export function progressBar(stream: NodeJS.WriteStream = process.stderr, enabled = stream.isTTY === true): Progress {
  if (!enabled) return silent;
  const start = performance.now();
  let last = 0;
  return {
    update(done, total) {
      const now = performance.now();
      if (done < total && now - last < 100) return; // ten repaints a second is plenty
      last = now;
      stream.write(`\r${progressLine(done, total, now - start)}\x1b[K`);
    },
    finish() {
      stream.write('\r\x1b[K');
    },
  };
}
