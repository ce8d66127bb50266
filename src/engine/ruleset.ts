/**
 * What a rule system supplies to the engine. The engine owns the loop (commands, turns, rounds,
 * effect clocks, undo, views); a ruleset owns the numbers and the choices.
 */
import type { Appliers } from './apply.ts';
import type { GameEvent } from './events.ts';
import type { Listing, Wanted } from './listing.ts';
import type { Rejection } from './rejection.ts';
import type { Resolution } from './resolution.ts';
import type { Cell, CombatResult, Effect, EncounterState, GridMap, Json, Pending, Slot, Unit, UnitId } from './types.ts';
import type { Distribution } from '../dice/index.ts';

/** Something crossing the board between turns (a thrown javelin), as a page draws it. */
export interface InFlight {
  id: string;
  name: string;
  /** Who launched it (its side colours it). */
  owner: UnitId;
  /** Where it hangs now. */
  at: Cell;
  /** The rest of its line, from `at` on. */
  path: Cell[];
  /** The tiles it will cross the next time it flies. */
  next: Cell[];
  /** The unit it has reached, deciding how to react. */
  reaching?: UnitId;
}

/**
 * How a ruleset's units see, for fog of war. Each part is the rules' own (the same function their attacks
 * and spells ask), never a second copy.
 */
export interface SightRules {
  /** Whether a look from `from` reaches `to` through the terrain (default: lineOfSight — cells with blocksSight, walls and smoke, stop it). */
  line?(map: GridMap, from: Cell, to: Cell): boolean;
  /** Whether `unit`, standing in sight, stays unseen by `looker` all the same (outerah: Hidden). */
  unseen?(state: EncounterState, unit: Unit, looker: Unit): boolean;
  /** The encounter's data as a player sees it when only the cells `sees` says yes to are in sight (duel60: projectiles elsewhere left out). */
  dataSeen?(data: Record<string, Json>, sees: (c: Cell) => boolean): Record<string, Json>;
}

/** A command: what someone asks for. `actor` is the unit acting; other fields are the command's own. */
export interface Command {
  type: string;
  actor?: UnitId;
  [key: string]: Json | undefined;
}

/** One thing a unit may do now, as a complete command ready to send. */
export interface ActionOption {
  command: Command;
  /** Short text for a button: 'Attack Goblin with Longsword'. */
  label: string;
  /** Groups options for display: 'attack', 'spell', 'move', 'turn'... */
  group: string;
  // Typed facts about the option, so pages and policies read data, never the label's words.
  /** A move: where it ends (a cell, or a zone id on zone maps), what it spends in the ruleset's own movement units, and the path when known. */
  move?: { to: Cell | string; cost: number; path?: Cell[] };
  /** The reach of the weapon, spell or skill used, in cells (grid maps). */
  range?: number;
  /** The cells an area of effect covers if this option is confirmed (everyone inside is affected). */
  area?: Cell[];
  /** Every unit this option would affect, the aimed-at target first. */
  targets?: UnitId[];
  /** The pools this option gives back (a Rest's stamina): a policy with nothing to strike or reach takes it. */
  restores?: string[];
  /**
   * A vessel moved from its helm (an airship): which, by how many cells east (dx) and south (dy), and the
   * heading it turns to (none: it keeps its bow), with the cells of movement the turn alone spends.
   */
  steer?: { vessel: string; dx: number; dy: number; heading?: 'N' | 'E' | 'S' | 'W'; turnCost?: number; movement: number };
}

/**
 * Exact odds of a command before anything is rolled. The chance, damage, expected damage and damage on a
 * hit all describe one distribution (src/engine/hit-odds.ts builds them so): the whole command's effect on
 * the aimed-at unit, every blow of a flurry or volley counted.
 */
export interface Preview {
  /** Chance the command's check succeeds (hit, resist...), 0..1; absent when there is none. */
  chance?: number;
  /** Distribution of damage dealt to the aimed-at target, misses included as 0. */
  damage?: Distribution;
  /** Expected damage, misses included: damage's mean. */
  expectedDamage?: number;
  /** Damage when it hits: `damage` with the misses taken out. */
  damageOnHit?: { min: number; max: number; mean: number };
  /** One line under the chance saying why it is what it is: the number needed, ties, natural 20 and 1, cover. */
  why?: string;
  /** Every unit the command would affect, the aimed-at one first (an area's, a volley's), allies too. */
  affected?: AffectedOdds[];
  /** What may go wrong beyond the target, in words: a miss straying into someone. */
  risk?: string;
  notes?: string[];
}

/** One affected unit's odds (see Preview): its chance, the damage it takes, and what else befalls it. */
export interface AffectedOdds {
  unit: UnitId;
  chance?: number;
  damage?: Distribution;
  expectedDamage?: number;
  damageOnHit?: { min: number; max: number; mean: number };
  /** Anything else, in words: 'heals 3–8', 'evades: Speed 34 ≥ 30'. */
  note?: string;
}

