/** A pool's or stat's key as a person reads it: the ruleset's own name, else the key in words ("hp" → "HP", "followUps" → "follow ups"). */
import { rulesetById } from '../../../rulesets/index.ts';

/** The rules' word for harm dealt, capitalised for a heading ("Wounds"; absent: "Damage"); `lower` for running text. */
export function harmWord(ruleset: string | undefined, lower = false): string {
  const w = (ruleset !== undefined ? rulesetById(ruleset)?.harm : undefined) ?? 'damage';
  return lower ? w.toLowerCase() : w.charAt(0).toUpperCase() + w.slice(1);
}

export function keyName(ruleset: string, key: string): string {
  const own = rulesetById(ruleset)?.keyNames?.[key];
  if (own) return own;
  if (key === 'hp') return 'HP';
  return key.replace(/([a-z0-9])([A-Z])/g, '$1 $2').replace(/_/g, ' ').toLowerCase();
}
