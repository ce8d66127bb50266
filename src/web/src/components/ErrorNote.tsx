/** A server refusal, shown next to what caused it: the friendly sentence, then the server's own words. */
import { friendly, type Problem } from '../model/errors.ts';

export function ErrorNote({ problem, onDismiss }: { problem?: Problem; onDismiss?: () => void }) {
  if (!problem) return null;
  return (
    <div className="error-note" role="alert" data-code={problem.code}>
      <strong>{friendly(problem)}</strong>
      {problem.message && <span className="error-detail">{problem.message}</span>}
      {onDismiss && (
        <button type="button" className="link-button" onClick={onDismiss} aria-label="Dismiss">
          ✕
        </button>
      )}
    </div>
  );
}
