// A consumer's program, compiled by tsc in a fresh project that installed the packed tarball (see
// ../consumer.test.ts): it imports only 'skirmish' and its subpaths, and prints one JSON report that the
// test compares with the same steps taken on the sources.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  createEngine,
  loadEncounterFile,
  playFight,
  replayLog,
  rulesets,
  scriptedSource,
  seededSource,
  simulate,
  type ActionOption,
  type DiceSource,
  type EncounterState,
  type Preview,
} from 'skirmish';
import { parseDice, rollDice } from 'skirmish/dice';
import { createEngine as engineOnly } from 'skirmish/engine';

const root = dirname(fileURLToPath(import.meta.resolve('skirmish/package.json')));
const file = join(root, 'examples/phase20/goblin-cave.yaml');
const loaded = loadEncounterFile(file);
if (!loaded.ok) throw new Error(loaded.problems.map((p) => p.message).join('\n'));
const { ruleset, doc } = loaded.value;
const engine = createEngine(ruleset);
const created = engine.create(doc);

// a fight from the example, seeded dice and choices, and the first attack anyone could make: its odds
const choices = seededSource(9, 1);
let odds: { option: ActionOption; preview: Preview; state: EncounterState } | undefined;
const fight = playFight(engine, created, {
  dice: seededSource(9, 0),
  pick: (n) => choices.roll(n) - 1,
  keepLog: true,
  maxRounds: 100,
  onEvents: (_events, state) => {
    const unit = engine.activeUnit(state);
    if (odds || !unit) return;
    const option = engine.legalActions(state, unit).find((o) => o.group === 'attack');
    if (!option) return;
    const preview = engine.preview(state, option.command);
    if ('code' in preview) throw new Error(`preview refused: ${preview.code}`);
    odds = { option, preview, state: structuredClone(state) };
  },
});
if (!odds) throw new Error('nobody could attack in the whole fight');

// the log replayed from nothing gives the same state
const replayed = replayLog(engine, fight.log!);

// that attack again, with dice a person rolled at the table (scripted faces through a DiceSource of our own)
const faces = scriptedSource([20, 6, 6, 6, 6, 6, 6, 6]);
const rolled: number[] = [];
const physical: DiceSource = { roll: (sides, label) => { const f = faces.roll(sides, label); rolled.push(f); return f; } };
const scripted = engine.decide(odds.state, odds.option.command, physical);
if (!scripted.ok) throw new Error(`the scripted attack was refused: ${scripted.rejection.code}`);

// many fights on two threads (the compiled worker)
const tally = await simulate({ ruleset: ruleset.id, doc, seed: 3, maxRounds: 100, policies: {} }, 300, { workers: 2, chunk: 50 });

// every ruleset of the registry by its own subpath
const subpaths: Record<string, string> = {};
for (const id of Object.keys(rulesets)) {
  const m = (await import(`skirmish/rulesets/${id}`)) as Record<string, { id: string }>;
  subpaths[id] = m[id].id;
}

console.log(JSON.stringify({
  result: fight.state.result,
  commands: fight.commands,
  logLength: fight.log!.length,
  replayedSame: JSON.stringify(replayed) === JSON.stringify(fight.state),
  odds: { command: odds.option.command, chance: odds.preview.chance, expectedDamage: odds.preview.expectedDamage },
  scripted: { rolled, events: scripted.events.map((e) => e.type) },
  tally: { runs: tally.runs, sides: tally.sides, wins: tally.wins, draws: tally.draws, timeouts: tally.timeouts },
  subpaths,
  dice: rollDice(parseDice('4d6kh3'), seededSource(5)).total,
  sameEngine: engineOnly === createEngine,
  readme: readFileSync(join(root, 'package.json'), 'utf8').includes('"name": "skirmish"'),
}));
