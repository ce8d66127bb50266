// Nothing about the rules moves (issue 40, point 5): the tallies of N fights (default 1,000) of every
// example of every registered ruleset, by seed, and the whole log of one seeded, logged fight of each,
// written once as a record and compared after every change to the engine's speed. Usage:
//   node --import tsx scripts/compare-tallies.ts --write FILE   record (before a change)
//   node --import tsx scripts/compare-tallies.ts [FILE]         compare (after); exits 1 on any difference
// FILE defaults to bench/fixtures/tallies.json: the record of main at 693c58d, before issue 40's changes.
//   options: --n 1000  --seed 1  --only outerah/airship-battle.yaml (repeatable)
// `npm run tallies -- FILE` is the same. The record keeps digests (sha256 of the tally's JSON and of the
// log's JSON) with readable totals, so a difference names the example and says what moved.
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { RandomStream, streamSource } from '../src/dice/index.ts';
import { loadText } from '../src/rulesets/load.ts';
import { EXAMPLES_DIR, listExamples } from '../src/server/examples.ts';
import { playFight } from '../src/sim/fight.ts';
import { prepare, runRange, type SimSpec } from '../src/sim/runner.ts';

interface Row {
  example: string;
  tally: string;
  summary: string;
  log: string;
  logEvents: number;
}

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    write: { type: 'string' },
    n: { type: 'string', default: '1000' },
    seed: { type: 'string', default: '1' },
    only: { type: 'string', multiple: true },
  },
});
const digest = (x: unknown) => createHash('sha256').update(JSON.stringify(x)).digest('hex').slice(0, 16);

/** Every example the registry's rulesets have (src/server/examples.ts reads examples/<ruleset>/). */
function rows(): Row[] {
  const out: Row[] = [];
  for (const { ruleset, path } of listExamples()) {
    if (values.only?.length && !values.only.includes(path)) continue;
    const loaded = loadText(readFileSync(join(EXAMPLES_DIR, path), 'utf8'), `examples/${path}`);
    if (!loaded.ok) throw new Error(`${path}: ${loaded.problems[0]?.message}`);
    const spec: SimSpec = { ruleset, doc: loaded.value.doc, seed: Number(values.seed), maxRounds: 100, policies: {}, outcomes: true };
    const t = runRange(spec, 0, Number(values.n), prepare(spec));
    const units = t.units.map((u) => `${u.down}/${u.dealt}/${u.taken}`).join(' ');
    // one fight with its whole log built (the table's path: every check, note and breakdown)
    const engine = prepare(spec).engine;
    const choices = RandomStream.stream(Number(values.seed), 1);
    const fight = playFight(engine, engine.create(loaded.value.doc), {
      dice: streamSource(RandomStream.stream(Number(values.seed), 0)),
      pick: (k) => choices.nextInt(k),
      maxRounds: 100,
      keepLog: true,
    });
    out.push({
      example: path,
      tally: digest(t),
      summary: `wins ${t.wins.join('-')} draws ${t.draws} timeouts ${t.timeouts} commands ${t.commands} events ${t.events} units ${units}`,
      log: digest(fight.log),
      logEvents: fight.log?.length ?? 0,
    });
    process.stderr.write(`${path}: ${out.at(-1)!.summary}\n`);
  }
  if (!out.length) throw new Error('no examples: is examples/ there, and are its folders named after registered rulesets?');
  return out;
}

const header = { n: Number(values.n), seed: Number(values.seed) };
if (values.write) {
  writeFileSync(values.write, `${JSON.stringify({ ...header, rows: rows() }, null, 1)}\n`);
  console.log(`recorded ${values.write}`);
} else {
  const file = positionals[0] ?? fileURLToPath(new URL('../bench/fixtures/tallies.json', import.meta.url));
  const before = JSON.parse(readFileSync(file, 'utf8')) as typeof header & { rows: Row[] };
  if (before.n !== header.n || before.seed !== header.seed) {
    values.n = String(before.n);
    values.seed = String(before.seed);
  }
  const now = rows();
  let differences = 0;
  for (const row of now) {
    const was = before.rows.find((r) => r.example === row.example);
    if (!was) {
      console.log(`${row.example}: not in the record (new example?)`);
      differences++;
      continue;
    }
    if (was.tally !== row.tally) console.log(`${row.example}: tally moved\n  before ${was.summary}\n  now    ${row.summary}`);
    if (was.log !== row.log) console.log(`${row.example}: the logged fight's log moved (${was.logEvents} → ${row.logEvents} events)`);
    if (was.tally !== row.tally || was.log !== row.log) differences++;
  }
  for (const was of before.rows) {
    if (values.only?.length || now.some((r) => r.example === was.example)) continue;
    console.log(`${was.example}: in the record, not played now`);
    differences++;
  }
  console.log(differences ? `${differences} example(s) differ` : `all ${now.length} examples identical: tallies of ${before.n} fights (seed ${before.seed}) and one logged fight each`);
  process.exitCode = differences ? 1 : 0;
}
