/**
 * The twelve elements of Outerah and resistance as a percentage (OUT-RES-1..3, OUT-HEAL-1).
 * A resistance is "how much of a hit of that element the unit takes": 100 normal, 200 double,
 * 50 half, 0 immune, below 0 the hit heals by that percentage.
 */
export const ELEMENTS = [
  'creation', 'destruction', 'earth', 'elemethonal', 'fire', 'light',
  'neutral', 'null', 'shadow', 'spirit', 'water', 'wind',
] as const;

export type Element = (typeof ELEMENTS)[number];

export const elementName = (e: Element): string => e.charAt(0).toUpperCase() + e.slice(1);

/** A unit's resistance to an element, in percent (default 100). */
export function resistanceOf(resist: Partial<Record<Element, number>>, e: Element): number {
  return resist[e] ?? 100;
}

/** What a hit of `raw` becomes at resistance `r`: damage taken, or healing when r < 0 (OUT-RES-2). Rounded down. */
export function resistedHit(raw: number, r: number): { damage: number; heals: number } {
  if (r > 0) return { damage: Math.floor((raw * r) / 100), heals: 0 };
  if (r === 0) return { damage: 0, heals: 0 };
  return { damage: 0, heals: Math.floor((raw * -r) / 100) };
}

/**
 * Healing factor of an element on a unit by its resistance (ruling OUT-HEAL-1): full at 100 %, less the further the
 * resistance is from 100 either way (50 % → half, 200 % → half), none when immune; an element that heals the unit
 * when it hits (r < 0) heals normally. Alignment and a boon potion multiply on top (heal.ts).
 */
export function healFactor(r: number): { factor: number; why: string } {
  if (r === 0) return { factor: 0, why: 'immune: no healing of that element' };
  if (r < 0) return { factor: 1, why: `absorbs the element (${r}%)` };
  if (r <= 100) return { factor: r / 100, why: `resistance ${r}%` };
  return { factor: 100 / r, why: `resistance ${r}% (weak to it)` };
}

/** How much of a healing element's value a unit aligned with an element gets, in percent (100 when unlisted). */
export type AlignmentTable = Partial<Record<Element, Partial<Record<Element, number>>>>;

/**
 * The alignment table the text gives (OUT-HEAL-1): "A fire aligned creature using a water infused potion heals for
 * 50% the normal value; a water spell to heal on a wind aligned creature heals for 50% the normal value." A file's
 * `alignments` adds rows or overrides these cells.
 */
export const TEXT_ALIGNMENTS: AlignmentTable = { fire: { water: 50 }, wind: { water: 50 } };

/** The text's table with the file's rows laid over it, cell by cell. */
export function alignmentTable(file: AlignmentTable = {}): AlignmentTable {
  const out: AlignmentTable = {};
  for (const e of ELEMENTS) {
    const row = { ...TEXT_ALIGNMENTS[e], ...file[e] };
    if (Object.keys(row).length) out[e] = row;
  }
  return out;
}
