/** How a terrain entry or a unit of the draft looks on the builder's map: words for its title, a class for its colour. */
import type { TerrainEntry } from '../model/terrain.ts';

/** One class per kind of ground, read from what the entry does (so a hand-written entry looks like its kind). */
export function terrainLook(t: TerrainEntry | undefined): string {
  if (!t) return 'b-cell';
  const tags = Array.isArray(t.tags) ? (t.tags as string[]) : [];
  if (t.blocksMove) return 'b-cell b-t-wall';
  if (tags.includes('water')) return 'b-cell b-t-water';
  if (tags.includes('mountain')) return 'b-cell b-t-mountain';
  if (t.cover) return `b-cell b-t-cover`;
  if (tags.includes('difficult') || (typeof t.cost === 'number' && t.cost > 1)) return 'b-cell b-t-difficult';
  if (t.blocksSight) return 'b-cell b-t-smoke';
  if (tags.includes('land')) return 'b-cell b-t-land';
  if (tags.includes('gravity')) return 'b-cell b-t-gravity';
  if (typeof t.elevation === 'number' && t.elevation) return 'b-cell b-t-high';
  return 'b-cell b-t-other';
}

export function terrainText(t: TerrainEntry | undefined, x: number, y: number): string {
  const w = [`(${x}, ${y})`];
  if (!t) return `${w[0]} open ground`;
  const tags = Array.isArray(t.tags) ? (t.tags as string[]) : [];
  if (tags.length) w.push(tags.join(', '));
  if (t.blocksMove) w.push('blocks movement');
  if (t.blocksSight) w.push('blocks sight');
  if (typeof t.cost === 'number') w.push(`costs ${t.cost}`);
  if (t.cover) w.push(`${String(t.cover)} cover${t.material ? ` (${String(t.material)})` : ''}`);
  if (typeof t.elevation === 'number' && t.elevation) w.push(`elevation ${t.elevation}`);
  return w.join(' · ');
}
