/**
 * Fog of war on the page (docs/fog.md): the server sends a player only what its units see, and with the
 * map the rows of its sight — '0' never seen, '1' seen before, '2' in sight now. Squares never seen are
 * drawn dark (over the map art too); squares seen before are dimmed: their ground as it was, no one on
 * them shown. The GM's board has no rows: it is drawn clear, unless the GM previews a player.
 */
import type { GridMap } from '../../../engine/index.ts';

const S = 48;

/** The sight rows of a map as sent, or undefined (no fog: the GM's board, or vision off). */
export const fogRows = (map: GridMap): string[] | undefined => (map.vision?.on && map.vision.rows?.length === map.height ? map.vision.rows : undefined);

/** Dark squares never seen, dimmed squares remembered: one rect per run of a row. */
export function FogLayer({ map }: { map: GridMap }) {
  const rows = fogRows(map);
  if (!rows) return null;
  const rects: React.ReactNode[] = [];
  rows.forEach((row, y) => {
    for (let x = 0; x < row.length; ) {
      const ch = row[x];
      let end = x + 1;
      while (end < row.length && row[end] === ch) end++;
      if (ch !== '2') rects.push(<rect key={`${x},${y}`} x={x * S} y={y * S} width={(end - x) * S} height={S} className={ch === '0' ? 'fog-unseen' : 'fog-remembered'} data-fog={ch === '0' ? 'unseen' : 'remembered'} />);
      x = end;
    }
  });
  return <g className="fog" pointerEvents="none" data-testid="fog">{rects}</g>;
}

/** The words under a fogged board: what the dark and the dim squares mean, and how far its units see. */
export function FogKey({ map }: { map: GridMap }) {
  const rows = fogRows(map);
  if (!rows) return null;
  const count = (ch: string) => rows.reduce((n, r) => n + [...r].filter((c) => c === ch).length, 0);
  const range = map.vision?.range;
  return (
    <p className="fog-key" data-testid="fog-key">
      <span className="fog-swatch fog-swatch-seen" aria-hidden="true" /> Fog of war: your units see {count('2')} squares{range ? ` (${range} squares away at most, walls and smoke block sight)` : ' (walls and smoke block sight)'}.{' '}
      <span className="fog-swatch fog-swatch-remembered" aria-hidden="true" /> Dimmed: {count('1')} seen before.{' '}
      <span className="fog-swatch fog-swatch-unseen" aria-hidden="true" /> Dark: not seen yet.
    </p>
  );
}
