import { seededSource } from '../src/dice/index.ts';
import { createEngine } from '../src/engine/index.ts';
import { playFight } from '../src/sim/fight.ts';
import { loadFile } from '../src/cli/files.ts';
const l = loadFile('bench/fixtures/line-4v4.yaml');
const engine = createEngine(l.ruleset);
const created = engine.create(l.doc);
let rounds = 0, cmds = 0; const wins: Record<string, number> = {};
const N = Number(process.argv[2] ?? 2000);
const t0 = performance.now();
for (let i = 0; i < N; i++) {
  const dice = seededSource(1, 2 * i); const ch = seededSource(1, 2 * i + 1);
  const r = playFight(engine, created, { dice, pick: (n) => ch.roll(n) - 1 });
  rounds += r.state.turn.round; cmds += r.commands;
  const w = r.state.result?.winner ?? r.state.result?.outcome ?? '?'; wins[w] = (wins[w] ?? 0) + 1;
}
const dt = performance.now() - t0;
console.log({ fps: N / dt * 1000, rounds: rounds / N, cmds: cmds / N, wins });
