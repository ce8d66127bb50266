/**
 * What a player's log holds, and the player's own ids of effects and decisions.
 *
 * The engine numbers effects (`fx<n>`) and pending decisions (`p<n>`) from one counter, `state.nextId`,
 * that hidden activity moves too: a player that saw fx9 and then fx12 would know two hidden ones came
 * between. So a player gets its own ids, given as the engine would have given them had its log been the
 * whole log: the next effect or decision its log brings in takes `fx<n>` / `p<n>` with n its own counter,
 * and its `nextId` is that counter. Its ids are derived from its log alone (see numbering.ts), never
 * from how many hidden ones came between.
 *
 * Each id, and each unit, is held under the command (the player's alias) that brought it into the
 * player's log; an undo the player sees takes them back and frees their numbers as the engine's replay
 * of that log would, a redo brings them back.
 */
import type { Command, EncounterState, LoggedEvent } from '../engine/index.ts';

export type IdKind = 'effect' | 'pending';
const PREFIX: Record<IdKind, string> = { effect: 'fx', pending: 'p' };

interface Entry {
  kind: IdKind | 'unit';
  real: string;
  alias: string;
}

/** A player's ids at one point of its log. */
export interface Ids {
  alias(kind: IdKind, real: string): string | undefined;
  real(kind: IdKind, alias: string): string | undefined;
  /** The engine's `nextId` on the player's log. */
  readonly nextId: number;
}

const key = (kind: Entry['kind'], id: string) => `${kind}:${id}`;

class Table implements Ids {
  readonly toAlias = new Map<string, string>();
  readonly toReal = new Map<string, string>();
  /** Numbers of the effect and decision ids in use. */
  private readonly numbers = new Set<number>();
  private max = 0;

  alias(kind: IdKind, real: string): string | undefined {
    return this.toAlias.get(key(kind, real));
  }

  real(kind: IdKind, alias: string): string | undefined {
    return this.toReal.get(key(kind, alias));
  }

  /**
   * Past every id in use. Undo takes back the latest ids first, so this is the engine's counter on the
   * player's log; it also stays clear of an id brought in after a command that is undone later (a unit
   * that an undo of a hidden command shows again, with its effects).
   */
  get nextId(): number {
    return this.max + 1;
  }

  /** Whether `x` could not come back as it was: its thing or its number is held by something else now. */
  taken(x: Entry): boolean {
    return this.toAlias.has(key(x.kind, x.real)) || (x.kind !== 'unit' && this.numbers.has(Number(x.alias.slice(PREFIX[x.kind].length))));
  }

  add(x: Entry): void {
    this.toAlias.set(key(x.kind, x.real), x.alias);
    if (x.kind === 'unit') return;
    this.toReal.set(key(x.kind, x.alias), x.real);
    const n = Number(x.alias.slice(PREFIX[x.kind].length));
    this.numbers.add(n);
    this.max = Math.max(this.max, n);
  }

  remove(x: Entry): void {
    this.toAlias.delete(key(x.kind, x.real));
    if (x.kind === 'unit') return;
    this.toReal.delete(key(x.kind, x.alias));
    const n = Number(x.alias.slice(PREFIX[x.kind].length));
    this.numbers.delete(n);
    if (n === this.max) this.max = Math.max(0, ...this.numbers);
  }
}

export class Holdings implements Ids {
  private readonly now = new Table();
  /** What each of the player's commands brought in, in order. */
  private readonly byCmd = new Map<string, Entry[]>();
  /** Taken back by an undo, for a redo. */
  private readonly undone = new Map<string, Entry[]>();
  /** Every change with the player seq it came at: the ids as they stood at an earlier seq (replays). */
  private readonly journal: { seq: number; add: boolean; entry: Entry }[] = [];

  alias(kind: IdKind, real: string): string | undefined {
    return this.now.alias(kind, real);
  }

  real(kind: IdKind, alias: string): string | undefined {
    return this.now.real(kind, alias);
  }

  get nextId(): number {
    return this.now.nextId;
  }

  holdsUnit(id: string): boolean {
    return this.now.toAlias.has(key('unit', id));
  }

  /** Bring `real` into the log under the player's command `cmd` at its seq `seq`; returns the player's id. */
  introduce(kind: IdKind | 'unit', real: string, cmd: string, seq: number): string {
    const had = this.now.toAlias.get(key(kind, real));
    if (had !== undefined) return had;
    const entry = { kind, real, alias: kind === 'unit' ? real : `${PREFIX[kind]}${this.now.nextId}` };
    this.now.add(entry);
    let list = this.byCmd.get(cmd);
    if (!list) this.byCmd.set(cmd, (list = []));
    list.push(entry);
    this.journal.push({ seq, add: true, entry });
    return entry.alias;
  }

