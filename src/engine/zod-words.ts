/**
 * Schema problems in plain words, for every schema parsed anywhere (files, the builder, GM commands,
 * request bodies): zod's own messages speak its language ("Too small: expected number to be >=1"), a
 * person reading `skirmish validate` or the builder wants "must be at least 1". A schema's own message
 * (a `.refine`, a `{ error }`) still wins over these.
 */
import { z } from 'zod';

type Issue = z.core.$ZodRawIssue;

/** What a kind of value is called: the noun after "must be". */
const KIND: Record<string, string> = {
  string: 'text', number: 'a number', int: 'a whole number', bigint: 'a whole number', boolean: 'true or false',
  object: 'a mapping of fields', array: 'a list', record: 'a mapping of fields', map: 'a mapping of fields',
  null: 'empty', undefined: 'left out', literal: 'the value shown', enum: 'one of the values allowed',
};

/** The value the file has, said briefly. */
export function describeValue(v: unknown): string {
  if (v === undefined) return 'nothing';
  if (v === null) return 'empty';
  if (typeof v === 'string') return v.length > 24 ? `the text "${v.slice(0, 24)}…"` : `the text "${v}"`;
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  if (Array.isArray(v)) return 'a list';
  if (typeof v === 'object') return 'a mapping of fields';
  return typeof v;
}

/** ", not <the value>" when the issue carries the value. */
const not = (input: unknown) => (input === undefined ? '' : `, not ${describeValue(input)}`);

const quoted = (vs: readonly unknown[]) => vs.map((v) => (typeof v === 'string' ? `"${v}"` : String(v)));

function oneOf(vs: readonly unknown[]): string {
  const q = quoted(vs);
  if (q.length <= 2) return q.join(' or ');
  return `one of ${q.slice(0, -1).join(', ')} or ${q[q.length - 1]}`;
}

function size(origin: string, n: number | bigint, small: boolean, inclusive: boolean | undefined): string {
  const bound = small ? (inclusive === false ? 'more than' : 'at least') : inclusive === false ? 'fewer than' : 'at most';
  if (origin === 'string') return small && n === 1 && inclusive !== false ? 'must not be empty' : `must be ${bound} ${n} characters long`;
  if (origin === 'array' || origin === 'set') return small && n === 1 && inclusive !== false ? 'must list at least one' : `must list ${bound} ${n}`;
  const value = small ? (inclusive === false ? 'more than' : 'at least') : inclusive === false ? 'less than' : 'at most';
  return `must be ${value} ${n}`;
}

/** The words for one issue, or undefined to keep zod's (a code these do not know). */
export function inWords(issue: Issue): string | undefined {
  switch (issue.code) {
    case 'too_small':
      return size(issue.origin, issue.minimum, true, issue.inclusive);
    case 'too_big':
      return size(issue.origin, issue.maximum, false, issue.inclusive);
    case 'invalid_type': {
      const want = KIND[issue.expected] ?? issue.expected;
      if (issue.input === undefined) return `is missing: it must be ${want}`;
      return `must be ${want}, not ${describeValue(issue.input)}`;
    }
    case 'invalid_value':
      return `must be ${oneOf(issue.values)}${not(issue.input)}`;
    case 'unrecognized_keys':
      return issue.keys.length === 1 ? `unknown field "${issue.keys[0]}"` : `unknown fields ${quoted(issue.keys).join(', ')}`;
    case 'invalid_union':
      // a bad discriminator (`kind: c`): the issue is at the field, its input the mapping holding it
      if (typeof issue.discriminator === 'string' && Array.isArray(issue.options)) {
        const input = issue.input as Record<string, unknown> | undefined;
        return `must be ${oneOf(issue.options as unknown[])}${not(typeof input === 'object' && input !== null ? input[issue.discriminator] : undefined)}`;
      }
      return 'is none of the forms allowed here';
    case 'not_multiple_of':
      return `must be a multiple of ${issue.divisor}`;
    case 'invalid_format':
      return 'is not written in the form this field takes';
    case 'invalid_key':
      return 'is not a key allowed here';
    case 'invalid_element':
      return 'holds a value that is not allowed here';
    default:
      return undefined;
  }
}

z.config({ customError: inWords });
