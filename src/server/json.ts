/**
 * Untrusted JSON: parsed with a size limit, after one pass over its characters for depth and size
 * (a million-deep array held the parser for seconds), and refused outright when it carries keys that
 * could pollute prototypes further down (`__proto__`, `constructor`, `prototype`) — no partial acceptance.
 */
import { jsonShape } from '../engine/index.ts';
import { ApiError } from './errors.ts';

const POISON = new Set(['__proto__', 'constructor', 'prototype']);

/** Nesting a request may have (the deepest, an import's events, is about ten). */
export const MAX_REQUEST_DEPTH = 64;
/** Values a request may hold unless its route says otherwise (an import file may hold more). */
export const MAX_REQUEST_NODES = 50_000;

export function parseJson(text: string, maxBytes: number, maxNodes = MAX_REQUEST_NODES): unknown {
  if (Buffer.byteLength(text) > maxBytes) throw new ApiError('PAYLOAD_TOO_LARGE', `the body is larger than ${maxBytes} bytes`);
  const shape = jsonShape(text);
  if (shape.depth > MAX_REQUEST_DEPTH) throw new ApiError('BAD_REQUEST', `the body is nested ${shape.depth} deep; the limit is ${MAX_REQUEST_DEPTH}`);
  if (shape.nodes > maxNodes) throw new ApiError('PAYLOAD_TOO_LARGE', `the body holds about ${shape.nodes} values; the limit here is ${maxNodes}`);
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
