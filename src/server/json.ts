/**
 * Untrusted JSON: parsed with a size limit, and refused outright when it carries keys that could
 * pollute prototypes further down (`__proto__`, `constructor`, `prototype`) — no partial acceptance.
 */
import { ApiError } from './errors.ts';

const POISON = new Set(['__proto__', 'constructor', 'prototype']);

export function parseJson(text: string, maxBytes: number): unknown {
  if (Buffer.byteLength(text) > maxBytes) throw new ApiError('PAYLOAD_TOO_LARGE', `the body is larger than ${maxBytes} bytes`);
  let bad: string | undefined;
  let value: unknown;
  try {
    value = JSON.parse(text, function (key, v) {
      if (POISON.has(key)) bad ??= key;
      return v;
    });
  } catch (err) {
    throw new ApiError('BAD_JSON', `malformed JSON: ${(err as Error).message}`);
  }
  if (bad !== undefined) throw new ApiError('BAD_REQUEST', `the key "${bad}" is not allowed anywhere in a request`, bad);
  return value;
}

/** Canonical JSON (sorted keys) for hashing request bodies. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const o = value as Record<string, unknown>;
    return `{${Object.keys(o).sort().filter((k) => o[k] !== undefined).map((k) => `${JSON.stringify(k)}:${canonicalJson(o[k])}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}
