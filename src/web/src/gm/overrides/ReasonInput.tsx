/** The optional "why" every override takes; it is copied into the events, so the table reads it in the log. */
export function ReasonInput({ value, onChange }: { value: string; onChange(v: string): void }) {
  return (
    <label className="grow">
      Reason (optional)
      <input value={value} onChange={(e) => onChange(e.target.value)} maxLength={500} placeholder="shown in the log" />
    </label>
  );
}
