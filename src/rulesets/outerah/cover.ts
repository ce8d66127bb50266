/**
 * Cover (OUT-COV-1..4), front-arc model: a cover cell next to the target protects it against an
 * attacker in front of that cover (engine coverSourceFromFront). Half cover costs a second die;
 * full cover stops every attack from the front. What the cover is made of matters:
 *  - concealment (cardboard, curtains, pillows...) is no cover at all;
 *  - wood does not stop Fire (it burns) nor bullets (revolver, rifle): only sandbags, brick and metal do;
 *  - armour-piercing rounds overcome full cover unless it is sandbags, brick or metal.
 */
import { coverSourceFromFront } from '../../engine/space/line.ts';
import type { EncounterState, GridMap, Unit } from '../../engine/index.ts';
import type { Element } from './elements.ts';

export const CONCEALMENT = ['cardboard', 'curtain', 'curtains', 'pillows', 'pillow', 'cloth', 'paper', 'bushes'];
export const STOPS_BULLETS = ['sandbags', 'brick', 'metal'];
const BULLETS = ['revolver', 'rifle'];

export interface CoverInfo {
  level: 'none' | 'half' | 'full';
  material?: string;
  /** Why cover there does not count. */
  ignored?: string;
}

export interface Shot {
  element: Element;
  weaponKind?: string;
  armorPiercing: boolean;
}

export function coverAgainst(state: EncounterState, attacker: Unit, target: Unit, shot: Shot): CoverInfo {
  const src = coverSourceFromFront(state.map as GridMap, attacker.position!, target.position!);
  if (src.level === 'none') return { level: 'none' };
  const material = src.terrain?.material;
  const base = { level: src.level, ...(material ? { material } : {}) };
  const none = (why: string): CoverInfo => ({ level: 'none', ...(material ? { material } : {}), ignored: why });
  if (material && CONCEALMENT.includes(material)) return none(`${material} only conceals`);
  if (material === 'wood' && shot.element === 'fire') return none('wood burns');
  const bullet = shot.weaponKind !== undefined && BULLETS.includes(shot.weaponKind);
  if (material === 'wood' && bullet) return none('bullets go through wood');
  if (src.level === 'full' && shot.armorPiercing && !(material && STOPS_BULLETS.includes(material))) return none('armour-piercing round');
  return base;
}
