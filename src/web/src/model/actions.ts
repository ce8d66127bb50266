/**
 * Turning the server's flat list of legal actions into what a player picks: one button per kind of
 * action ("Attack … with Spear"), then a target on the board (a unit, a zone) or a cell for moves.
 * Options are the server's complete commands; nothing here invents a command.
 */
import type { ActionOption, Cell, Command, EncounterState, Unit } from '../../../engine/index.ts';

/** Fields that say where or at whom; the rest of a command says what. */
const AIM_FIELDS = ['target', 'zone', 'to', 'cell', 'at'];

export interface ActionChoice {
  key: string;
  label: string;
  group: string;
  options: ActionOption[];
  /** How the player finishes it: at once, on a unit, a zone or a cell. */
  aim: 'none' | 'unit' | 'zone' | 'cell';
}

function aimOf(cmd: Command): ActionChoice['aim'] {
  if (typeof cmd.target === 'string') return 'unit';
  if (typeof cmd.zone === 'string') return 'zone';
  if (Array.isArray(cmd.to) || Array.isArray(cmd.cell) || Array.isArray(cmd.at)) return 'cell';
  return 'none';
}

function keyOf(cmd: Command): string {
  const rest: Record<string, unknown> = {};
  for (const k of Object.keys(cmd).sort()) if (!AIM_FIELDS.includes(k)) rest[k] = cmd[k];
  return JSON.stringify(rest);
}

/** The label with the target's name taken out: "Attack Goblin with Spear" → "Attack … with Spear". */
function genericLabel(o: ActionOption, state: EncounterState): string {
  const c = o.command;
  let name: string | undefined;
  if (typeof c.target === 'string') name = state.units[c.target]?.name;
  else if (typeof c.zone === 'string') name = c.zone.replace(/_/g, ' ');
  if (!name) return o.label;
  const i = o.label.indexOf(name);
  return i < 0 ? o.label : `${o.label.slice(0, i)}…${o.label.slice(i + name.length)}`.replace(/the …/, '…');
}

export function groupActions(options: readonly ActionOption[], state: EncounterState): ActionChoice[] {
  const byKey = new Map<string, ActionChoice>();
  for (const o of options) {
    const aim = aimOf(o.command);
    const key = aim === 'none' ? JSON.stringify(o.command) : `${aim}:${keyOf(o.command)}`;
    let c = byKey.get(key);
    if (!c) {
      c = { key, label: aim === 'cell' ? 'Move' : aim === 'none' ? o.label : genericLabel(o, state), group: o.group, options: [], aim };
      byKey.set(key, c);
    }
    c.options.push(o);
  }
  return [...byKey.values()];
}

export function cellOf(cmd: Command): Cell | undefined {
  const v = cmd.to ?? cmd.cell ?? cmd.at;
  return Array.isArray(v) && typeof v[0] === 'number' && typeof v[1] === 'number' ? { x: v[0], y: v[1] } : undefined;
}

/**
 * The movement cost a move option's label states, when it does: phase20 says "— 3 movement", outerah
 * "— 3 Movement"; duel60 and frontline state none (duel60 moves cost one step each, frontline has zones).
 */
export function costOf(o: ActionOption): number | undefined {
  const m = /(\d+(?:\.\d+)?) movement\b/i.exec(o.label);
  return m ? Number(m[1]) : undefined;
}

/** The reach of the weapon, spell or device a command names, read from the unit's data when it says. */
export function rangeOf(u: Unit | undefined, cmd: Command): number | undefined {
  if (!u) return undefined;
  for (const field of ['weapon', 'spell', 'skill', 'ability', 'gadget', 'stream', 'device']) {
    const id = cmd[field];
    if (typeof id !== 'string') continue;
    for (const list of Object.values(u.data)) {
      if (!Array.isArray(list)) continue;
      for (const item of list) {
        if (item && typeof item === 'object' && !Array.isArray(item) && item.id === id && typeof item.range === 'number') return item.range;
      }
    }
    if (field === 'weapon') return 1;
  }
  return undefined;
}

export function groupTitle(group: string): string {
  const t: Record<string, string> = { attack: 'Attacks', spell: 'Spells', move: 'Movement', generic: 'Actions', turn: 'Turn', minor: 'Minor', preparation: 'Preparation', answer: 'Decide' };
  return t[group] ?? group.charAt(0).toUpperCase() + group.slice(1);
}
