/**
 * Events: the only way state changes. Core events are understood by the engine's `apply`;
 * a ruleset may add its own event types with its own appliers (Ruleset.appliers).
 * Resolution events (`check`) change nothing but carry the breakdown: the log is the referee's explanation.
 */
import type { Breakdown } from './breakdown.ts';
import type {
  BattleMap, Cell, CombatResult, Effect, EncounterState, Facing, Json, Pending, Pool, SideId, Slot, Unit, UnitId, UnitStatus,
} from './types.ts';

export interface DieDraw {
  sides: number;
  face: number;
  label?: string;
  /** Typed in by a person at the table (physical dice); absent: the server rolled it. */
  by?: 'player' | 'gm';
  /**
   * A card dealt (`ctx.draw`): its name, and the deck it came from. `sides` is then the number of cards
   * that were left and `face` the card's place among them, so the dice machinery (scripts, replay, a GM's
   * re-deal) treats it as a die.
   */
  card?: string;
  deck?: string;
}

interface Base {
  /** Who may see it: absent = everyone who can see the units it names; 'gm' = GM only. */
  visibility?: 'gm';
  /** Why the GM did this, for overrides. */
  reason?: string;
}

export type CoreEvent = Base &
  (
    | { type: 'encounter.created'; state: EncounterState }
    | { type: 'encounter.started' }
    /** `seconds`: the round's length in game time, and `elapsedSeconds` the time before it, when the ruleset says (`Ruleset.roundSeconds`). */
    | { type: 'round.started'; round: number; seconds?: number; elapsedSeconds?: number }
    | { type: 'round.ended'; round: number }
    | { type: 'turn.order'; order: Slot[]; index: number; why: string }
    | { type: 'turn.started'; unit: UnitId; index: number }
    | { type: 'turn.ended'; unit: UnitId }
    | { type: 'turn.skipped'; unit: UnitId; why: string }
    | { type: 'turn.phase'; unit: UnitId; phase: string }
    /** A resolution with its arithmetic; `dice` lists every die drawn for it. */
    | { type: 'check'; actor?: UnitId; target?: UnitId; breakdown: Breakdown; dice: DieDraw[]; text?: string }
    /** A pool moved: damage, healing, spending, regaining. `value` is the result after clamping. */
    | {
        type: 'pool.changed';
        unit: UnitId;
        pool: string;
        delta: number;
        value: number;
        /** The change asked for, when the pool's bounds cut it (`delta` is what moved): 8 damage to a unit at 1 HP. */
        asked?: number;
        kind: 'damage' | 'heal' | 'spend' | 'gain' | 'set';
        source?: UnitId;
        /** A player's view of damage whose source it may not see: the source is left out, the damage told. */
        unseen?: true;
        damageType?: string;
        rule?: string;
      }
    | { type: 'pool.max'; unit: UnitId; pool: string; max: number; value: number; rule?: string }
    | { type: 'pool.added'; unit: UnitId; pool: string; value: Pool }
    | { type: 'stat.set'; unit: UnitId; stat: string; value: number }
    | { type: 'unit.status'; unit: UnitId; status: UnitStatus; cause: string; rule?: string }
    | { type: 'unit.moved'; unit: UnitId; from?: Cell; to: Cell; path?: Cell[]; cost?: number; forced?: string }
    /** `metres`: how far the move went, on zone maps whose zones have a spacing. */
    | { type: 'unit.zone'; unit: UnitId; from?: string; to: string; metres?: number }
    | { type: 'unit.faced'; unit: UnitId; facing: Facing }
    | { type: 'unit.elevation'; unit: UnitId; elevation: number }
    | { type: 'unit.data'; unit: UnitId; key: string; value: Json | undefined }
    | { type: 'unit.added'; unit: Unit }
    | { type: 'unit.removed'; unit: UnitId }
    | { type: 'unit.side'; unit: UnitId; side: SideId }
    | { type: 'unit.controller'; unit: UnitId; controller?: string }
    | { type: 'unit.hidden'; unit: UnitId; hidden: boolean }
    | { type: 'encounter.data'; key: string; value: Json | undefined }
    | { type: 'map.set'; map: BattleMap }
    /** `text`: the ruleset's own words for the log line (with its rule id), said instead of '<target> gains <effect>'. */
    | { type: 'effect.applied'; effect: Effect; text?: string }
    | { type: 'effect.changed'; id: string; stacks?: number; remaining?: number; tier?: number; data?: Record<string, Json> }
    | { type: 'effect.removed'; id: string; why: 'expired' | 'cleansed' | 'removed' | 'resisted' | 'replaced' | 'ended'; name?: string; target?: UnitId }
    | { type: 'pending.opened'; pending: Pending }
    /** `said`: what was decided, in words ('Sefa evades to (4, 3)'); a decision the rules closed says why. */
    | { type: 'pending.closed'; id: string; answer: Json; said?: string }
    | { type: 'combat.ended'; result: CombatResult }
    /** A line for the log with no effect on state (a GM note, a roll made for show). */
    /** `by: 'gm'`: the GM wrote it (gm.note); the log marks it as the GM's words. */
    | { type: 'note'; text: string; dice?: DieDraw[]; about?: UnitId[]; by?: 'gm' }
    /** Undo / redo of a whole earlier command, by its id; handled by replay (see log.ts). */
    | { type: 'undo'; command: string }
    | { type: 'redo'; command: string }
  );

/** Any event: a core one or a ruleset's own (which must have a `type` the ruleset applies). */
export type GameEvent = CoreEvent | (Base & { type: `${string}:${string}`; [key: string]: unknown });

/** An event as stored in the log: numbered and tied to the command that produced it. */
export type LoggedEvent = GameEvent & { seq: number; cmd: string };
