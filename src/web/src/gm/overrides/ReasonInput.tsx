/** The optional "why" every override takes; it is copied into the events, so the table reads it in the log. */
export function ReasonInput({ value, onChange, label = 'Reason (optional)' }: { value: string; onChange(v: string): void; label?: string }) {
  return (
    <label className="grow">
      {label}
      <input value={value} onChange={(e) => onChange(e.target.value)} maxLength={500} placeholder="shown in the log" />
    </label>
  );
}