/** Which commands' odds are worked out by playing every face (Ruleset.oddsByEnumeration), and how. */
export interface OddsByEnumeration {
  /** The command types (e.g. ['attack', 'flee']). */
  commands: readonly string[];
  /**
   * Most decisions one command's odds may play (default 5,000): its dice tree, leaf by leaf. Past it the
   * preview is refused as too many dice (`preview/too_many_dice`); every decision is also paid from the
   * request's dice work budget (a server's odds stay bounded).
   */
  maxDecisions?: number;
  /** The damage charted: what the pools lost (default), or what was dealt before their bounds cut it (8 to a unit at 1 HP). */
  damage?: 'lost' | 'asked';
}

export interface CommandHandler {
  /** Whether this command needs the acting unit to be the one whose turn it is (default true). */
  onTurn?: boolean;
  /** Who may issue it: 'any' controller of the actor (default), or 'gm' only. */
  by?: 'controller' | 'gm';
  resolve(ctx: Resolution, command: Command): void;
}

/**
 * How a unit chooses what to do in a simulated (or GM-autopiloted) fight: one of the options it is
 * offered, asked for whole (`options.all`) or narrowly (`options.except('move')`, `options.of('move')`:
 * ask for what you would choose first, and for moves only when you would move — see listing.ts).
 */
export type Policy = (state: EncounterState, unit: UnitId, options: Listing, pick: (n: number) => number) => ActionOption;

