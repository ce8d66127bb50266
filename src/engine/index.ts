// The engine's public surface: rules-agnostic encounter state, decide/evolve, turn flow, effects, space, views.
export * from './types.ts';
export * from './events.ts';
export * from './breakdown.ts';
export * from './rejection.ts';
export * from './apply.ts';
export * from './resolution.ts';
export * from './ruleset.ts';
export * from './engine.ts';
export * from './flow.ts';
export * from './clocks.ts';
export * from './order.ts';
export * from './log.ts';
export * from './view.ts';
export * from './document.ts';
export * from './describe.ts';
export * from './gm/index.ts';
export * from './roster/index.ts';
export type { DiceSource } from '../dice/source.ts';
