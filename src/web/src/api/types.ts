/** The server's JSON, as this page reads it (docs/api.md). State and events are the engine's own shapes. */
import type { ActionOption, EncounterState, Json, LibraryEntry, RosterEntry } from '../../../engine/index.ts';
import type { PreviewJson } from '../components/OddsPanel.tsx';

export type { PreviewJson };

export type Role = 'gm' | 'player';
export type DiceMode = 'off' | 'optional' | 'required';

export interface EncounterSummary {
  id: string;
  tableId: string;
  ruleset: string;
  name: string;
  status: 'setup' | 'active' | 'ended';
  version: number;
  paused: boolean;
}

export interface PlayerInfo {
  playerId: string;
  name: string;
}

export interface TableInfo {
  id: string;
  name: string;
  role: Role;
  playerId?: string;
  settings: { physicalDice: DiceMode; players: Record<string, DiceMode> };
  players: PlayerInfo[];
  encounters: EncounterSummary[];
}

export interface Example {
  path: string;
  ruleset: string;
  name: string;
  description?: string;
}

export interface Snapshot {
  encounter: EncounterSummary;
  state: EncounterState;
  activeUnit?: string;
}

export interface ServerError {
  code: string;
  message: string;
  field?: string;
  version?: number;
  problems?: { file?: string; line?: number; column?: number; path?: string; message: string }[];
}

export type { ActionOption };

/** POST /api/encounters/{id}/simulate: fights played on from the current state (docs/api.md). */
export interface Simulation {
  /** Always the fights asked for: the numbers for a seed do not depend on the server's speed. */
  runs: number;
  seed: number;
  fromRound: number;
  maxRounds: number;
  sides: Record<string, { wins: number; winRate: number; ci95: [number, number] }>;
  draws: number;
  timeouts: number;
  other: number;
  rounds: { mean: number; median: number; p90: number; histogram: [number, number][] };
  units: Record<string, { name: string; side: string; downRate: number; downCi95: [number, number]; meanDamageDealt: number; meanDamageTaken: number }>;
  elapsedMs: number;
}

/** The roster (GET /api/tables/{t}/roster) and what carries back from an ended encounter (docs/gm.md). */
export type { RosterEntry, LibraryEntry };

export interface RosterChangeJson {
  id: string;
  entry: string;
  kind: 'pool' | 'data' | 'consumable' | 'effect' | 'status' | 'join';
  text: string;
}

export interface CarryBackReview {
  encounter: string;
  changes: RosterChangeJson[];
  /** Characters of the encounter that cannot join the roster, and why (e.g. added in a shape the file cannot write). */
  notCarried?: { unit: string; name: string; code: string; text: string }[];
  roster: RosterEntry[];
}

/** GET /api/encounters/{id}/file-units: the file's units still in the fight, as the file writes them. */
export interface FileUnits {
  encounter: string;
  /** false: the encounter keeps no file (imported), so it takes no unit in the file's shape. */
  hasFile: boolean;
  units: { [key: string]: Json }[];
  /** The rest of the file (ruleset, map, sides, content): what a new unit is checked against. */
  document?: { [key: string]: Json };
}

export interface LibraryFile {
  format: 'skirmish-library';
  version: number;
  entries: LibraryEntry[];
}

/** A command waiting for physical dice (docs/web.md, Physical dice): the dice asked now, as this page may see them. */
export interface RollView {
  id: string;
  /** The die (or dice rolled together) asked now: "Kara: hit check, d20". */
  /** A unit hidden from this viewer is not named, nor what it rolls for. */
  /** A card (`die: 'card'`) offers the player who deals it every card of the deck (the GM: the cards left); no other page any. */
  asks: { unitName?: string; for?: string; die: string; sides?: number; count: number; cards?: string[] }[];
  /** Faces fixed so far that this page may see (a player: the ones it typed); a card by its name. */
  rolled: { unitName?: string; for?: string; sides?: number; face?: number; card?: string; by: 'player' | 'gm' | 'server' }[];
  /** This page may type the faces in. */
  yours: boolean;
  /** This page may let the server roll them. */
  serverMay: boolean;
  /** This page may call the command off. */
  cancelMay: boolean;
}
