/**
 * The GM's authority over an encounter: every override is an engine command (`gm.*`), GM only, at any
 * time, recorded as ordinary events carrying the GM's `reason`, and undone like any command.
 * `createEngine` merges `gmCommands(ruleset)` into its core commands. See docs/gm.md.
 */
import { fail } from '../rejection.ts';
import type { Resolution } from '../resolution.ts';
import type { CommandHandler, Ruleset } from '../ruleset.ts';
import type { Json, Pending } from '../types.ts';
import { saidOf } from '../decision.ts';
import { choiceCommands } from './choices.ts';
import { gmCommand } from './command.ts';
import { damageCommands } from './damage.ts';
import { effectCommands } from './effects.ts';
import { linkCommands } from './links.ts';
import { mapCommands } from './map.ts';
import { visionCommands } from './vision.ts';
import { runSuggestion, suggestCommand } from './suggest.ts';
import { turnCommands } from './turns.ts';
import { unitCommands } from './units.ts';
import { valueCommands } from './values.ts';

/** Commands that work on the log (earlier events), not on the state: see reroll.ts and EncounterLog.execute. */
export const LOG_COMMANDS = ['gm.set_die', 'gm.reroll'] as const;

export function gmCommands(ruleset: Ruleset): Record<string, CommandHandler> {
  const table: Record<string, CommandHandler> = {
    ...valueCommands(ruleset),
    ...damageCommands(ruleset),
    ...unitCommands(ruleset),
    ...effectCommands(ruleset),
    ...linkCommands(ruleset),
    ...turnCommands(ruleset),
    ...mapCommands(ruleset),
    ...visionCommands(ruleset),
  };
  const settle = (ctx: Resolution, p: Pending, choice: Json) => {
    ctx.emit({ type: 'pending.closed', id: p.id, answer: choice, said: saidOf(p, choice, ctx.state) });
    if (p.kind === 'suggestion') runSuggestion(ctx, table, p, choice);
    else if (ruleset.answer) ruleset.answer(ctx, p, choice);
    else fail('pending/unsupported', 'this ruleset takes no answers');
  };
  Object.assign(table, choiceCommands(ruleset, settle));
  for (const type of LOG_COMMANDS) {
    // listed here so they are known, GM-only and refused with a clear message when sent without the log
    table[type] = gmCommand(ruleset, () => fail('gm/needs_log', `${type} replaces an earlier roll: send it through EncounterLog.execute, which holds the log`));
  }
  table.suggest = suggestCommand(ruleset, table);
  return table;
}

/** The engine's `answer` for a suggestion: accepting runs the proposal as the GM's own command. */
export function settleSuggestion(ctx: Resolution, ruleset: Ruleset, p: Pending, choice: Json): void {
  runSuggestion(ctx, gmCommands(ruleset), p, choice);
}

export { linksOf, type Link } from './links.ts';
export { unitJsonSchema } from './units.ts';
export { effectInputSchema } from './effects.ts';
export { replaceRoll, type ReplaceRollInput, type Replacement } from './reroll.ts';
