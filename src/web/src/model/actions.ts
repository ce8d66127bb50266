/**
 * Turning the server's flat list of legal actions into what a player picks: one button per kind of
 * action ("Attack … with Spear"), then a target on the board (a unit, a zone) or a cell for moves.
 * Options are the server's complete commands; nothing here invents a command.
 */
import type { ActionOption, Cell, Command, EncounterState } from '../../../engine/index.ts';
import { steerWords } from '../board/ships.ts';

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

function aimOf(o: ActionOption): ActionChoice['aim'] {
  if (o.move && typeof o.move.to === 'object') return 'cell';
  const cmd = o.command;
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
    const aim = aimOf(o);
    const key = aim === 'none' ? JSON.stringify(o.command) : `${aim}:${keyOf(o.command)}`;
    let c = byKey.get(key);
    if (!c) {
      c = { key, label: aim === 'cell' ? 'Move' : aim === 'none' ? optionWords(o, state) : genericLabel(o, state), group: o.group, options: [], aim };
      byKey.set(key, c);
    }
    c.options.push(o);
  }
  return [...byKey.values()];
}

/** An option's words: from its typed facts where the page has words for them (a steer), else its label. */
export function optionWords(o: ActionOption, state: EncounterState): string {
  return o.steer ? steerWords(o.steer, state) : o.label;
}

/** Where a move option ends: its typed `move.to`, else the cell its command names. */
export function cellOf(o: ActionOption | Command): Cell | undefined {
  const option = 'command' in o && typeof o.command === 'object' ? (o as ActionOption) : undefined;
  const to = option?.move?.to;
  if (to && typeof to === 'object') return { x: to.x, y: to.y };
  const cmd = option ? option.command : (o as Command);
  const v = cmd.to ?? cmd.cell ?? cmd.at;
  return Array.isArray(v) && typeof v[0] === 'number' && typeof v[1] === 'number' ? { x: v[0], y: v[1] } : undefined;
}

/** What a move spends, in the ruleset's own movement units (its typed `move.cost`). */
export function costOf(o: ActionOption): number | undefined {
  return o.move?.cost;
}

/** The reach of the option's weapon, spell or device, in cells (its typed `range`). */
export function rangeOf(o: ActionOption): number | undefined {
  return o.range;
}

export function groupTitle(group: string): string {
  const t: Record<string, string> = { attack: 'Attacks', spell: 'Spells', move: 'Movement', generic: 'Actions', turn: 'Turn', minor: 'Minor', preparation: 'Preparation', answer: 'Decide' };
  return t[group] ?? group.charAt(0).toUpperCase() + group.slice(1);
}
