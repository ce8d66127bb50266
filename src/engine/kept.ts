/**
 * Which of the engine's own changes are still built as events when no log is kept (DecideOptions.keep),
 * as plain flags: worked out once per keep set, not asked of the set for every change (a set's lookup
 * by string for every spent action, datum and phase was 3% of the 4v4 fixture).
 */
export interface KeptKinds {
  /** Every kind: a log is kept. */
  readonly all: boolean;
  readonly unitData: boolean;
  readonly encounterData: boolean;
  readonly turnPhase: boolean;
  /** The turn flow's turn records (turn.started, turn.skipped, turn.ended): built when kept. */
  readonly turnStarted: boolean;
  readonly turnSkipped: boolean;
  readonly turnEnded: boolean;
  readonly turnOrder: boolean;
  readonly roundStarted: boolean;
  readonly roundEnded: boolean;
  readonly unitZone: boolean;
  readonly effectApplied: boolean;
  readonly effectRemoved: boolean;
  readonly effectChanged: boolean;
  readonly pendingOpened: boolean;
  readonly pendingClosed: boolean;
  /** Pool changes built: 0 none, 1 a pool's damage (`pool.changed/damage`), 2 every one (`pool.changed`). */
  readonly pools: 0 | 1 | 2;
}

function kinds(has: (type: string) => boolean, all: boolean): KeptKinds {
  return {
    all,
    unitData: has('unit.data'), encounterData: has('encounter.data'), turnPhase: has('turn.phase'), turnStarted: has('turn.started'), turnSkipped: has('turn.skipped'), turnEnded: has('turn.ended'), turnOrder: has('turn.order'),
    roundStarted: has('round.started'), roundEnded: has('round.ended'), unitZone: has('unit.zone'),
    effectApplied: has('effect.applied'), effectRemoved: has('effect.removed'), effectChanged: has('effect.changed'),
    pendingOpened: has('pending.opened'), pendingClosed: has('pending.closed'),
    pools: has('pool.changed') ? 2 : has('pool.changed/damage') ? 1 : 0,
  };
}

/** A log is kept: everything is built. */
export const ALL_KINDS: KeptKinds = kinds(() => true, true);
/** No log and nothing kept. */
export const NO_KINDS: KeptKinds = kinds(() => false, false);

const known = new WeakMap<ReadonlySet<string>, KeptKinds>();
// the simulator passes one set for a whole run: the last one asked is found without a lookup
let lastSet: ReadonlySet<string> | undefined;
let lastKinds: KeptKinds = NO_KINDS;

/** The flags of `keep` (a set is read once; change a set after handing it to decide and its flags stay as they were). */
export function keptKinds(keep: ReadonlySet<string> | undefined): KeptKinds {
  if (keep === undefined) return NO_KINDS;
  if (keep === lastSet) return lastKinds;
  let k = known.get(keep);
  if (k === undefined) known.set(keep, (k = kinds((t) => keep.has(t), false)));
  lastSet = keep;
  lastKinds = k;
  return k;
}
