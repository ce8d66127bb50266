/**
 * What the board highlights besides the units: where the selected unit may move (with the cost),
 * which units or zones the chosen action may target, and the range being aimed with.
 */
import type { Cell, UnitId } from '../../../engine/index.ts';

export interface BoardMarks {
  /** Reachable cells by "x,y", with the movement cost the rules charge (when known). */
  moves?: Map<string, { cost?: number }>;
  /** Units a click would target. */
  targets?: Set<UnitId>;
  /** Zones a click would target (zone battlefields). */
  zones?: Set<string>;
  /** Range of the weapon or spell being aimed, in cells from `from` (Chebyshev, as the rulesets count). */
  range?: { from: Cell; cells: number };
  /** Squares a decision offers (evade to, place at) by "x,y", with the choice's words. */
  choices?: Map<string, string>;
  /** The cells an area of effect would cover, by "x,y". */
  area?: Set<string>;
  /** A move being aimed (before Confirm): where it starts and ends, and its path when the option carries one. */
  aimedMove?: { from: Cell; to: Cell; path: Cell[] };
  /** Every unit the aimed action would affect, and whether it is on the actor's side. */
  affected?: Map<UnitId, 'foe' | 'ally'>;
}

export interface BoardHandlers {
  onCell?(cell: Cell): void;
  onUnit?(id: UnitId): void;
  onZone?(zone: string): void;
  /** Hovered or focused cell, to draw the path to it. */
  onHover?(cell: Cell | undefined): void;
}

export const key = (c: Cell) => `${c.x},${c.y}`;
