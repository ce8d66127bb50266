import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import './zod-words.ts';

const words = (schema: z.ZodType, value: unknown) => {
  const r = schema.safeParse(value);
  return r.success ? [] : r.error.issues.map((i) => `${i.path.join('.') || '(top)'}: ${i.message}`);
};

describe('schema problems in plain words', () => {
  it('says each kind of problem as a person would, with the value the file has', () => {
    const s = z.object({
      hp: z.number().int().min(1), name: z.string().min(1), code: z.string().max(3), kind: z.enum(['melee', 'ranged']),
      tags: z.array(z.string()).max(2), reach: z.number().positive(), step: z.number().multipleOf(5), on: z.boolean(), need: z.string(),
    }).strict();
    expect(words(s, { hp: 0.5, name: '', code: 'long', kind: 'magic', tags: ['a', 'b', 'c'], reach: 0, step: 7, on: 'yes', colour: 'red' })).toEqual([
      'hp: must be a whole number, not 0.5',
      'name: must not be empty',
      'code: must be at most 3 characters long',
      'kind: must be "melee" or "ranged", not the text "magic"',
      'tags: must list at most 2',
      'reach: must be more than 0',
      'step: must be a multiple of 5',
      'on: must be true or false, not the text "yes"',
      'need: is missing: it must be text',
      '(top): unknown field "colour"',
    ]);
    expect(words(z.number().min(1), 0)).toEqual(['(top): must be at least 1']);
    expect(words(z.array(z.number()).min(1), [])).toEqual(['(top): must list at least one']);
    expect(words(z.object({}).strict(), { a: 1, b: 2 })).toEqual(['(top): unknown fields "a", "b"']);
  });

  it('keeps a schema\'s own message, and speaks no machine words in any of them', () => {
    expect(words(z.number().min(2, 'a team needs two'), 1)).toEqual(['(top): a team needs two']);
    const all = [
      ...words(z.union([z.string(), z.number()]), true),
      ...words(z.discriminatedUnion('kind', [z.object({ kind: z.literal('a') }), z.object({ kind: z.literal('b') })]), { kind: 'c' }),
      ...words(z.string().regex(/^\d+$/), 'x'),
      ...words(z.record(z.string().min(2), z.number()), { a: 1 }),
    ];
    expect(all.length).toBeGreaterThan(3);
    expect(all).toEqual(['(top): is none of the forms allowed here', 'kind: must be "a" or "b", not the text "c"', '(top): is not written in the form this field takes', 'a: is not a key allowed here']);
    for (const line of all) expect(line).not.toMatch(/Invalid|expected|received|>=|<=|\|/);
  });
});
