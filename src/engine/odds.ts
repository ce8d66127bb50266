/**
 * The words and figures of a command's odds, as the table page shows them (src/web's OddsPanel) and
 * `skirmish preview` prints them: one rounding, one wording.
 */

/** The odds as the page receives them (server/projection.ts PreviewJson); damage as [value, chance] pairs. */
export interface OddsJson {
  chance?: number;
  damage?: { min: number; max: number; mean: number; pmf?: [number, number][] };
  expectedDamage?: number;
  damageOnHit?: { min: number; max: number; mean: number };
  notes?: string[];
  /** One line of why under the chance (ties, natural 20/1, cover). */
  why?: string;
  /** What may go wrong beyond the target (a stray shot into an ally). */
  risk?: string;
  /** Every unit the command would affect, the aimed-at one first, each with its own odds. */
  affected?: (Omit<OddsJson, 'affected' | 'notes' | 'why' | 'risk'> & { unit: string; note?: string })[];
}

/** A chance as a percentage: whole when it is whole, else to a tenth (65%, 12.5%). */
export const pct = (p: number) => `${(Math.round(p * 1000) / 10).toFixed(p * 100 === Math.round(p * 100) ? 0 : 1)}%`;
/** A mean to two places, trailing zeros dropped (4.13, 2.5). */
export const dec = (x: number) => (Math.round(x * 100) / 100).toString();
/** Damage on a hit: "1–6" (one number when it cannot vary). */
export const rangeText = (r: { min: number; max: number }) => (r.min === r.max ? String(r.min) : `${r.min}–${r.max}`);

/** Whether the odds say anything (the server sends `{}` for commands with nothing to roll). */
export function hasOdds(p: OddsJson | undefined): p is OddsJson {
  return !!p && (p.chance !== undefined || p.expectedDamage !== undefined || !!p.damageOnHit || !!p.damage || !!p.notes?.length || !!p.why || !!p.risk || (p.affected?.length ?? 0) > 1);
}

/** The lines of the odds panel, in its order: [what, figure]. */
export function oddsLines(p: OddsJson): [string, string][] {
  const out: [string, string][] = [];
  if (p.chance !== undefined) out.push(['Chance', pct(p.chance)]);
  if (p.damageOnHit) out.push(['Damage on a hit', `${rangeText(p.damageOnHit)} (avg ${dec(p.damageOnHit.mean)})`]);
  if (p.expectedDamage !== undefined) out.push(['Expected damage', dec(p.expectedDamage)]);
  return out;
}

/** The damage bars the panel draws: damage on a hit (the miss, 0, is the chance's other side), when there are 2 to 80 values. */
export function hitBars(pmf: readonly [number, number][]): [number, number][] | undefined {
  const bars = pmf.some(([v]) => v > 0) ? pmf.filter(([v]) => v > 0) : [...pmf];
  return bars.length < 2 || bars.length > 80 ? undefined : bars;
}
