// Tallies of N fights (default 200) of every example of the given rulesets, by seed, as one line each
// with a digest: run before and after a speed change and compare (`diff`) — a change that keeps
// behaviour identical prints the same lines. Usage:
//   node --import tsx scripts/tallies.ts [ruleset ...] [--n 200] [--seed 1] [--policies first]
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { rulesets } from '../src/rulesets/index.ts';
import { loadText } from '../src/rulesets/load.ts';
import { prepare, runRange } from '../src/sim/runner.ts';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { n: { type: 'string', default: '200' }, seed: { type: 'string', default: '1' }, policies: { type: 'string' } },
});
const EXAMPLES = fileURLToPath(new URL('../examples/', import.meta.url));
const wanted = positionals.length ? positionals : Object.keys(rulesets);
for (const id of wanted) {
  for (const f of readdirSync(join(EXAMPLES, id)).filter((x) => x.endsWith('.yaml')).sort()) {
    const file = join(EXAMPLES, id, f);
    const loaded = loadText(readFileSync(file, 'utf8'), file);
    if (!loaded.ok) throw new Error(`${file}: ${loaded.problems[0]?.message}`);
    const sides = loaded.value.doc as { units?: { side: string }[] };
    // --policies NAME gives every side that policy (the file's choices otherwise).
    const policies: Record<string, string> = {};
    if (values.policies) for (const u of sides.units ?? []) policies[u.side] = values.policies;
    const spec = { ruleset: id, doc: loaded.value.doc, seed: Number(values.seed), maxRounds: 100, policies, outcomes: true };
    const t = runRange(spec, 0, Number(values.n), prepare(spec));
    const digest = createHash('sha256').update(JSON.stringify(t)).digest('hex').slice(0, 12);
    const units = t.units.map((u) => `${u.down}/${u.dealt}/${u.taken}`).join(' ');
    console.log(`${id}/${f} wins ${t.wins.join('-')} draws ${t.draws} timeouts ${t.timeouts} commands ${t.commands} events ${t.events} units ${units} #${digest}`);
  }
}
