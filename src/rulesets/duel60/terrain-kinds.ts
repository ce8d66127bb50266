/** The terrain duel60's rules read, as the encounter builder's palette offers it (Ruleset.terrainKinds). */
import type { TerrainKind } from '../../engine/index.ts';

export const terrainKinds: TerrainKind[] = [
  { id: 'post', name: 'Post or wall', help: 'No one walks through it; a knock-back stops against it, a projectile ends on it (ruling D60-MOV-1).', cell: { tags: ['post'], blocksMove: true } },
];
