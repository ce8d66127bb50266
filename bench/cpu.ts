// CPU time of processes, read from /proc (Linux): the server processes a bench launched, and a PostgreSQL
// cluster's backends (the children of its postmaster). CPU per command is less sensitive to the machine's
// load than a latency percentile: a starved process waits longer, but spends about the same CPU.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const TICK_MS = 10; // USER_HZ is 100 on Linux (getconf CLK_TCK)

/** utime + stime of a process (ms), and its parent; undefined when it is gone or /proc is not there. */
function stat(pid: number): { ms: number; ppid: number } | undefined {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // the command name may hold spaces: the fields after it start past its closing parenthesis
    const f = text.slice(text.lastIndexOf(')') + 2).split(' ');
    return { ms: (Number(f[11]) + Number(f[12])) * TICK_MS, ppid: Number(f[1]) };
  } catch {
    return undefined;
  }
}

/** CPU ms used so far by these processes. */
export function cpuOf(pids: readonly number[]): number {
  return pids.reduce((sum, pid) => sum + (stat(pid)?.ms ?? 0), 0);
}

/** CPU ms used so far by the children of `postmaster` (backends that exited meanwhile are not counted). */
export function cpuOfChildren(postmaster: number): number {
  let sum = 0;
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    const s = stat(Number(name));
    if (s?.ppid === postmaster) sum += s.ms;
  }
  return sum;
}

/** The postmaster's pid of a cluster's data folder (the first line of postmaster.pid). */
export function postmasterOf(dataDir: string): number | undefined {
  try {
    return Number(readFileSync(join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]) || undefined;
  } catch {
    return undefined;
  }
}

/**
 * The read and write system calls these processes made (`/proc/<pid>/io`: every socket read and write,
 * a frame or a statement) and how often their main thread went to sleep and was woken (voluntary context
 * switches: a turn of an idle event loop), so far.
 */
export function callsOf(pids: readonly number[]): { syscalls: number; wakeups: number } {
  let syscalls = 0;
  let wakeups = 0;
  for (const pid of pids) {
    try {
      const io = readFileSync(`/proc/${pid}/io`, 'utf8');
      syscalls += Number(/syscr: (\d+)/.exec(io)?.[1] ?? 0) + Number(/syscw: (\d+)/.exec(io)?.[1] ?? 0);
      wakeups += Number(/voluntary_ctxt_switches:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
    } catch {
      // gone, or no /proc
    }
  }
  return { syscalls, wakeups };
}
