/** The terrain outerah's rules read, as the encounter builder's palette offers it (Ruleset.terrainKinds). */
import type { TerrainKind } from '../../engine/index.ts';

export const terrainKinds: TerrainKind[] = [
  { id: 'wall', name: 'Wall', help: 'No one walks through it (outerah attacks need no line of sight: cover is what stops them).', cell: { tags: ['wall'], blocksMove: true } },
  { id: 'difficult', name: 'Difficult ground', help: 'Thick forest, deep snow, swamp: Movement and Jump halved (OUT-TER-1).', cell: { tags: ['difficult'] } },
  { id: 'water', name: 'Water', help: 'Swimming: straight 1, diagonal 1.5; underwater attacks take Minus Charge, electric ones hurt the user (OUT-TER-2).', cell: { tags: ['water'] } },
  { id: 'mountain', name: 'Mountain', help: 'Movement halved, Jump not; each jump up or down rolls a d10 (OUT-TER-3).', cell: { tags: ['mountain'], elevation: 1 } },
  { id: 'high', name: 'High ground', help: 'One level up: a step onto it needs Jump 1; long-range weapons reach 1 cell further from it (OUT-RNG-2).', cell: { elevation: 1 } },
  { id: 'half-cover', name: 'Half cover (sandbags)', help: 'The attacker from the front rolls a second die: odd misses (OUT-COV-1); sandbags stop bullets (OUT-COV-4).', cell: { tags: ['sandbags'], cover: 'half', material: 'sandbags' } },
  { id: 'full-cover', name: 'Full cover (brick)', help: 'No hit from the front (OUT-COV-3); brick stops armour-piercing rounds too (OUT-COV-4).', cell: { tags: ['brick'], cover: 'full', material: 'brick' } },
  { id: 'wood-cover', name: 'Half cover (wood)', help: 'Stops weapons but burns: no cover against fire, and bullets go through (OUT-COV-4).', cell: { tags: ['crates'], cover: 'half', material: 'wood' } },
  { id: 'hazard', name: 'Hazard', help: 'A harmful place: a pet ordered into it may resist the order (OUT-PET-2).', cell: { tags: ['hazard'] } },
  { id: 'structure', name: 'Structure', help: 'Something a hookshot can anchor to (OUT-SPACE-2).', cell: { tags: ['structure'] } },
  { id: 'land', name: 'Land (sky maps)', help: 'Solid ground in open air: no fall (OUT-SHIP-2).', cell: { tags: ['land'] } },
  { id: 'gravity', name: 'Gravity field (space)', help: 'Normal Movement in space; outside a field Movement is halved (OUT-SPACE-1).', cell: { tags: ['gravity'] } },
];
