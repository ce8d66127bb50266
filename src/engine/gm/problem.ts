/** Zod issues as one line a GM can act on: `unit.pools.hp.max: Invalid input: expected number, received string`. */
import type { z } from 'zod';
import { formatPath } from '../document.ts';

export function zodProblems(error: z.ZodError, prefix?: string): string[] {
  return error.issues.map((i) => `${formatPath([...(prefix ? [prefix] : []), ...(i.path as (string | number)[])])}: ${i.message}`);
}

export function zodProblem(error: z.ZodError, prefix?: string): string {
  const all = zodProblems(error, prefix);
  return all.length > 3 ? `${all.slice(0, 3).join('; ')}; and ${all.length - 3} more` : all.join('; ');
}
