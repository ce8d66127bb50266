/**
 * What a unit may do now, as its reader is offered it. The GM's list is the engine's, exact. A player's
 * is the board as the player knows it: its moves are listed from the state without the units hidden from
 * it, so a cell an unseen unit holds (or a way through it) is offered as any other — at a table a player
 * may try to step where an unseen creature stands, and the GM stops them. The engine, on the real state,
 * refuses such a move; `blockedMove` words that refusal as the GM would. A decision's options come under
 * the words the player reads (view-mentions.ts), and no option names a hidden unit.
 */
import { choiceAt, choiceIndex, hiddenMentions, pendingView, visionOn, type ActionOption, type Command, type EncounterState } from '../engine/index.ts';
import type { Member } from './context.ts';
import { ApiError } from './errors.ts';
import { canonicalJson } from './json.ts';
import type { Live } from './live.ts';
import { hiddenUnits, secretsFor, viewerOf } from './policy.ts';
import { reckoningState, visibleActions } from './projection.ts';

const isMove = (o: ActionOption) => o.group === 'move';
// under fog the board itself is partly unknown (vision.ts), even with every unit in sight
const anyHidden = (state: EncounterState) => visionOn(state) !== undefined || state.unitOrder.some((id) => state.units[id].hidden);

/** The engine's list on the state `p` knows; undefined when the ruleset cannot list on it (then the real moves stand). */
function knownListing(live: Live, p: Member & { role: 'player' }, state: EncounterState, unit: string): ActionOption[] | undefined {
  try {
    return live.engine.legalActions(reckoningState(state, viewerOf(p), live.ruleset), unit);
  } catch {
    return undefined;
  }
}

/** Where the moves stand in a list: the number of other options before the first move (undefined: none). */
function movesAt(options: readonly ActionOption[]): number | undefined {
  const i = options.findIndex(isMove);
  return i < 0 ? undefined : options.slice(0, i).filter((o) => !isMove(o)).length;
}

/** The real list with its moves swapped for those of the state the player knows. */
function withKnownMoves(live: Live, p: Member & { role: 'player' }, state: EncounterState, unit: string, real: ActionOption[]): ActionOption[] {
  // while a decision blocks play the engine lists only answers: there are no moves to offer
  if (!anyHidden(state) || state.pending.some((x) => x.blocking !== false)) return real;
  const known = knownListing(live, p, state, unit);
  if (!known) return real;
  const moves = known.filter(isMove);
  const rest = real.filter((o) => !isMove(o));
  const at = Math.min(rest.length, movesAt(real) ?? movesAt(known) ?? rest.length);
  return [...rest.slice(0, at), ...moves, ...rest.slice(at)];
}

/** Answers labelled as the player reads the decision (the engine's label may name a hidden unit). */
function relabelAnswers(options: ActionOption[], state: EncounterState): ActionOption[] {
  const mentions = hiddenMentions(state);
  if (!mentions) return options;
  return options.map((o) => {
    if (o.command.type !== 'answer') return o;
    const p = state.pending.find((x) => x.id === o.command.pending);
    if (!p) return o;
    const seen = pendingView(p, mentions);
    const i = choiceIndex(seen, o.command.choice ?? null);
    return i < 0 ? o : { ...o, label: choiceAt(seen, i, state).label };
  });
}

/** What `unit` may do now, as `p` is offered it (before previews, in the real ids). */
export function listFor(live: Live, p: Member, state: EncounterState, unit: string): ActionOption[] {
  const real = live.engine.legalActions(state, unit);
  if (p.role === 'gm') return real;
  const options = relabelAnswers(withKnownMoves(live, p, state, unit, real), state);
  return visibleActions(options, new Set(hiddenUnits(p, state)), secretsFor(p, state));
}

/**
 * A player's move the engine refused only because of units hidden from the player: one its list offered
 * (from the board it knows) that the real board does not allow. It is refused as the GM stops a player
 * walking into an unseen creature: something is in the way — never what, nor where it stands beyond the
 * cell the player chose. Undefined: refused for a reason of its own (the engine's words stand).
 */
export function blockedMove(live: Live, p: Member, state: EncounterState, command: Command): ApiError | undefined {
  if (p.role !== 'player' || typeof command.actor !== 'string' || !anyHidden(state) || state.pending.some((x) => x.blocking !== false)) return undefined;
  const actor = command.actor;
  const body = canonicalJson(command);
  const same = (o: ActionOption) => isMove(o) && canonicalJson(o.command) === body;
  if (!knownListing(live, p, state, actor)?.some(same)) return undefined;
  // the real board (under fog `state` is the board the player knows)
  if (live.engine.legalActions(live.log.state, actor).some(same)) return undefined;
  const name = state.units[actor]?.name ?? actor;
  return new ApiError('action/blocked', `${name} cannot get there: something unseen is in the way`, 'to');
}
