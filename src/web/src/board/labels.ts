/**
 * Token labels that tell units apart: initials ("Kara" → KA, "Goblin Cutter" → GC); when two units would
 * share one, a trailing number in the name ("Goblin Cutter 2" → GC2), then more letters of the second word
 * ("Raider Cutter" / "Raider Chief" → RCu / RCh), and last a counter, so no two tokens read the same.
 */
import { initials } from './palette.ts';

export function distinctLabels(units: readonly { id: string; name: string }[]): Map<string, string> {
  const out = new Map<string, string>();
  const groups = new Map<string, { id: string; name: string }[]>();
  for (const u of units) {
    const base = initials(u.name);
    groups.set(base, [...(groups.get(base) ?? []), u]);
  }
  for (const [base, group] of groups) {
    if (group.length === 1) {
      out.set(group[0].id, base);
      continue;
    }
    const tried = group.map((u) => {
      const words = u.name.split(/\s+/).filter(Boolean);
      const num = /(\d+)$/.exec(u.name)?.[1];
      if (num) return base + num;
      if (words.length >= 2) return (words[0][0] + words[1].slice(0, 2)).replace(/^(.)(.)(.)$/, (_m, a: string, b: string, c: string) => a.toUpperCase() + b.toUpperCase() + c.toLowerCase());
      return u.name.slice(0, 3);
    });
    const seen = new Map<string, number>();
    group.forEach((u, i) => {
      const dupes = tried.filter((t) => t === tried[i]).length;
      if (dupes === 1) return out.set(u.id, tried[i]);
      const n = (seen.get(tried[i]) ?? 0) + 1;
      seen.set(tried[i], n);
      out.set(u.id, `${base}${n}`);
    });
  }
  return out;
}
