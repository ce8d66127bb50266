/** Reading the rules catalogue: `- ID text` lines under `## <ruleset>` headings; and finding ids in text. */

/** A rule id as the rulesets cite it: P20-ATK-2, D60-PRJ-1, OUT-MISS-2, FRL-ACT-4. */
export const RULE_ID = /\b[A-Z][A-Z0-9]{1,3}-[A-Z]{2,6}-\d+\b/g;

export function parseCatalogue(text: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const line of text.split('\n')) {
    const m = /^- ([A-Z][A-Z0-9]{1,3}-[A-Z]{2,6}-\d+):? (.+)$/.exec(line);
    if (m) out.set(m[1], m[2].trim());
  }
  return out;
}

/** Text split into plain runs and rule ids, in order. */
export function splitRuleIds(text: string): { text: string; rule?: true }[] {
  const out: { text: string; rule?: true }[] = [];
  let at = 0;
  for (const m of text.matchAll(RULE_ID)) {
    if (m.index > at) out.push({ text: text.slice(at, m.index) });
    out.push({ text: m[0], rule: true });
    at = m.index + m[0].length;
  }
  if (at < text.length) out.push({ text: text.slice(at) });
  return out;
}
