/**
 * Every problem of the draft, in the page's words: where it is (the unit, the gear, the field, as the form
 * names them) and what is wrong (model/words.ts). Each is a button that opens the form at that field and
 * puts the cursor in it. None: the fight can start.
 */
import type { Checked } from '../model/check.ts';
import { fieldOf } from '../model/check.ts';
import type { Doc } from '../model/paths.ts';
import { problemWords } from '../model/words.ts';

export function ProblemList({ checked, scenario, doc, onPick }: { checked: Checked; scenario: boolean; doc: Doc; onPick(field: string): void }) {
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
        {checked.problems.map((p, i) => {
          const field = fieldOf(p, scenario);
          const w = problemWords(field, p.message, doc);
          return (
            <li key={i}>
              <button type="button" className="link-button b-problem" data-problem={field} onClick={() => onPick(field)}>
                {w.place && <strong>{w.place}: </strong>}
                {w.message}
              </button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
