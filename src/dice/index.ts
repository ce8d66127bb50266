// The dice layer: notation, seeded random streams, sources, rolling and exact odds.
// Pure TypeScript: no I/O and no node: imports, so it runs in Node, a worker or a browser.
export { dealFrom, type DiceSource } from './source.ts';
export { DiceError, type DiceErrorCode } from './errors.ts';
export { DICE_LIMITS, type DiceLimits } from './limits.ts';
export type { DiceExpr, DiceNode, DiceModifier, DieKind, ComparePoint, CompareOp, BinaryOp, FnName } from './ast.ts';
export { parseDice } from './parse.ts';
export { formatDice } from './format.ts';
export { RandomStream, type StreamState } from './random.ts';
export { seededSource, streamSource, scriptedSource, scriptThen, askingSource } from './sources.ts';
export { rollDice, rollTotal, compileDice, type CompiledDice } from './roll.ts';
export type { RollResult, DieRoll, RollOptions } from './roll-result.ts';
export { Distribution } from './distribution.ts';
export { distributionOf } from './expr-distribution.ts';
export { estimatingPastLimit, ESTIMATE } from './estimate.ts';
export { withWorkLimit, workCharged } from './work-budget.ts';
