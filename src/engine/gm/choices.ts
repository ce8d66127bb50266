/**
 * Settling a decision by the dice: the GM lets a die pick one of a pending decision's options, each
 * equally likely. The die is recorded in a note, so replay and a later `gm.set_die` see it.
 */
import { fail } from '../rejection.ts';
import type { Resolution } from '../resolution.ts';
import type { CommandHandler, Ruleset } from '../ruleset.ts';
import type { Json, Pending } from '../types.ts';
import { choiceAt } from '../decision.ts';
import { gmCommand } from './command.ts';

/** Close a pending decision with a choice and continue it (the ruleset's answer, or a suggestion's). */
export type Settle = (ctx: Resolution, pending: Pending, choice: Json) => void;

export function choiceCommands(ruleset: Ruleset, settle: Settle): Record<string, CommandHandler> {
  return {
    /** {pending}: a d(number of options) picks the answer. */
    'gm.answer_by_dice': gmCommand(ruleset, (ctx, cmd) => {
      const p = ctx.state.pending.find((x) => x.id === cmd.pending);
      if (!p) fail('pending/unknown', `there is no open decision "${String(cmd.pending)}"`, 'pending');
      if (p.options.length === 0) fail('pending/no_options', `"${p.prompt}" has no options to roll for`, 'pending');
      const face = ctx.roll(p.options.length, 'the dice decide');
      const choice = p.options[face - 1];
      // a GM's decision is hidden from players (views blank its options), so its roll is too
      ctx.note(`The dice decide "${p.prompt}": d${p.options.length} shows ${face} → ${choiceAt(p, face - 1, ctx.state).label}`, p.answeredBy === 'gm' ? { visibility: 'gm' } : { about: [p.answeredBy] });
      settle(ctx, p, choice);
    }),

    /** {text, public?, about?}: a line in the log; GM-only unless `public: true` (then hidden from players who cannot see the units `about` names). */
    'gm.note': gmCommand(ruleset, (ctx, cmd) => {
      if (typeof cmd.text !== 'string' || !cmd.text.trim()) fail('command/missing_field', '"gm.note" needs "text"', 'text');
      const about = cmd.about ?? [];
      if (!Array.isArray(about) || !about.every((id) => typeof id === 'string' && Object.hasOwn(ctx.state.units, id))) fail('command/bad_field', '"about" must list unit ids', 'about');
      ctx.note(cmd.text, { about: about as string[], by: 'gm', ...(cmd.public === true ? {} : { visibility: 'gm' as const }) });
    }),
  };
}
