import { describe, expect, it } from 'vitest';
import type { TableInfo } from '../api/types.ts';
import { playedBy, playerNamer } from './players.ts';

describe('who plays a unit, in words', () => {
  const table = { players: [{ playerId: 'p1', name: 'Ana' }, { playerId: 'p2', name: 'Ben' }] } as unknown as TableInfo;
  const name = playerNamer(table);
  it('names the player, the GM, or a seat no one was invited to — never its id', () => {
    expect(playedBy('p2', name)).toBe('Ben');
    expect(playedBy(undefined, name)).toBe('the GM');
    expect(playedBy('p3', name)).toBe('a player not invited yet');
  });
});
