/**
 * Replacing a roll after the fact (`gm.set_die`, `gm.reroll`). A roll's consequences are whatever the
 * rules made of it, so the command that rolled it is decided again from the state before it, with the
 * same dice except the replaced one — and so is every later command, with its own recorded dice. The
 * old commands are undone (nothing is deleted: the original faces stay in the log), the new events are
 * appended as new commands, the first opened by a note naming the replaced faces.
 *
 * Dice are matched to the recorded ones by die size and label, in order: when the new face changes
 * which dice the rules ask for (a miss becomes a hit and wants damage), a die with no recorded match
 * comes fresh from the table's DiceSource, and recorded dice no longer asked for are dropped.
 * If a later command is refused once the roll changed (its target is now down), nothing is replaced.
 */
import { DiceError } from '../../dice/errors.ts';
import { dealFrom, type DiceSource } from '../../dice/source.ts';
import { applyEvent, emptyState } from '../apply.ts';
import type { Engine } from '../engine.ts';
import type { DieDraw, GameEvent, LoggedEvent } from '../events.ts';
import { reject, type Rejection } from '../rejection.ts';
import type { Command } from '../ruleset.ts';
import type { EncounterState } from '../types.ts';

export interface ReplaceRollInput {
  engine: Engine;
  events: readonly LoggedEvent[];
  /** The commands of the log by id (EncounterLog.commands): a roll is replaced by deciding its command again. */
  commands: Readonly<Record<string, Command>>;
  undone: ReadonlySet<string>;
  /** `gm.set_die {event: seq, die: index, face}` or `gm.reroll {event: seq, die?: index}`. */
  request: Command;
  /** Fresh faces: a reroll's, and any die the changed resolution asks for beyond the recorded ones. */
  dice: DiceSource;
}

export interface Replacement {
  /** Commands taken back (the one that rolled, then every later one still in force). */
  undo: string[];
  /** The same commands decided again, in order, with their new events. */
  redo: { command: Command; events: GameEvent[] }[];
}

const withDice = (e: LoggedEvent): DieDraw[] => (e.type === 'check' || e.type === 'note' ? e.dice ?? [] : []);

/** Every die a command drew, in order: resolutions record their dice in the next check or note. */
function diceOf(events: readonly LoggedEvent[], cmd: string): DieDraw[] {
  return events.filter((e) => e.cmd === cmd).flatMap(withDice);
}

/**
 * Recorded dice first (matched by size and label), fresh ones where the rules now ask for something new.
 * A card is matched by its label and dealt again by name, so the cards after a re-dealt one stay those
 * dealt (a card taken since by the re-deal, or one set by place, is dealt by its place among those left).
 */
function replaySource(recorded: readonly DieDraw[], fresh: DiceSource): DiceSource {
  let next = 0;
  return {
    roll(sides, label) {
      for (let i = next; i < recorded.length; i++) {
        if (recorded[i].card === undefined && recorded[i].sides === sides && recorded[i].label === label) {
          next = i + 1;
          return recorded[i].face;
        }
      }
      return fresh.roll(sides, label);
    },
    card(cards, label) {
      for (let i = next; i < recorded.length; i++) {
        const r = recorded[i];
        if (r.deck === undefined || r.label !== label) continue;
        next = i + 1;
        const place = r.card === undefined ? -1 : cards.indexOf(r.card);
        if (place >= 0) return place + 1;
        if (r.face >= 1 && r.face <= cards.length) return r.face;
        throw new DiceError('dice/bad_face', `"${r.card}" is not among the ${cards.length} cards left in the ${r.deck} deck${label ? ` (${label})` : ''}`);
      }
      return dealFrom(fresh, cards, label);
    },
  };
}

function liveCommands(events: readonly LoggedEvent[], undone: ReadonlySet<string>): string[] {
  const ids: string[] = [];
  for (const e of events) if (e.type !== 'undo' && e.type !== 'redo' && !undone.has(e.cmd) && ids[ids.length - 1] !== e.cmd) ids.push(e.cmd);
  return ids;
}

/** The state just before command `cmd`: every event in force logged before its first one. */
function stateBefore(input: ReplaceRollInput, cmd: string): EncounterState {
  let s = emptyState();
  for (const e of input.events) {
    if (e.cmd === cmd) break;
    if (e.type === 'undo' || e.type === 'redo' || input.undone.has(e.cmd)) continue;
    s = applyEvent(s, e, input.engine.ruleset.appliers);
  }
  return s;
}

const int = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v);
const show = (d: DieDraw) => `${d.card ?? `d${d.sides} ${d.face}`}${d.label ? ` (${d.label})` : ''}`;

