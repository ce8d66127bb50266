/**
 * Every problem of the draft as `skirmish validate` prints it for the downloaded file, each one a button
 * that selects the unit (or opens the part of the form) it is about. None: the fight can start.
 */
import type { Checked } from '../model/check.ts';
import { fieldOf } from '../model/check.ts';

export function ProblemList({ checked, scenario, onPick }: { checked: Checked; scenario: boolean; onPick(field: string): void }) {
  if (!checked.problems.length) {
    return (
      <p className="b-valid" role="status" data-valid="yes">
        ✓ No problems: <code>skirmish validate</code> accepts this file, and the fight can start.
      </p>
    );
  }
  return (
    <section className="b-problem-list" aria-label="Problems" data-valid="no">
      <h3>
        {checked.problems.length} {checked.problems.length === 1 ? 'problem' : 'problems'} — the fight cannot start until {checked.problems.length === 1 ? 'it is' : 'they are'} fixed
      </h3>
      <ul className="plain">
        {checked.problems.map((p, i) => (
          <li key={i}>
            <button type="button" className="link-button b-problem" onClick={() => onPick(fieldOf(p, scenario))}>
              {checked.lines[i]}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
