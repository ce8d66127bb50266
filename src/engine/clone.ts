/**
 * Deep copy of plain JSON data (state, events). State is plain JSON by design, so this gives the same
 * result as structuredClone at a fraction of the cost — it is on the hot path of every applied event.
 * Keys whose value is `undefined` are kept, as structuredClone keeps them.
 */
export function cloneJson<T>(value: T): T {
  if (typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) {
    const n = value.length;
    const out = new Array(n);
    for (let i = 0; i < n; i++) out[i] = cloneJson(value[i]);
    return out as T;
  }
  const out: Record<string, unknown> = {};
  for (const k in value) out[k] = cloneJson((value as Record<string, unknown>)[k]);
  return out as T;
}
