/** What a drag from the builder's palette carries: a new unit of a side, or a library character. */
export const DRAG_TYPE = 'text/x-skirmish-builder';

export type Dragged = { kind: 'new'; side: string } | { kind: 'character'; key: string };

export const dragText = (d: Dragged) => (d.kind === 'new' ? `new:${d.side}` : `character:${d.key}`);

export function readDragged(text: string): Dragged | undefined {
  const [kind, ...rest] = text.split(':');
  const v = rest.join(':');
  if (kind === 'new' && v) return { kind: 'new', side: v };
  if (kind === 'character' && v) return { kind: 'character', key: v };
  return undefined;
}
