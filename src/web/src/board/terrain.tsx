/**
 * How the grid draws ground that is not open: each kind its own texture, not just a shade (walls as
 * masonry, difficult ground speckled, smoke pale and streaked — told apart at a glance and without colour),
 * cover as a shield large enough to read (half: half filled), and a key under the board naming the kinds
 * this map has. The kinds come from the terrain's typed fields, never its tags' words.
 */
import type { GridMap, Terrain } from '../../../engine/index.ts';

export type TerrainKind = 'wall' | 'difficult' | 'smoke' | 'water' | 'half' | 'full' | 'high';

/** The kind a cell's ground is drawn as (its fill), if any. */
export function groundOf(t: Terrain | undefined): 'wall' | 'difficult' | 'smoke' | 'water' | undefined {
  if (!t) return undefined;
  if (t.blocksMove) return 'wall';
  if (t.tags?.includes('water')) return 'water';
  if ((t.cost ?? 1) > 1) return 'difficult';
  if (t.blocksSight) return 'smoke';
  return undefined;
}

/** Every kind this map shows, in the key's order. */
export function kindsOf(map: GridMap): TerrainKind[] {
  const seen = new Set<TerrainKind>();
  for (const t of Object.values(map.cells)) {
    const g = groundOf(t);
    if (g) seen.add(g);
    if (t?.cover) seen.add(t.cover);
    if (t?.elevation) seen.add('high');
  }
  return (['wall', 'difficult', 'smoke', 'water', 'half', 'full', 'high'] as const).filter((k) => seen.has(k));
}

const WORDS: Record<TerrainKind, string> = {
  wall: 'Wall: no one moves through',
  difficult: 'Difficult ground: costs more to enter',
  smoke: 'Smoke or fog: blocks sight, not movement',
  water: 'Water',
  half: 'Half cover',
  full: 'Full cover',
  high: 'High ground (▲ height)',
};

/** The cover shield in a square's top-right corner; `x`, `y` the square's top-left in board units. */
export function CoverMark({ x, y, cover }: { x: number; y: number; cover: 'half' | 'full' }) {
  const left = x + 48 - 21;
  const top = y + 3;
  const shield = `M${left},${top} h18 v9 q0,8 -9,12 q-9,-4 -9,-12 z`;
  return (
    <g className={`cover-mark cover-${cover}`} data-testid="cover-mark" data-cover={cover} pointerEvents="none">
      <path d={shield} className="cover-shield" />
      {/* half cover: the shield's left half filled */}
      {cover === 'half' && <path d={`M${left},${top} h9 v21 q-9,-4 -9,-12 z`} className="cover-fill" />}
    </g>
  );
}

/** The textures, once per board. */
export function TerrainDefs() {
  return (
    <>
      <pattern id="ground-wall" width="16" height="16" patternUnits="userSpaceOnUse">
        <rect width="16" height="16" className="wall-stone" />
        <path d="M0,0.5 H16 M0,8.5 H16 M0.5,0 V8 M8.5,8 V16" className="wall-mortar" />
      </pattern>
      <pattern id="ground-difficult" width="12" height="12" patternUnits="userSpaceOnUse">
        <rect width="12" height="12" className="difficult-earth" />
        <circle cx="3" cy="3" r="1.8" className="difficult-stone" />
        <circle cx="9" cy="8.5" r="1.4" className="difficult-stone" />
      </pattern>
      <pattern id="ground-smoke" width="24" height="12" patternUnits="userSpaceOnUse">
        <rect width="24" height="12" className="smoke-haze" />
        <path d="M0,4 q6,-4 12,0 t12,0 M0,10 q6,-4 12,0 t12,0" className="smoke-streak" />
      </pattern>
    </>
  );
}

/** The key under the board: a swatch and words for each kind of ground this map has. */
export function TerrainKey({ map }: { map: GridMap }) {
  const kinds = kindsOf(map);
  if (!kinds.length) return null;
  return (
    <ul className="terrain-key" aria-label="Map key" data-testid="terrain-key">
      {kinds.map((k) => (
        <li key={k} data-kind={k}>
          <svg viewBox={k === 'half' || k === 'full' ? '27 0 24 24' : '0 0 24 24'} width="20" height="20" aria-hidden="true">
            {k === 'half' || k === 'full' ? <CoverMark x={0} y={0} cover={k} /> : k === 'high' ? <text x="4" y="17" className="cell-note">▲</text> : <rect width="24" height="24" className={`cell ground-${k}`} />}
          </svg>
          {WORDS[k]}
        </li>
      ))}
    </ul>
  );
}
