/**
 * Players suggest, the GM decides. `suggest` opens a non-blocking decision for the GM holding a
 * proposed GM command; nothing changes until the GM answers 'accept', which runs the proposal as if
 * the GM had sent it. Play goes on meanwhile.
 */
import { cloneJson } from '../clone.ts';
import { own } from '../own.ts';
import { fail, RuleError } from '../rejection.ts';
import { Resolution } from '../resolution.ts';
import type { Command, CommandHandler, Ruleset } from '../ruleset.ts';
import type { EncounterState, Json, Pending, Unit } from '../types.ts';
import { viewRulesOf, viewState, type Viewer } from '../view.ts';
import { MAX_REASON, isRecord, unitArg } from './command.ts';

/** Any dice a dry run asks for: the dry run only proves the proposal is well formed. */
const ones = { roll: () => 1 };

function proposalHandler(table: Record<string, CommandHandler>, proposal: Json | undefined): { command: Command; handler: CommandHandler } {
  if (!isRecord(proposal) || typeof proposal.type !== 'string') fail('suggest/bad_proposal', '"proposal" must be a GM command, e.g. {"type": "gm.set_pool", ...}', 'proposal');
  const handler = proposal.type.startsWith('gm.') ? table[proposal.type] : undefined;
  if (!handler) fail('suggest/bad_proposal', `"${proposal.type}" is not a GM command`, 'proposal');
  return { command: proposal as Command, handler };
}

/**
 * What a suggestion is judged on: the state as its sender sees it. A player's proposal dry-run on the
 * real state would answer from what is hidden ("hp 9999 is outside 0..22" for a secret pool, a slot
 * count that counts hidden units); on the sender's view its answer, and whether it is refused at all,
 * is the same in every world the player cannot tell apart. The GM's accept runs it on the real state.
 */
function seenBySender(state: EncounterState, from: Unit | undefined, ruleset: Ruleset): EncounterState {
  const viewer: Viewer = from?.controller ? { role: 'player', player: from.controller } : { role: 'gm' };
  return viewState(state, viewer, viewRulesOf(ruleset));
}

/** Whether the proposal names another's unit, whose pools a player does not see (they may be secret). */
function unseenPool(state: EncounterState, from: Unit | undefined, command: Command): boolean {
  if (!from?.controller || typeof command.unit !== 'string') return false;
  const target = own(state.units, command.unit);
  return target !== undefined && target.controller !== from.controller;
}

export function suggestCommand(ruleset: Ruleset, table: Record<string, CommandHandler>): CommandHandler {
  return {
    onTurn: false,
    resolve(ctx, cmd) {
      if (typeof cmd.text !== 'string' || !cmd.text.trim()) fail('command/missing_field', '"suggest" needs "text": what and why', 'text');
      if (cmd.text.length > MAX_REASON) fail('command/too_long', `text is ${cmd.text.length} characters; the limit is ${MAX_REASON}`, 'text');
      const from = cmd.actor !== undefined ? unitArg(ctx, cmd, 'actor') : undefined;
      const { command, handler } = proposalHandler(table, cmd.proposal);
      // refuse now what could not be accepted as far as the sender can tell, on a copy (nothing is recorded)
      try {
        handler.resolve(new Resolution(cloneJson(seenBySender(ctx.state, from, ruleset)), ones, ruleset.appliers), command);
      } catch (err) {
        // a pool the sender cannot see (a secret one, or none: they look alike) is the GM's to judge
        if (err instanceof RuleError && !(err.rejection.code === 'unit/no_pool' && unseenPool(ctx.state, from, command))) {
          fail('suggest/bad_proposal', `the proposal would be refused: ${err.rejection.message}`, 'proposal');
        }
        // anything else is the view lacking what the rule reads (a secret pool): the GM judges it
      }
      ctx.openPending({
        kind: 'suggestion',
        answeredBy: 'gm',
        prompt: `${from ? `${from.name} suggests` : 'Suggestion'}: ${cmd.text}`,
        options: ['accept', 'reject'],
        choices: [
          { label: 'Accept', said: `The GM accepts the suggestion: ${cmd.text}` },
          { label: 'Reject', said: `The GM turns down the suggestion: ${cmd.text}` },
        ],
        data: { proposal: command as Json, text: cmd.text, ...(from ? { from: from.id } : {}) },
        blocking: false,
      });
    },
  };
}

/** The GM's answer to a suggestion (its `pending.closed` is already emitted): accept runs the proposal. */
export function runSuggestion(ctx: Resolution, table: Record<string, CommandHandler>, p: Pending, choice: Json): void {
  if (choice !== 'accept') return;
  const { command, handler } = proposalHandler(table, p.data.proposal);
  const reason = typeof command.reason === 'string' ? command.reason : `suggested: ${String(p.data.text)}`;
  handler.resolve(ctx, { ...command, reason });
}
