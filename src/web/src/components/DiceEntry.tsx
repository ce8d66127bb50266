/** Physical dice: the faces rolled at the table, typed in the order the rules ask for them. */
import { useId } from 'react';

export function parseFaces(text: string): number[] | undefined {
  const parts = text.split(/[\s,;]+/).filter(Boolean);
  if (!parts.length) return [];
  const faces = parts.map(Number);
  return faces.every((f) => Number.isInteger(f) && f >= 1) ? faces : undefined;
}

interface Props {
  mode: 'optional' | 'required';
  value: string;
  onChange(v: string): void;
}

export function DiceEntry({ mode, value, onChange }: Props) {
  const id = useId();
  const bad = parseFaces(value) === undefined;
  return (
    <div className="dice-entry">
      <label htmlFor={id}>
        Your dice {mode === 'optional' ? <span className="muted">(leave empty to let the table roll)</span> : <span className="muted">(required)</span>}
      </label>
      <input
        id={id}
        inputMode="numeric"
        autoComplete="off"
        placeholder="e.g. 14 3 — in the order rolled: hit, then damage"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={bad}
        aria-describedby={`${id}-hint`}
      />
      <p id={`${id}-hint`} className="hint">
        {bad ? 'Only whole numbers from 1 up, separated by spaces.' : 'Type each die as it landed. The server tells you if it needs more or fewer.'}
      </p>
    </div>
  );
}