export function replaceRoll(input: ReplaceRollInput): Replacement | Rejection {
  const { request, events } = input;
  const setDie = request.type === 'gm.set_die';
  if (!int(request.event)) return reject('command/bad_number', '"event" must be the seq number of the event that shows the roll', 'event');
  const target = events.find((e) => e.seq === request.event);
  if (!target) return reject('gm/unknown_event', `there is no event #${request.event}`, 'event');
  const shown = withDice(target);
  if (!shown.length) return reject('gm/no_dice', `event #${target.seq} (${target.type}) shows no dice`, 'event');
  const cmd = target.cmd;
  if (input.undone.has(cmd)) return reject('gm/undone', `event #${target.seq} belongs to an undone command`, 'event');

  const live = liveCommands(events, input.undone);
  const affected = live.slice(live.indexOf(cmd));
  const missing = affected.find((id) => !input.commands[id]);
  if (missing) return reject('gm/unknown_command', `the log does not hold command ${missing}: rolls can only be replaced in a log that kept its commands`, 'event');

  // which dice of the command change: by position among all its dice
  const first = diceOf(events.filter((e) => e.seq < target.seq), cmd).length;
  const which = request.die === undefined && !setDie ? shown.map((_, i) => i) : [request.die];
  if (!which.every((i) => int(i) && i >= 0 && i < shown.length)) return reject('gm/bad_die', `"die" must be an index from 0 to ${shown.length - 1} into event #${target.seq}'s dice`, 'die');
  const faces = diceOf(events, cmd).map((d) => ({ ...d }));
  for (const i of which as number[]) {
    const d = faces[first + i];
    if (d.deck !== undefined) {
      // a card re-dealt: named by the GM, or a fresh one from the cards that were left (the old one among them)
      if (setDie && typeof request.card !== 'string') return reject('command/bad_field', `event #${target.seq}'s draw ${i} is a card: name the card to deal ("card": "A♠")`, 'card');
      // named: dealt by name (face 0: no place to fall back on); re-dealt: a fresh place among the cards that were left
      if (setDie) Object.assign(d, { card: request.card, face: 0 });
      else Object.assign(d, { card: undefined, face: input.dice.roll(d.sides, d.label) });
      continue;
    }
    const face = setDie ? request.face : input.dice.roll(d.sides, d.label);
    if (!int(face) || face < 1 || face > d.sides) return reject('dice/bad_face', `a d${d.sides} cannot show ${String(face)}`, 'face');
    d.face = face;
  }

  let state = stateBefore(input, cmd);
  const redo: Replacement['redo'] = [];
  for (const id of affected) {
    const command = input.commands[id];
    const recorded = id === cmd ? faces : diceOf(events, id);
    const d = input.engine.decide(state, command, replaySource(recorded, input.dice), { asGm: true });
    if (!d.ok) {
      return reject('gm/replacement_breaks', `with the new roll, command ${id} (${command.type}) is refused: ${d.rejection.message}. Undo back to the roll, then replace it`, 'event');
    }
    state = d.state;
    redo.push({ command, events: d.events });
  }

  const old = (which as number[]).map((i) => show(shown[i])).join(', ');
  // as dealt again: a re-dealt card by its name (the dice of the redone command, in the same places)
  const redone = redo[0].events.flatMap((e) => withDice(e as LoggedEvent));
  const now = (which as number[]).map((i) => show(redone[first + i] ?? faces[first + i])).join(', ');
  const note: GameEvent = {
    type: 'note',
    text: `GM ${setDie ? 'sets' : 'rerolls'} event #${target.seq}: ${old} → ${now}; ${affected.length} command${affected.length === 1 ? '' : 's'} decided again (original dice of ${cmd}: ${diceOf(events, cmd).map(show).join(', ')})`,
  };
  // a roll players never saw stays unseen; the GM may also fudge in secret
  if (target.visibility === 'gm' || request.secret === true) note.visibility = 'gm';
  // the note lists the command's cards: from a secret deck, those may be hidden hands (view-secret.ts)
  const secretDecks = input.engine.ruleset.secret?.decks ?? [];
  if (diceOf(events, cmd).some((d) => d.deck !== undefined && secretDecks.includes(d.deck))) note.visibility = 'gm';
  redo[0].events.unshift(note);
  const reason = typeof request.reason === 'string' && request.reason.trim() ? request.reason : undefined;
  if (reason) for (const step of redo) for (const e of step.events) if (e.reason === undefined) e.reason = reason;
  return { undo: [...affected].reverse(), redo };
}
