/**
 * Players suggest, the GM decides. `suggest` opens a non-blocking decision for the GM holding a
 * proposed GM command; nothing changes until the GM answers 'accept', which runs the proposal as if
 * the GM had sent it. Play goes on meanwhile.
 */
import { cloneJson } from '../clone.ts';
import { fail, RuleError } from '../rejection.ts';
import { Resolution } from '../resolution.ts';
import type { Command, CommandHandler, Ruleset } from '../ruleset.ts';
import type { Json, Pending } from '../types.ts';
import { MAX_REASON, isRecord, unitArg } from './command.ts';

/** Any dice a dry run asks for: the dry run only proves the proposal is well formed. */
const ones = { roll: () => 1 };

function proposalHandler(table: Record<string, CommandHandler>, proposal: Json | undefined): { command: Command; handler: CommandHandler } {
  if (!isRecord(proposal) || typeof proposal.type !== 'string') fail('suggest/bad_proposal', '"proposal" must be a GM command, e.g. {"type": "gm.set_pool", ...}', 'proposal');
  const handler = proposal.type.startsWith('gm.') ? table[proposal.type] : undefined;
  if (!handler) fail('suggest/bad_proposal', `"${proposal.type}" is not a GM command`, 'proposal');
  return { command: proposal as Command, handler };
}

export function suggestCommand(ruleset: Ruleset, table: Record<string, CommandHandler>): CommandHandler {
  return {
    onTurn: false,
    resolve(ctx, cmd) {
      if (typeof cmd.text !== 'string' || !cmd.text.trim()) fail('command/missing_field', '"suggest" needs "text": what and why', 'text');
      if (cmd.text.length > MAX_REASON) fail('command/too_long', `text is ${cmd.text.length} characters; the limit is ${MAX_REASON}`, 'text');
      const from = cmd.actor !== undefined ? unitArg(ctx, cmd, 'actor') : undefined;
      const { command, handler } = proposalHandler(table, cmd.proposal);
      // refuse now what the GM could not accept anyway, on a copy (nothing is recorded)
      try {
        handler.resolve(new Resolution(cloneJson(ctx.state), ones, ruleset.appliers), command);
      } catch (err) {
        if (err instanceof RuleError) fail('suggest/bad_proposal', `the proposal would be refused: ${err.rejection.message}`, 'proposal');
        throw err;
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
