/**
 * The invite links this page has made, per table, for as long as the page is open: a link works once and
 * the server keeps only its hash, so the page must not forget it when the GM moves between the table and
 * the builder (or loads the first encounter) before handing it over.
 */
export interface MadeLink {
  playerId: string;
  name: string;
  url: string;
}

const made = new Map<string, MadeLink[]>();

export function linksMade(tableId: string): MadeLink[] {
  return made.get(tableId) ?? [];
}

/** Remember a new link for a player (it replaces an older one of theirs: only the newest works). */
export function rememberLink(tableId: string, link: MadeLink): MadeLink[] {
  const next = [link, ...linksMade(tableId).filter((x) => x.playerId !== link.playerId)];
  made.set(tableId, next);
  return next;
}
