/**
 * Real server processes for the fault tests: src/server/main.ts bundled once with esbuild (it ships with
 * tsx) so each of the many restarts starts in ~0.5 s instead of ~1.5 s (the same source through tsx when
 * esbuild is not there), launched on a free port and killed with SIGKILL. And a seeded choice of the next
 * command from a state, so a stream of commands plays a real fight.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { RandomStream } from '../../src/dice/index.ts';
import { createEngine, type Command, type EncounterState } from '../../src/engine/index.ts';
import { rulesetById } from '../../src/rulesets/index.ts';

export const ROOT = resolve(import.meta.dirname, '../..');
export const LOOSE_LIMITS = JSON.stringify({ wsRate: 1e6, wsBurst: 1e6, httpRate: 1e6, httpBurst: 1e6, tablesPerAddressHour: 1e6 });

let entry: string[] | undefined;

/** How to start the server: the bundle, built on first use, or main.ts through tsx. */
export function serverEntry(): string[] {
  if (entry) return entry;
  entry = ['--import', 'tsx', 'src/server/main.ts'];
  const out = join(ROOT, `node_modules/.cache/skirmish-test/server-${process.pid}.mjs`);
  const esbuild = join(ROOT, 'node_modules/.bin/esbuild');
  if (!existsSync(esbuild)) return entry;
  const r = spawnSync(esbuild, ['src/server/main.ts', '--bundle', '--platform=node', '--format=esm', '--packages=external', '--target=node20', `--outfile=${out}`, '--log-level=error'], { cwd: ROOT });
  if (r.status === 0) {
    entry = [out];
    process.once('exit', () => rmSync(out, { force: true }));
  }
  return entry;
}

export interface Launched {
  child: ChildProcess;
  url: string;
  /** What it wrote to stderr (for a failure's message). */
  stderr(): string;
}

/** Start a server with `args` (say --db or --store) on a free port; resolves once it listens. */
export async function launch(args: string[]): Promise<Launched> {
  // SKIRMISH_SERVER_NODE: node flags for the servers alone (profiling a bench: --cpu-prof is refused in NODE_OPTIONS)
  const flags = process.env.SKIRMISH_SERVER_NODE?.split(' ').filter(Boolean) ?? [];
  const child = spawn(process.execPath, [...flags, ...serverEntry(), '--port', '0', '--host', '127.0.0.1', '--limits', LOOSE_LIMITS, ...args], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  let err = '';
  child.stderr!.on('data', (d) => (err += d));
  const url = await new Promise<string>((res, rej) => {
    let out = '';
    child.stdout!.on('data', (d) => {
      out += d;
      const m = /listening on (http:\/\/\S+)/.exec(out);
      if (m) res(m[1].replace('localhost', '127.0.0.1'));
    });
    child.once('exit', (code) => rej(new Error(`server exited ${code}: ${err}`)));
  });
  return { child, url, stderr: () => err };
}

export function kill(child: ChildProcess): Promise<void> {
  return new Promise((res) => {
    if (child.exitCode !== null || child.signalCode !== null) return res();
    child.once('exit', () => res());
    child.kill('SIGKILL');
  });
}

/** The next command of a seeded stream: now and then an undo, a roll or a note; else a legal action. */
export function choose(state: EncounterState, rng: RandomStream, n: number): Command {
  const engine = createEngine(rulesetById(state.ruleset)!);
  const r = rng.nextInt(100);
  if (r < 4) return { type: 'undo' };
  if (r < 8) return { type: 'gm.roll', dice: '2d6', label: `roll ${n}` };
  if (r < 11) return { type: 'gm.note', text: `note ${n}`, public: r === 10 };
  if (state.status === 'setup') return { type: 'start' };
  const p = state.pending[0];
  const unit = p ? (p.answeredBy === 'gm' ? undefined : p.answeredBy) : engine.activeUnit(state);
  if (!unit) return p ? { type: 'answer', pending: p.id, choice: p.options[rng.nextInt(p.options.length)] } : { type: 'gm.note', text: `no one ${n}` };
  const options = engine.legalActions(state, unit).filter((o) => o.group !== 'move' || rng.nextInt(4) === 0);
  return options.length ? options[rng.nextInt(options.length)].command : { type: 'end_turn', actor: unit };
}
