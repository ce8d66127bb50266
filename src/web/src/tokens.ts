/**
 * Access tokens kept in this browser, so a reload (or reopening the tab) goes straight back to the
 * table. A GM token can also arrive in the address (#/gm/<table>?token=…) to open the GM page elsewhere.
 */
const K = (role: 'gm' | 'player', table: string) => `skirmish.${role}.${table}`;

export function saveToken(role: 'gm' | 'player', table: string, token: string, name?: string): void {
  localStorage.setItem(K(role, table), token);
  if (name) localStorage.setItem(`skirmish.name.${table}`, name);
}

export function loadToken(role: 'gm' | 'player', table: string): string | undefined {
  return localStorage.getItem(K(role, table)) ?? undefined;
}

export function knownTables(): { table: string; role: 'gm' | 'player'; name: string }[] {
  const out: { table: string; role: 'gm' | 'player'; name: string }[] = [];
  for (let i = 0; i < localStorage.length; i++) {
    const k = localStorage.key(i) ?? '';
    const m = /^skirmish\.(gm|player)\.(.+)$/.exec(k);
    if (m) out.push({ role: m[1] as 'gm' | 'player', table: m[2], name: localStorage.getItem(`skirmish.name.${m[2]}`) ?? m[2] });
  }
  return out;
}

/** Forget a table this browser knew (it was deleted): its tokens and its name. */
export function forgetTable(table: string): void {
  for (const role of ['gm', 'player'] as const) localStorage.removeItem(K(role, table));
  localStorage.removeItem(`skirmish.name.${table}`);
}
