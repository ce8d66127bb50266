import { loadFile } from '/work/main/src/cli/files.ts';
import { runRange } from '/work/main/src/sim/runner.ts';
const l = loadFile(process.argv[2] ?? '/work/main/bench/fixtures/line-4v4.yaml');
const spec = { ruleset: l.ruleset.id, doc: l.doc, seed: 1, maxRounds: 100, policies: {} };
const N = Number(process.argv[3] ?? 3000);
const t0 = performance.now();
const t = runRange(spec, 0, N);
const dt = performance.now() - t0;
console.log(N / dt * 1000, 'fights/s', t.wins, t.rounds, t.events / N, t.commands / N);