  /** The player's command `cmd` is undone (its undo event has seq `seq`): what it brought in goes. */
  undo(cmd: string, seq: number): void {
    const list = this.byCmd.get(cmd);
    if (!list) return;
    this.byCmd.delete(cmd);
    this.undone.set(cmd, list);
    for (const entry of [...list].reverse()) {
      this.now.remove(entry);
      this.journal.push({ seq, add: false, entry });
    }
  }

  /** A redo of `cmd`: what it brought in comes back (an id given meanwhile to something else stays with that). */
  redo(cmd: string, seq: number): void {
    const list = this.undone.get(cmd);
    if (!list) return;
    this.undone.delete(cmd);
    const back = list.filter((x) => !this.now.taken(x));
    this.byCmd.set(cmd, back);
    for (const entry of back) {
      this.now.add(entry);
      this.journal.push({ seq, add: true, entry });
    }
  }

  /** The ids as they stood right after the player's event `seq`. */
  at(seq: number): Ids {
    const t = new Table();
    for (const j of this.journal) {
      if (j.seq > seq) break;
      if (j.add) t.add(j.entry);
      else t.remove(j.entry);
    }
    return t;
  }
}

/**
 * An event of the player's log in the player's ids; effects, decisions and units it brings in are held
 * under `cmd`. Undefined when it names an effect or decision the player's log never held (nothing to say).
 */
export function heldEvent(e: LoggedEvent, h: Holdings, cmd: string, seq: number): LoggedEvent | undefined {
  switch (e.type) {
    case 'encounter.created': {
      for (const id of e.state.unitOrder) h.introduce('unit', id, cmd, seq);
      const effects = e.state.effects.map((f) => ({ ...f, id: h.introduce('effect', f.id, cmd, seq) }));
      const pending = e.state.pending.map((p) => ({ ...p, id: h.introduce('pending', p.id, cmd, seq) }));
      return { ...e, state: { ...e.state, effects, pending, nextId: h.nextId } };
    }
    case 'unit.added':
      h.introduce('unit', e.unit.id, cmd, seq);
      return e;
    case 'effect.applied':
      return { ...e, effect: { ...e.effect, id: h.introduce('effect', e.effect.id, cmd, seq) } };
    case 'pending.opened':
      return { ...e, pending: { ...e.pending, id: h.introduce('pending', e.pending.id, cmd, seq) } };
    case 'effect.changed':
    case 'effect.removed': {
      const id = h.alias('effect', e.id);
      return id === undefined ? undefined : { ...e, id };
    }
    case 'pending.closed': {
      const id = h.alias('pending', e.id);
      return id === undefined ? undefined : { ...e, id };
    }
    default:
      return e;
  }
}

/** Fields of a player's commands that name an effect or a decision (the engine's and the GM commands a player may suggest). */
function idFields(command: Command): [string, IdKind][] {
  if (command.type === 'answer') return [['pending', 'pending']];
  if (command.type === 'gm.answer_by_dice') return [['pending', 'pending']];
  if (command.type === 'gm.set_effect' || command.type === 'gm.remove_effect') return [['id', 'effect']];
  return [];
}

/**
 * A command with every effect or decision id it names swapped by `swap` (a suggestion's proposal too):
 * the player's ids to the real ones on the way in, the real ones to the player's on the way out.
 */
export function swapIds(command: Command, swap: (kind: IdKind, id: string) => string): Command {
  let out = command;
  for (const [field, kind] of idFields(command)) {
    const v = command[field];
    if (typeof v === 'string') out = { ...out, [field]: swap(kind, v) };
  }
  const proposal = command.type === 'suggest' ? command.proposal : undefined;
  if (proposal && typeof proposal === 'object' && !Array.isArray(proposal) && typeof proposal.type === 'string') {
    out = { ...out, proposal: swapIds(proposal as Command, swap) as never };
  }
  return out;
}

/** A player's view of a state in its ids, at its `version`: an effect or decision its log never held is left out (none is, but for a state of the past). */
export function heldState(state: EncounterState, ids: Ids, version: number): EncounterState {
  const effects = state.effects.flatMap((f) => {
    const id = ids.alias('effect', f.id);
    return id === undefined ? [] : [{ ...f, id }];
  });
  const pending = state.pending.flatMap((p) => {
    const id = ids.alias('pending', p.id);
    return id === undefined ? [] : [{ ...p, id }];
  });
  return { ...state, version, effects, pending, nextId: ids.nextId };
}