export interface Ruleset {
  id: string;
  name: string;
  description: string;
  /**
   * The prefix of the rule ids its breakdowns and tests cite ('P20' for P20-ATK-2). Every id its code
   * cites must be named by a test (src/rulesets/coverage.test.ts, `skirmish check-ruleset`).
   */
  rulePrefix?: string;
  /**
   * The example that shows it best at a table, a file name in examples/<id>/: the browser tests and the
   * screenshots play it (default: the first by name).
   */
  showcase?: string;
  /**
   * A round's length in game seconds, as the text gives it (phase20: 6, outerah: 10); `null` when the
   * text gives none. `round.started` events carry it, so a reader of the JSON need not parse the log.
   */
  roundSeconds?: number | null;
  /** Validates an encounter document's `units`, `content`, `map`...; see document.ts. */
  encounterSchema: import('zod').ZodType;
  /** Build the initial state from a validated encounter document (no dice here). */
  create(doc: any): EncounterState;
  /** Roll initiative and set the first round's order (emit `turn.order`). */
  start(ctx: Resolution): void;
  /** The order for a new round (default: the previous round's normal slots, same order). */
  orderForRound?(ctx: Resolution, round: number): Slot[] | undefined;
  /**
   * Whether a unit is still in the fight: it counts for its side in the default result, the page shows
   * it as standing, and the simulator counts it as gone down once it is not (default: status 'active').
   */
  standing?(state: EncounterState, unit: UnitId): boolean;
  /**
   * Whether a unit's slots in the order give it a turn (default: it is standing). A downed unit making
   * death saves takes turns: its turn starts, its effects tick and count down, `onTurnStart` runs.
   */
  takesTurn?(state: EncounterState, unit: UnitId): boolean;
  /** Why a unit that takes turns loses this one (stunned, stopped...), or null when it may act. */
  skipReason?(state: EncounterState, unit: UnitId): string | null;
  onTurnStart?(ctx: Resolution, unit: UnitId): void;
  onTurnEnd?(ctx: Resolution, unit: UnitId): void;
  onRoundStart?(ctx: Resolution, round: number): void;
  onRoundEnd?(ctx: Resolution, round: number): void;
  /** An effect's tick (damage over time, healing over time...). */
  onEffectTick?(ctx: Resolution, effect: Effect): void;
  /** Called when an effect's duration runs out, before it is removed. */
  onEffectExpire?(ctx: Resolution, effect: Effect): void;
  commands: Record<string, CommandHandler>;
  /**
   * Everything `unit` may do now (it need not be its turn: reactions). With `only`, the options of
   * other command types may be left out (and should be, where building them costs: a policy asked
   * narrowly); the engine filters the list to `only` either way. When `only.enough` is set the asker
   * takes the first option it accepts (Listing.first): asked between groups, a yes lets the lister
   * return its list so far.
   */
  legalActions(state: EncounterState, unit: UnitId, only?: Wanted): ActionOption[];
  preview?(state: EncounterState, command: Command): Preview | Rejection;
  /**
   * Commands whose odds are the resolution's own (src/engine/enumerated-preview.ts): the engine plays `decide`
   * over every face their dice can show and gives the numbers — chance, damage, each affected unit's — while
   * `preview`, if given, gives only the words (why, notes, who is affected). See docs/writing-a-ruleset.md.
   */
  oddsByEnumeration?: OddsByEnumeration;
  /** Answer a pending decision (a GM's call, a reaction); `choice` is one of pending.options. */
  answer?(ctx: Resolution, pending: Pending, choice: Json): void;
  /**
   * The combat's result once it is decided, else null (default: last side standing wins). Asked after a
   * command and through the turn flow, but not again while only the flow's own records (a turn or round
   * begun or ended, a round's new order) came since it last said null: a result never hangs on whose
   * turn it is (flow.ts checkOutcome).
   */
  outcome?(state: EncounterState): CombatResult | null;
  /** Appliers of the ruleset's own event types. A unit's data they leave alone: a fork shares it until written (fork.ts). */
  appliers?: Appliers;
  /**
   * The keys of `state.data` whose values those appliers change in place (outerah: `ships`). The
   * simulator's per-fight fork then deep-copies just these; without the list, a ruleset with appliers
   * gets a whole deep copy per fight (and loses what it keeps per map object).
   */
  appliersEdit?: string[];
  /** Named policies for simulation ('aggressive' at least; 'random' is built in). */
  policies?: Record<string, Policy>;
  /** What is in flight on the board now (duel60's projectiles), for pages to draw with where it goes next. */
  inFlight?(state: EncounterState): InFlight[];
  /** The rules' own sight, which fog of war reads (space/vision.ts, docs/fog.md); absent: SightRules' defaults. */
  sight?: SightRules;
  /** A log line for an event, when the ruleset words it better than the engine's default. */
  describe?(event: GameEvent, state: EncounterState): string | undefined;
  /** Pools of other sides' units that players must not see (e.g. enemy hit points). */
  secretPools?: string[];
  /**
   * Ruleset state no player view carries (view-secret.ts): `decks` whose cards left no player may know
   * (the deck, and each draw's place and count of cards behind it, are withheld; the card's name is told
   * only where the rules say it: a check, a turn-order label); encounter `data` keys; and unit `data`
   * keys a player sees only on its own side's units (a hand held face down).
   */
  secret?: { decks?: readonly string[]; data?: readonly string[]; unitData?: readonly string[] };
  /** The rules' word for harm dealt ('wounds'), for pages and the log; absent: 'damage'. */
  harm?: string;
  /** The rules' names for its pool and stat keys, for pages ('attackActions' → 'Attack actions'); absent: the key in words. */
  keyNames?: Record<string, string>;
  /**
   * A unit's `data` as a player not on its side sees it (e.g. only the affinities play has revealed):
   * keys left out are withheld, in the state and in `unit.data` events; the server also reckons that
   * player's previews from it. Pure, must not change its argument; absent: the data is shown whole
   * (GM-only keys are dropped for every player anyway).
   */
  projectData?(data: Record<string, Json>, unit: Unit): Record<string, Json>;
  /** The rules' own damage (resistances, Brace, fainting...) for a GM's `gm.damage` with `rules: true`; absent: plain damage to hp. */
  applyDamage?(ctx: Resolution, unit: UnitId, amount: number, damageType?: string, source?: UnitId): void;
  /**
   * What 0 hit points does by the rules (fainting, a Battlescar, a mount's Spirit Release...), for a
   * standing unit whose HP the GM sets to 0 (`gm.set_pool`); it emits the `unit.status`. Absent: down.
   */
  fallAtZero?(ctx: Resolution, unit: UnitId): void;
  /**
   * A downed unit whose HP the GM raised above 0 gets up: emit its `unit.status` 'active' with `cause`,
   * and whatever else standing up does (outerah: a mount's Spirit Release stops). Absent: only the status.
   */
  standUp?(ctx: Resolution, unit: UnitId, cause: string): void;
  /** Where a unit added mid-combat enters the turn order (emit `turn.order`); absent: the end of the round. */
  placeInOrder?(ctx: Resolution, unit: UnitId): void;
  /** Unit data keys that outlive an encounter (Battlescars, wounds): the roster carries them back. */
  carryOver?: string[];
  /** Pools that outlive an encounter (default: hp). */
  carryPools?: string[];
  /** Whether an effect outlasts the encounter (default: it has the category 'lasting'). */
  isLasting?(effect: Effect): boolean;
  /**
   * A unit written as an entry of the encounter file's `units`, so the roster can carry a unit the GM
   * added in the engine's shape (it has no entry of its own). Only who the unit is (numbers, gear, who
   * plays it), not where this fight left it; a Rejection (`roster/not_writable`) names what a file cannot
   * say. Absent: such a unit is listed at carry-back as one that cannot be carried (docs/gm.md).
   */
  fileEntry?(unit: Unit, state: EncounterState): Record<string, Json> | Rejection;
  /**
   * The terrain this ruleset's rules read, as the encounter builder's palette offers it: each kind is the
   * fields of one `map.terrain` entry besides `at`. Absent: a map without terrain (zones).
   */
  terrainKinds?: TerrainKind[];
}

/** One brush of the encounter builder's terrain palette (docs/builder.md). */
export interface TerrainKind {
  id: string;
  /** What the GM reads on the palette: "Wall", "Difficult ground". */
  name: string;
  /** What it does in play, in the ruleset's words, with its rule id. */
  help: string;
  /** The `map.terrain` entry's fields besides `at` (tags, cost, blocksMove, cover...). */
  cell: Record<string, Json>;
}
