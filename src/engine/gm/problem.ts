/** Zod issues as one line a GM can act on: `unit.pools.hp.max: must be a number, not the text "x"`. */
import type { z } from 'zod';
import { formatPath } from '../document.ts';
import '../zod-words.ts'; // schema problems in plain words

export function zodProblems(error: z.ZodError, prefix?: string): string[] {
  return error.issues.map((i) => `${formatPath([...(prefix ? [prefix] : []), ...(i.path as (string | number)[])])}: ${i.message}`);
}

export function zodProblem(error: z.ZodError, prefix?: string): string {
  const all = zodProblems(error, prefix);
  return all.length > 3 ? `${all.slice(0, 3).join('; ')}; and ${all.length - 3} more` : all.join('; ');
}
