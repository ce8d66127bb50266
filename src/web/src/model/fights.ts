/**
 * The fights of a table at a glance, as this page may see them: each from the viewer's own projection
 * of that encounter (a player's feed never holds hidden units), so a glance tells nothing the fight's own
 * page would not. Which fight a page shows follows what needs its viewer, never the GM's tab.
 */
import { resultText } from '../../../engine/describe.ts';
import type { EncounterSummary } from '../api/types.ts';
import type { FeedView } from './feed.ts';
import { playedBy } from './players.ts';
import { activeUnit, blockingPending } from './turn.ts';

/** What a fight asks of this viewer now: to act, to answer a decision, or to roll physical dice. */
export type Need = 'turn' | 'decide' | 'dice';

export interface FightGlance {
  id: string;
  name: string;
  status: EncounterSummary['status'];
  paused: boolean;
  round: number;
  /** Whose turn: the unit's name and who plays it ("you" when the viewer does). */
  turn?: { unit: string; by: string };
  /** Who the fight waits on besides the turn, in words: "Pell (Ben) to decide", "the GM to decide", "dice". */
  waitingOn?: string;
  /** How it ended, in words ("victory for party"). */
  result?: string;
  /** Names of this viewer's units in the fight (a player's; none for the GM). */
  mine: string[];
  needs?: Need;
}

export interface Viewer {
  /** The player's id; undefined: the GM. */
  playerId?: string;
  playerName(id: string): string | undefined;
}

/** One fight as the viewer sees it. */
export function glance(e: EncounterSummary, view: FeedView | undefined, viewer: Viewer): FightGlance {
  const state = view?.state;
  const base: FightGlance = { id: e.id, name: e.name, status: state?.status ?? e.status, paused: view?.paused ?? e.paused, round: state?.turn.round ?? 0, mine: [] };
  if (!state) return base;
  const gm = viewer.playerId === undefined;
  const ours = (unit: string | undefined) => !!unit && (gm ? !state.units[unit]?.controller : state.units[unit]?.controller === viewer.playerId);
  const by = (unit: string) => (ours(unit) ? 'you' : playedBy(state.units[unit]?.controller, viewer.playerName));
  const who = (unit: string) => `${state.units[unit]?.name ?? 'a unit'} (${by(unit)})`;
  const mine = gm ? [] : state.unitOrder.filter((id) => state.units[id]?.controller === viewer.playerId).map((id) => state.units[id].name);
  const glanced: FightGlance = { ...base, mine };
  if (state.status === 'ended') return { ...glanced, ...(state.result ? { result: resultText(state.result) } : {}) };
  if (state.status !== 'active') return glanced;
  const active = activeUnit(state);
  const pending = blockingPending(state);
  if (active) glanced.turn = { unit: state.units[active]?.name ?? 'a unit', by: by(active) };
  if (pending) glanced.waitingOn = `${pending.answeredBy === 'gm' ? (gm ? 'you' : 'the GM') : who(pending.answeredBy)} to decide`;
  else if (view.dice && !view.dice.yours) glanced.waitingOn = 'dice to be rolled';
  if (view.dice?.yours) glanced.needs = 'dice';
  else if (pending) {
    if (pending.answeredBy === 'gm' ? gm : ours(pending.answeredBy)) glanced.needs = 'decide';
  } else if (ours(active)) glanced.needs = 'turn';
  return glanced;
}

/** "Your turn in Goblin cave", "Decide in …", "Roll your dice in …". */
export function needWords(g: FightGlance): string {
  return g.needs === 'decide' ? `Decide in ${g.name}` : g.needs === 'dice' ? `Roll your dice in ${g.name}` : `Your turn in ${g.name}`;
}

/** A fight's state in a line: "Round 2 · Kara's turn (Ana) · waiting on Pell (Ben) to decide", "Paused · …", "Ended: victory for party". */
export function glanceWords(g: FightGlance): string {
  if (g.status === 'setup') return 'Setting up';
  if (g.status === 'ended') return g.result ? `Ended: ${g.result}` : 'Ended';
  const parts = [`Round ${g.round}`];
  if (g.turn) parts.push(`${g.turn.unit}'s turn (${g.turn.by})`);
  if (g.waitingOn) parts.push(`waiting on ${g.waitingOn}`);
  return `${g.paused ? 'Paused · ' : ''}${parts.join(' · ')}`;
}

/** Which fight a page shows, and whether a person chose it (a person's choice is kept; the page's own is revised). */
export interface Shown {
  id: string;
  byPerson: boolean;
}

/**
 * The fight to show now. `before`: the fights as they were at the last choice (to see what newly needs the
 * viewer); `dismissed`: ended fights the viewer moved on from. An ended fight on screen stays until a person
 * moves on; a fight that starts needing the viewer opens, unless the one shown needs them too; a page's own
 * choice moves to a fight with the viewer's units when the one shown has none.
 */
export function chooseFight(shown: Shown | undefined, fights: readonly FightGlance[], before: readonly FightGlance[], dismissed: ReadonlySet<string>): Shown | undefined {
  if (!fights.length) return undefined;
  const current = shown && fights.find((f) => f.id === shown.id);
  if (!current) return firstChoice(fights, dismissed);
  if (current.status === 'ended' && !dismissed.has(current.id)) return shown;
  if (current.needs) return shown;
  const needed = new Set(before.filter((f) => f.needs).map((f) => f.id));
  const fresh = fights.find((f) => f.needs && !needed.has(f.id));
  if (fresh) return { id: fresh.id, byPerson: false };
  if (shown.byPerson) return shown;
  if (current.status === 'ended' || !current.mine.length) {
    const better = firstChoice(fights, dismissed);
    if (better && better.id !== current.id && (fights.find((f) => f.id === better.id)!.mine.length || current.status === 'ended')) return better;
  }
  return shown;
}

/** With nothing chosen yet: a fight that needs the viewer, else the newest running one with their units, else the newest running, else the newest not moved on from. */
export function firstChoice(fights: readonly FightGlance[], dismissed: ReadonlySet<string> = new Set()): Shown | undefined {
  const running = fights.filter((f) => f.status !== 'ended');
  const pick = fights.find((f) => f.needs) ?? running.findLast((f) => f.mine.length) ?? running.at(-1) ?? fights.findLast((f) => !dismissed.has(f.id)) ?? fights.at(-1);
  return pick && { id: pick.id, byPerson: false };
}
