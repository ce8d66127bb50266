// Bundled by esbuild for the browser (platform browser: a node: import would fail the build) and run in
// Chromium by ../consumer.test.ts: the dice, the engine and a ruleset from their subpaths.
import { parseDice, rollDice, seededSource } from 'skirmish/dice';
import { createEngine, parseText } from 'skirmish/engine';
import { phase20 } from 'skirmish/rulesets/phase20';

declare const EXAMPLE: string;
const parsed = parseText(EXAMPLE, 'goblin-cave.yaml');
if (!parsed.ok) throw new Error('example did not parse');
const engine = createEngine(phase20);
const state = engine.replay(engine.create(parsed.value));
const started = engine.decide(state, { type: 'start' }, seededSource(4));
(globalThis as { result?: unknown }).result = {
  dice: rollDice(parseDice('4d6kh3'), seededSource(5)).total,
  started: started.ok ? started.events.map((e) => e.type) : started.rejection.code,
};
