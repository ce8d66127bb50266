/**
 * Cover (OUT-COV-1..4), front-arc model: a cover cell next to the target protects it against an
 * attacker in front of that cover (engine coverSourceFromFront). Half cover costs a second die;
 * full cover stops every attack from the front. What the cover is made of matters:
 *  - concealment (cardboard, curtains, pillows...) is no cover at all;
 *  - wood does not stop Fire (it burns) nor bullets (revolver, rifle): only sandbags, brick and metal do;
 *    a Fire attack that wood stood in the way of sets it burning: the cover is gone (ruling OUT-COV-4);
 *  - armour-piercing rounds overcome full cover unless it is sandbags, brick or metal.
 */
import { cellKeyOf } from '../../engine/space/grid.ts';
import { coverSourceFromFront } from '../../engine/space/line.ts';
import type { Cell, EncounterState, GridMap, Resolution, Unit } from '../../engine/index.ts';
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

/**
 * Per map object (a map never changes in place: `map.set` puts a new one in), by cell index: 1 where some
 * cell next to it gives cover. Only a neighbour of the target can cover it (coverSourceFromFront), so
 * where none does the answer is no cover, without looking at the attacker.
 */
const coverNear = new WeakMap<GridMap, Uint8Array>();

function mayHaveCover(map: GridMap, at: Cell): boolean {
  const { width, height } = map;
  if (!Number.isInteger(at.x) || !Number.isInteger(at.y) || at.x < 0 || at.y < 0 || at.x >= width || at.y >= height) return true;
  let near = coverNear.get(map);
  if (!near) {
    near = new Uint8Array(width * height);
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        const level = map.cells[cellKeyOf(x, y)]?.cover;
        if (level !== 'half' && level !== 'full') continue;
        for (let ny = Math.max(0, y - 1); ny <= Math.min(height - 1, y + 1); ny++) for (let nx = Math.max(0, x - 1); nx <= Math.min(width - 1, x + 1); nx++) near[ny * width + nx] = 1;
      }
    }
    coverNear.set(map, near);
  }
  return near[at.y * width + at.x] === 1;
}

export function coverAgainst(state: EncounterState, attacker: Unit, target: Unit, shot: Shot): CoverInfo {
  if (!mayHaveCover(state.map as GridMap, target.position!)) return { level: 'none' };
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

/**
 * "wood can offer you basic protection against weapons, but it is vulnerable to fire" (ruling OUT-COV-4): a Fire
 * attack — hit or miss — at a unit whose cover against the attacker is wood burns that wood away: the cell keeps its
 * ground but gives no cover from then on, to anyone (`burnt`). A map event, so replay and every view see it.
 */
export function burnWoodCover(ctx: Resolution, attacker: Unit, target: Unit, element: Element): void {
  if (element !== 'fire' || !attacker.position || !target.position) return;
  const map = ctx.state.map as GridMap;
  const src = coverSourceFromFront(map, attacker.position, target.position);
  if (!src.cell || src.terrain?.material !== 'wood' || src.level === 'none') return;
  const key = `${src.cell.x},${src.cell.y}`;
  const { cover: _cover, material: _material, ...ground } = map.cells[key];
  ctx.emit({ type: 'map.set', map: { ...map, cells: { ...map.cells, [key]: { ...ground, tags: [...(ground.tags ?? []), 'burnt'] } } } });
  const at = src.cell;
  ctx.note(() => `The wooden cover at (${at.x}, ${at.y}) catches fire and burns away: no cover there any more [OUT-COV-4]`);
}
