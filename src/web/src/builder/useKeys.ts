/** The builder's keys, as in a scene editor: Ctrl+Z / Ctrl+Shift+Z (or Ctrl+Y), Ctrl+D, Delete, arrows; never while typing. */
import { useEffect, useRef } from 'react';

interface Keys {
  undo(): void;
  redo(): void;
  duplicate(): void;
  remove(): void;
  nudge(dx: number, dy: number): void;
}

const ARROWS: Record<string, [number, number]> = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };

export function useKeys(keys: Keys, on: boolean): void {
  const ref = useRef(keys);
  ref.current = keys;
  useEffect(() => {
    if (!on) return;
    const handler = (e: KeyboardEvent) => {
      const t = e.target as HTMLElement | null;
      if (t && (t.closest('input, textarea, select') || t.isContentEditable)) return;
      const k = ref.current;
      const mod = e.ctrlKey || e.metaKey;
      if (mod && e.key.toLowerCase() === 'z') k[e.shiftKey ? 'redo' : 'undo']();
      else if (mod && e.key.toLowerCase() === 'y') k.redo();
      else if (mod && e.key.toLowerCase() === 'd') k.duplicate();
      else if (e.key === 'Delete' || e.key === 'Backspace') k.remove();
      else if (ARROWS[e.key] && t?.closest('.b-map-wrap')) k.nudge(...ARROWS[e.key]);
      else return;
      e.preventDefault();
    };
    window.addEventListener('keydown', handler);
    return () => window.removeEventListener('keydown', handler);
  }, [on]);
}
