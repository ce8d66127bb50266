/**
 * The shapes of an encounter. State is plain JSON (no classes, no functions, no Maps) so it can be
 * cloned, stored, sent to a browser and compared; it changes only by applying events.
 */

export type UnitId = string;
export type SideId = string;
export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** A cell of a square grid; x grows east, y grows south. */
export interface Cell {
  x: number;
  y: number;
}

/** Eight compass facings, clockwise from north. */
export type Facing = 'N' | 'NE' | 'E' | 'SE' | 'S' | 'SW' | 'W' | 'NW';

/** A bounded quantity: hit points, stamina, actions left... `min` defaults to 0. */
export interface Pool {
  value: number;
  max: number;
  min?: number;
}

/** active: in the fight; down: fainted/unconscious (can come back); dead; fled; removed by the GM. */
export type UnitStatus = 'active' | 'down' | 'dead' | 'fled' | 'removed';

export interface Unit {
  id: UnitId;
  name: string;
  side: SideId;
  /** Player id that controls it; absent = the GM's. */
  controller?: string;
  status: UnitStatus;
  /** Hidden from players (the GM has not revealed it). */
  hidden?: boolean;
  stats: Record<string, number>;
  pools: Record<string, Pool>;
  position?: Cell;
  facing?: Facing;
  elevation?: number;
  /** For zone battlefields (frontline): the zone the unit stands in. */
  zone?: string;
  tags?: string[];
  /** The policy that steers it in a simulated fight, as its file names it (`policy:`); see src/sim/policies.ts. */
  policy?: string;
  /** The ruleset's own per-unit data (equipment, class, prepared move...). */
  data: Record<string, Json>;
}

/** When an effect's duration counts down. */
export type EffectClock =
  | { at: 'turn_start' | 'turn_end'; unit: UnitId }
  | { at: 'round_start' | 'round_end' };

export interface Effect {
  id: string;
  name: string;
  /** e.g. 'buff', 'debuff', 'dot', 'hot', 'cc', 'hard_cc': used for cleanse by category. */
  categories?: string[];
  source?: UnitId;
  target: UnitId;
  tier?: number;
  stacks: number;
  maxStacks?: number;
  /** Ticks left; absent = lasts until removed. Decremented each time `clock` fires; removed at 0. */
  remaining?: number;
  clock?: EffectClock;
  /** When the ruleset's tick hook runs for this effect (always relative to the target's turn). */
  tick?: 'turn_start' | 'turn_end';
  data?: Record<string, Json>;
}

/** One slot of the turn order. A unit may hold several slots (Haste, extra turns). */
export interface Slot {
  unit: UnitId;
  /** Why the slot exists beyond the normal one. */
  kind?: 'normal' | 'extra' | 'haste' | 'inserted' | 'ambush';
  /** The initiative value that placed it, for display. */
  initiative?: number;
  /** What placed it in the ruleset's words, shown in its place when set (a card dealt: "A♠"). */
  label?: string;
}

export interface TurnState {
  /** 0 before the first round. */
  round: number;
  order: Slot[];
  /** Index of the slot whose turn it is; -1 between rounds. */
  index: number;
  /** Ruleset-defined phase of the current turn (e.g. 'action', 'preparation'). */
  phase?: string;
}

/** A terrain cell definition; `cost` is the movement cost to enter (default 1); `blocks` stops movement. */
export interface Terrain {
  tags?: string[];
  cost?: number;
  elevation?: number;
  blocksMove?: boolean;
  blocksSight?: boolean;
  /** Cover this cell gives to a unit behind it: 'half' or 'full'. */
  cover?: 'half' | 'full';
  material?: string;
}

/**
 * Art under the battlefield: an image placed on the grid, in cells (default: fitted to the whole map), or
 * behind a zone board. `src` is an https: address or a data: image (the GM's upload, an example's map).
 */
export interface MapImage {
  src: string;
  /** Where its top left corner lies, in cells (may be negative or fractional: an offset). */
  x?: number;
  y?: number;
  /** Its size in cells (default: the map's width and height). */
  width?: number;
  height?: number;
  /** 0..1 (default 1). */
  opacity?: number;
  /** Who made it and under what licence, shown with the map. */
  credit?: string;
}

/**
 * Fog of war (docs/fog.md): while `on`, each player is sent only what its own units see. `range` is how
 * far a unit sees, in cells (absent: no limit but walls); `units` sets it per unit id. A player's view of
 * the map carries `rows` instead: one string per row, a character per cell — '0' never seen, '1' seen
 * before (remembered, shown dimmed), '2' in sight now.
 */
export interface Vision {
  on: boolean;
  range?: number;
  units?: Record<UnitId, number>;
  rows?: string[];
}

export interface GridMap {
  kind: 'grid';
  image?: MapImage;
  vision?: Vision;
  width: number;
  height: number;
  /** Sparse terrain by "x,y" key; unlisted cells are open ground. */
  cells: Record<string, Terrain>;
}

export interface ZoneMap {
  kind: 'zones';
  image?: MapImage;
  /** Zone names in order along the battle line. */
  zones: string[];
  /** Distance between neighbouring zones (frontline: 20 m). */
  spacing: number;
}

export type BattleMap = GridMap | ZoneMap;

/** One answer to a pending decision, in words. */
export interface PendingChoice {
  /** Button words: 'Evade to (4, 3)'. */
  label: string;
  /** The log's sentence once chosen: 'Sefa evades to (4, 3)' (default: who answered, and the label). */
  said?: string;
  /** The square this choice is about (evade to, place at): the page offers it on the board. */
  cell?: Cell;
  /** The unit this choice names (who acts first, who a stray shot hits): the page offers it on the board. */
  unit?: UnitId;
}

/** A decision the rules leave to someone (the GM, or a defender's reaction) that blocks play until answered. */
export interface Pending {
  id: string;
  /** Ruleset-defined kind, e.g. 'tie', 'stray_target', 'reaction'. */
  kind: string;
  /** Who answers: 'gm' or a unit id (its controller answers). */
  answeredBy: 'gm' | UnitId;
  /** The question as a sentence in the game's words: 'The javelin is about to hit Sefa: how does Sefa react?'. */
  prompt: string;
  options: Json[];
  /**
   * Each option in words, index for index with `options` (absent: the page words them itself). A choice
   * about a cell or a unit names it, so a page offers it on the board: tap the square to evade to.
   */
  choices?: PendingChoice[];
  /** Everything the ruleset needs to continue once answered. */
  data: Record<string, Json>;
  /** false: play goes on while it waits (a player's suggestion to the GM). Default: it blocks. */
  blocking?: false;
}

export interface CombatResult {
  outcome: 'victory' | 'defeat' | 'draw' | 'fled' | 'truce' | 'timeout';
  /** Winning side, when there is one. */
  winner?: SideId;
  reason: string;
}

export interface EncounterState {
  ruleset: string;
  name: string;
  status: 'setup' | 'active' | 'ended';
  /** Number of events applied so far. */
  version: number;
  units: Record<UnitId, Unit>;
  /** Units in listing order (file order, then added). */
  unitOrder: UnitId[];
  sides: SideId[];
  turn: TurnState;
  effects: Effect[];
  map?: BattleMap;
  pending: Pending[];
  result?: CombatResult;
  /** Counter for ids of effects and pending decisions, so replay gives the same ids. */
  nextId: number;
  /** Policies by side for simulated fights, as the file names them (`sides: { x: { policy } }`). */
  sidePolicies?: Record<SideId, string>;
  /** The ruleset's own encounter-wide data (content library, settings, ship state...). */
  data: Record<string, Json>;
}
