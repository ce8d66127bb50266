/** The terrain phase20's rules read, as the encounter builder's palette offers it (Ruleset.terrainKinds). */
import type { TerrainKind } from '../../engine/index.ts';

export const terrainKinds: TerrainKind[] = [
  { id: 'wall', name: 'Wall', help: 'Blocks movement and sight: no attack or spell through it (ruling P20-ATK-1, P20-SPL-1).', cell: { tags: ['wall'], blocksMove: true, blocksSight: true } },
  { id: 'rock', name: 'Rock', help: 'Blocks movement but not sight: shoot over it, never walk through (ruling P20-ACT-2).', cell: { tags: ['rock'], blocksMove: true } },
  { id: 'mud', name: 'Difficult ground', help: 'Costs 2 movement to enter instead of 1 (ruling P20-ACT-2).', cell: { tags: ['mud'], cost: 2 } },
  { id: 'smoke', name: 'Smoke', help: 'Blocks sight but not movement (ruling P20-ATK-1, P20-SPL-1).', cell: { tags: ['smoke'], blocksSight: true } },
];
