/**
 * The effects Skirmish knows (OUT-EFF-7): every effect the text names, plus the few skills need
 * (Regen, Reflect, Inspiration). The text's own chart of 21 main / 60 total effects is not in the
 * source, so the numbers here are the ruleset's (RULINGS.md); `docs/rulesets/outerah.md` prints
 * this table. Part 2 adds rows (Feared mounts, underwater...) by extending EFFECTS.
 */
export const CORE_STATS = ['strength', 'vitality', 'agility', 'charisma', 'intelligence', 'wisdom'] as const;
export type CoreStat = (typeof CORE_STATS)[number];

export interface EffectRow {
  name: string;
  kind: 'buff' | 'debuff';
  /** The core stat that resists it: D100 + stat > 100 resists; 100 in the stat is immunity (OUT-EFF-3). */
  stat?: CoreStat;
  /** Turns it holds before shake-off rolls begin (OUT-EFF-4). */
  minimum?: number;
  /** Buff: success % at 10 Wisdom (OUT-EFF-6). */
  success?: number;
  /** Rounds it lasts when the notation gives none. */
  rounds?: number;
  maxStacks: number;
  /** Damage per tier per stack at the start of the unit's turn (OUT-EFF-1). */
  dot?: number;
  /** Healing per tier per stack at the end of the unit's turn (OUT-EFF-1). */
  hot?: number;
  /** How it reshapes the turn order (OUT-INIT-3..6). */
  timing?: 'haste' | 'slow' | 'stop' | 'inspiration' | 'red_card';
  /** Set by weapons on a hit: no resist roll, no shake-off; ends by time or healing. */
  weapon?: boolean;
  /** Happens at once and is not kept (Inspiration, Shove). */
  instant?: boolean;
  description: string;
  rules: string[];
}

