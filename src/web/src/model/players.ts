/**
 * Who plays a unit, in words: the player's name (names are no secret at the table), the GM, or — for a
 * seat an encounter file gives to a player the GM has not invited yet (`controller: p3`) — "a player not
 * invited yet", never the seat's id.
 */
import type { TableInfo } from '../api/types.ts';

export const NOT_INVITED = 'a player not invited yet';

/** A player's name by id, from the table as the server described it to this page. */
export function playerNamer(table: TableInfo | undefined): (id: string) => string | undefined {
  return (id) => table?.players.find((p) => p.playerId === id)?.name;
}

/** "Ana", "the GM", or "a player not invited yet", for a unit's controller. */
export function playedBy(controller: string | undefined, name?: (id: string) => string | undefined): string {
  return controller ? (name?.(controller) ?? NOT_INVITED) : 'the GM';
}
