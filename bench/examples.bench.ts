// Every shipped example with its own policies: fights per CPU-second of today's simulator against the
// simulator as it was at the start of session 4 (BASELINE, rebuilt from git and timed in alternating
// bursts in this very run: bench/baseline.ts), and issue 40's target of 4,000 fights per CPU-second each.
// Without git history the kept figures stand in for the baseline (measured at that commit on a busy
// machine, so their ratios are rough). Run alone: node --import tsx bench/examples.bench.ts [--quick]
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { rulesets } from '../src/rulesets/index.ts';
import { alternate, baselineAt, current, type Runner, type Simulator } from './baseline.ts';
import type { BenchRow } from './sim.bench.ts';
import { atLeast } from './table.ts';

/** main when session 4 began: the figures every ratio below is against. */
export const BASELINE = '8047584440eea03595238b58256148af7b8607a7';
/** Issue 40: every shipped example, with its own policies, at ≥ 4,000 fights per CPU-second (issue 19's was 2,000). */
export const TARGET = 4000;

/**
 * Warm-up before an example is timed. The first one to three seconds of an example run 2-6x slower
 * than the rest (the JIT compiling its hot code, the shared move-search store filling: mage-duel read
 * 300 fights/s in its first half-second and 2,000 from the second on); a designer's thousands of fights
 * run at the warm rate, so that is the rate the target is about. A quarter of a second read it 2-4x low.
 */
export const WARM_MS = 2500;

/** Fights per CPU-second at BASELINE (bench/examples.ts, 3 s each, load average ~3), for a clone without history. */
const KEPT: Record<string, number> = {
  'phase20/crossroads-4v4.yaml': 302, 'phase20/goblin-cave.yaml': 1262, 'phase20/mage-duel.yaml': 1080,
  'frontline/affinity-gauntlet.yaml': 576, 'frontline/convoy-ambush.yaml': 1295, 'frontline/outpost-siege.yaml': 734,
  'duel60/duel.yaml': 1309, 'duel60/javelin-dodge.yaml': 1477, 'duel60/skirmish-3v3.yaml': 292,
  'outerah/airship-battle.yaml': 123, 'outerah/border-skirmish-4v4.yaml': 404, 'outerah/elemental-shrine.yaml': 1414,
  'outerah/ridge-cover.yaml': 873, 'outerah/river-and-forest.yaml': 344, 'outerah/time-mages.yaml': 495, 'outerah/trainer-and-knight.yaml': 85,
};

const EXAMPLES = fileURLToPath(new URL('../examples/', import.meta.url));

/** Every example file of every registered ruleset, as "ruleset/file.yaml". */
export function exampleFiles(): string[] {
  const out: string[] = [];
  for (const id of Object.keys(rulesets)) {
    for (const f of readdirSync(join(EXAMPLES, id)).filter((x) => x.endsWith('.yaml')).sort()) out.push(`${id}/${f}`);
  }
  return out;
}

/**
 * The baseline's runner for an example: today's file when its loader still reads it, else the file as
 * it was at BASELINE (a field added since, say), else none (a new example: the kept figure, if any).
 */
function baseRunner(base: Simulator, name: string): { run: Runner; note: string } | undefined {
  try {
    return { run: base.runner(join(EXAMPLES, name)), note: '' };
  } catch {
    const then = join(base.root ?? '', 'examples', name);
    if (!base.root || !existsSync(then)) return undefined;
    return { run: base.runner(then), note: ' (baseline: the file as it was)' };
  }
}

export async function benchExamples(ms = 1000): Promise<BenchRow[]> {
  const ours = current();
  const base = baselineAt(BASELINE);
  const rows: BenchRow[] = [];
  let below = 0;
  for (const name of exampleFiles()) {
    const file = join(EXAMPLES, name);
    const then = base && baseRunner(base, name);
    const warm = ms < 500 ? ms / 4 : WARM_MS;
    const [now, was] = then ? alternate([ours.runner(file), then.run], ms, 100, warm) : [alternate([ours.runner(file)], ms, 100, warm)[0], KEPT[name] ?? NaN];
    if (now < TARGET) below++;
    rows.push({ name: `example ${name}${then ? then.note : ' (kept figure)'}`, ours: now, baseline: was, unit: 'fights/cpu-s vs start', ratio: now / was, target: atLeast(now, TARGET, `≥ ${TARGET.toLocaleString('en-US')} fights/cpu-s`) });
  }
  const slowest = Math.min(...rows.map((r) => r.ours));
  const all = rows.length;
  rows.push({ name: `examples at ≥ ${TARGET.toLocaleString('en-US')} fights/cpu-s`, ours: all - below, baseline: all, unit: 'examples', ratio: (all - below) / all, target: atLeast(all - below, all, `all ${all}`) });
  rows.push({ name: 'the slowest example', ours: slowest, baseline: TARGET, unit: 'fights/cpu-s', ratio: slowest / TARGET, target: atLeast(slowest, TARGET, `≥ ${TARGET.toLocaleString('en-US')} fights/cpu-s`) });
  return rows;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { printTable } = await import('./table.ts');
  console.log(printTable(await benchExamples(process.argv.includes('--quick') ? 200 : 1000)));
}
