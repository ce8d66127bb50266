/**
 * Charges (OUT-CHG-1): Super, Hyper, Plus and Minus Charge modify an attack's damage. The text never
 * gives their sizes; ruling OUT-CHG-1 sets them as multipliers, several multiply together.
 * Part 2 adds sources (ship sections, underwater attacks) by pushing onto CHARGE_SOURCES.
 */
import type { EncounterState, Term, Unit } from '../../engine/index.ts';
import { crewCharges } from './ship-model.ts';
import { underwaterCharge } from './terrain.ts';

export type ChargeName = 'super' | 'hyper' | 'plus' | 'minus';

export const CHARGES: Record<ChargeName, { name: string; factor: number }> = {
  plus: { name: 'Plus Charge', factor: 1.25 },
  super: { name: 'Super Charge', factor: 1.5 },
  hyper: { name: 'Hyper Charge', factor: 2 },
  minus: { name: 'Minus Charge', factor: 0.75 },
};

export interface Charge {
  charge: ChargeName;
  /** Where it comes from, for the log: "Opener", "skill", "underwater"... */
  why: string;
}

/** A source of charges for one attack; the attack's own (skill, Opener) come from the strike. */
export type ChargeSource = (state: EncounterState, attacker: Unit, target: Unit) => Charge[];

/** Extra sources consulted on every attack: underwater (OUT-TER-2), a ship's lost masts and damaged deck (OUT-SHIP-1). */
export const CHARGE_SOURCES: ChargeSource[] = [underwaterCharge, crewCharges];

export function chargesFor(state: EncounterState, attacker: Unit, target: Unit, own: Charge[]): Charge[] {
  // a new list of the attack's own and then each source's, in order (no spread or flatMap: asked on every attack)
  const out = own.slice();
  for (const source of CHARGE_SOURCES) for (const c of source(state, attacker, target)) out.push(c);
  return out;
}

export const chargeTerms = (charges: Charge[]): Term[] =>
  charges.map((c) => ({ kind: 'mult', name: `${CHARGES[c.charge].name} (${c.why})`, factor: CHARGES[c.charge].factor }));

export const chargeFactor = (charges: Charge[]): number => charges.reduce((f, c) => f * CHARGES[c.charge].factor, 1);
