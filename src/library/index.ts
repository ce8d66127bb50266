/**
 * `import … from 'skirmish'`: the library in one entry point (docs/library.md). The engine and the dice
 * (also `skirmish/engine`, `skirmish/dice`, which run in a browser), the registry of rule systems (each
 * also `skirmish/rulesets/<id>`), loading encounter files, playing fights and simulating many.
 * @module skirmish
 */
export * from '../engine/index.ts';
export * from '../dice/index.ts';
// both layers name a comparison: the engine's (checks against a target number) here; the dice notation's is skirmish/dice's
export type { CompareOp } from '../engine/index.ts';
export { rulesets, rulesetById } from '../rulesets/index.ts';
export { loadText, validateEncounter, isScenario, type LoadedEncounter, type LoadedScenario } from '../rulesets/load.ts';
export { loadEncounterFile } from './load-file.ts';
export { playFight, playFrom, type FightOptions, type FightResult } from '../sim/fight.ts';
export { simulate, simulateAll, defaultWorkers, closeSimulationThreads, type PoolOptions, type Until } from '../sim/pool.ts';
export type { SimSpec } from '../sim/runner.ts';
export { summarize, type Summary, type SummaryInfo, type SideSummary, type UnitSummary, type Rate } from '../sim/summary.ts';
export type { Tally, UnitTally } from '../sim/tally.ts';
export { randomPolicy, firstPolicy, policyNames, policyByName, policyFor } from '../sim/policies.ts';
