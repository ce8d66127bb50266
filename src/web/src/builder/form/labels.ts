/**
 * Field names turned into the words a GM reads (`startHp` → "Start HP", `blocksMove` → "Blocks movement"):
 * no field name reaches the page as it is written in the file.
 */
const WORDS: Record<string, string> = {
  hp: 'HP', startHp: 'Start HP', dv: 'DV (Defensive Value)', gmNotes: 'GM notes', id: 'Id (in the file)', at: 'Cell',
  controller: 'Played by', blocksMove: 'Blocks movement', blocksSight: 'Blocks sight', generalSkill: 'General Skill',
  classBonus: 'Class bonus', followUps: 'Follow-ups', magicDefense: 'Magic defense', armorUpgrades: 'Armour upgrades',
  armorPiercing: 'Armour-piercing', armor: 'Armour', crit: 'Critical chance (%)', trueDamage: 'True damage',
  hardCleanse: 'Hard cleanse', instantCast: 'Instant-cast', preEmptive: 'Pre-emptive', nonReactionary: 'Non-reactionary',
  maxProjectiles: 'Most projectiles a throw', perTurn: 'Each turn', friendlyFire: 'Hits allies too', skipTurn: 'Loses the turn',
  bypassHalfCover: 'Bypasses half cover', dc: 'DC', to: 'To cell', size: 'Size (cells)', ships: 'Airships', ui: 'UI',
};

export function fieldLabel(name: string | number): string {
  if (typeof name === 'number') return `#${name + 1}`;
  if (WORDS[name]) return WORDS[name];
  const spaced = name.replace(/_/g, ' ').replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
}

/** An enum value as words: `left_cannon` → "left cannon"; short codes stay as they are. */
export function choiceLabel(v: unknown): string {
  const s = String(v);
  // outerah's Null element: a name, not a missing value
  if (s === 'null') return 'Null';
  return /^[A-Z]{1,3}$/.test(s) ? s : s.replace(/_/g, ' ').replace(/([a-z0-9])([A-Z])/g, (_, a: string, b: string) => `${a} ${b.toLowerCase()}`);
}
