/**
 * Content by reference: an encounter file lists weapons, spells and abilities once under `content`
 * and units name them by id (or write one inline). Shared by every ruleset's schema and set-up.
 */
import { z } from 'zod';

/** A schema accepting either an id naming a content entry, or the entry itself inline. */
export const contentRef = <T extends z.ZodType>(entry: T) => z.union([z.string().min(1), entry]);

/** Replace ids by their entries (the schema has already checked that every id exists). */
export function resolveRefs<T extends { id: string }>(items: (string | T)[], library: T[]): T[] {
  return items.map((x) => (typeof x === 'string' ? library.find((l) => l.id === x)! : x));
}