const rows: EffectRow[] = [
  { name: 'Wounds', kind: 'debuff', weapon: true, maxStacks: 3, rounds: 6, description: 'Slashing hit: ceil(level/2) damage per stack at the end of each of the target\'s turns; held more than 5 rounds it becomes Bleeding; healing ends it.', rules: ['OUT-WPN-2', 'OUT-WPN-3'] },
  { name: 'Bleeding', kind: 'debuff', weapon: true, maxStacks: 3, rounds: 6, description: 'From Wounds held more than 5 rounds: the same damage, now at the start of each turn (a DoT), for 1 minute; healing ends it.', rules: ['OUT-WPN-3', 'OUT-EFF-1'] },
  { name: 'Black&Blue', kind: 'debuff', weapon: true, maxStacks: 3, rounds: 6, description: 'Bludgeon hit on light/medium armour (or none): −10% maximum hit points per stack; held more than 5 rounds it becomes Bruising; healing ends it.', rules: ['OUT-WPN-6'] },
  { name: 'Bruising', kind: 'debuff', weapon: true, maxStacks: 3, rounds: 6, description: 'From Black&Blue held more than 5 rounds: keeps its −10% maximum hit points per stack for 1 more minute; healing ends it.', rules: ['OUT-WPN-6'] },
  { name: 'Poison', kind: 'debuff', stat: 'vitality', minimum: 1, rounds: 3, maxStacks: 3, dot: 2, description: '2 damage per tier per stack at the start of each turn.', rules: ['OUT-EFF-1', 'OUT-EFF-5'] },
  { name: 'Burn', kind: 'debuff', stat: 'vitality', minimum: 1, rounds: 3, maxStacks: 3, dot: 3, description: '3 damage per tier per stack at the start of each turn ("Everlasting Burn(3)").', rules: ['OUT-EFF-1', 'OUT-EFF-2'] },
  { name: 'Feared', kind: 'debuff', stat: 'wisdom', minimum: 1, rounds: 2, maxStacks: 1, description: 'Cannot attack or cast harmful skills.', rules: ['OUT-EFF-7'] },
  { name: 'Topple', kind: 'debuff', stat: 'agility', minimum: 1, rounds: 1, maxStacks: 1, description: 'Knocked down: no Movement on its turns.', rules: ['OUT-EFF-7'] },
  { name: 'Slow', kind: 'debuff', stat: 'agility', minimum: 2, rounds: 4, maxStacks: 1, timing: 'slow', description: 'One turn every other round (the first turn after it lands is lost). Cancels Haste.', rules: ['OUT-INIT-4'] },
  { name: 'Stop', kind: 'debuff', stat: 'wisdom', rounds: 3, maxStacks: 1, timing: 'stop', description: 'Frozen: no turns for 3 rounds; on its second round a d10 even breaks it at that round\'s end (2 rounds).', rules: ['OUT-INIT-5'] },
  { name: 'Red Card', kind: 'debuff', stat: 'wisdom', rounds: 1, maxStacks: 1, timing: 'red_card', description: 'Sent to the back: while it holds, the unit\'s turns come after every other unit\'s each round (before the Haste turns); it loses none.', rules: ['OUT-INIT-7'] },
  { name: 'Haste', kind: 'buff', success: 70, rounds: 3, maxStacks: 1, timing: 'haste', description: 'A second turn each round, just before the round ends. Cancels Slow.', rules: ['OUT-INIT-3'] },
  { name: 'Inspiration', kind: 'buff', success: 80, maxStacks: 1, timing: 'inspiration', instant: true, description: 'The target acts next; if it has already acted, an extra turn (at most one a round).', rules: ['OUT-INIT-6'] },
  { name: 'Regen', kind: 'buff', success: 80, rounds: 3, maxStacks: 1, hot: 3, description: '3 healing per tier at the end of each turn (a Druid HoT).', rules: ['OUT-EFF-1'] },
  { name: 'Reflect', kind: 'buff', success: 60, rounds: 3, maxStacks: 1, description: 'Magical attacks and buffs aimed at the unit miss by reflect and land on a 2d10 cell of a 10×10 area.', rules: ['OUT-MISS-3'] },
  { name: 'Hidden', kind: 'buff', maxStacks: 1, description: 'Cannot be targeted; found when an enemy ends a round next to it. Unseen 3 rounds (or hidden from the start): its next attack is an Opener with Super Charge.', rules: ['OUT-OPEN-1', 'OUT-OPEN-2'] },
  { name: 'Feared Mount', kind: 'debuff', maxStacks: 1, description: 'A mount whose rider was knocked off: it will not carry anyone until an Animal Handling check (DR by level difference) calms it; no resist roll, no shaking it off.', rules: ['OUT-MNT-2', 'OUT-MNT-3'] },
  { name: 'Spirit Release', kind: 'debuff', rounds: 3, maxStacks: 1, description: 'Any creature at 0 HP, a mount like any other: healed above 0 within 3 rounds it stands up; otherwise its spirit is released and it is gone (dead).', rules: ['OUT-MNT-1'] },
  { name: 'Spirit Link', kind: 'buff', rounds: 2, maxStacks: 1, description: 'Trainer and pet after a Skill Order, to the end of the next round: enemies have advantage against both; 50 % of attack damage to one reaches the other.', rules: ['OUT-PET-5'] },
  { name: 'Shove', kind: 'debuff', weapon: true, instant: true, maxStacks: 1, description: 'Bludgeon hit: pushed back 1 cell from the attacker.', rules: ['OUT-WPN-5'] },
];

export const EFFECTS: Record<string, EffectRow> = Object.fromEntries(rows.map((r) => [r.name, r]));

export function effectRow(name: string): EffectRow | undefined {
  return Object.hasOwn(EFFECTS, name) ? EFFECTS[name] : undefined;
}

export interface EffectNote {
  prefix?: string;
  name: string;
  rounds?: number;
}

/** Notations already read (a skill's effect is read at every cast, listing and preview): shared, so never changed. */
const readNotations = new Map<string, EffectNote | undefined>();

/** Reads the book's notation "[Prefix] Name (Rounds)", e.g. "Everlasting Burn(3)" (OUT-EFF-2). */
export function parseEffectNotation(text: string): EffectNote | undefined {
  if (readNotations.has(text)) return readNotations.get(text);
  const note = readNotation(text);
  if (readNotations.size >= 1000) readNotations.clear(); // bounded: files may name many
  readNotations.set(text, note);
  return note;
}

function readNotation(text: string): EffectNote | undefined {
  const m = /^\s*(.*?)\s*\(\s*(\d+)\s*\)\s*$/.exec(text) ?? /^\s*(.*?)\s*$/.exec(text);
  if (!m) return undefined;
  const words = m[1].trim();
  const rounds = m[2] === undefined ? undefined : Number(m[2]);
  // the name is the longest known effect name at the end; anything before it is the prefix
  for (const name of Object.keys(EFFECTS).sort((a, b) => b.length - a.length)) {
    if (words === name || words.endsWith(` ${name}`)) {
      const prefix = words.slice(0, words.length - name.length).trim();
      return { ...(prefix ? { prefix } : {}), name, ...(rounds !== undefined ? { rounds } : {}) };
    }
  }
  return undefined;
}
