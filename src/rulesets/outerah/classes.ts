/**
 * The primary classes and their base Speed (OUT-INIT-1). The text gives no numbers, only that a
 * Nightblade is naturally faster than a Sorcerer; this table is the ruleset's, and a file's
 * `classes:` block overrides any row (ruling OUT-INIT-1).
 */
export const CLASS_IDS = ['nightblade', 'sorcerer', 'paladin', 'hunter', 'soulknight', 'summoner', 'tradesmaster', 'druid'] as const;
export type ClassId = (typeof CLASS_IDS)[number];

export interface ClassRow {
  name: string;
  /** Base Speed added to every Speed check. */
  speed: number;
  /** What the class is known for in the text; for the docs. */
  note: string;
}

export const CLASSES: Record<ClassId, ClassRow> = {
  nightblade: { name: 'Nightblade', speed: 6, note: 'fastest class; "naturally faster than a sorcerer"' },
  hunter: { name: 'Hunter', speed: 5, note: 'tames creatures (pets, part 2)' },
  soulknight: { name: 'Soul Knight', speed: 4, note: 'tames creatures (pets, part 2)' },
  tradesmaster: { name: 'Tradesmaster', speed: 4, note: 'builds drones (pets, part 2)' },
  paladin: { name: 'Paladin', speed: 3, note: 'improvised weapons +1d4 (ruling OUT-WPN-1)' },
  druid: { name: 'Druid', speed: 3, note: 'healing over time (HoTs)' },
  summoner: { name: 'Summoner', speed: 3, note: 'tames creatures (pets, part 2)' },
  sorcerer: { name: 'Sorcerer', speed: 2, note: 'slowest class' },
};

/** A class row with the file's overrides applied. */
export function classRow(overrides: Partial<Record<ClassId, Partial<ClassRow>>>, id: ClassId): ClassRow {
  return { ...CLASSES[id], ...(overrides[id] ?? {}) };
}
