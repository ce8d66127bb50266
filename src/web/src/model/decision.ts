/**
 * A decision waiting on someone, as the page offers it: the rules' sentence and each choice in words,
 * the choices about a square or a unit marked so they can be tapped on the board (evade to, who goes first).
 */
import { choicesOf, type Cell, type EncounterState, type Json, type Pending, type UnitId } from '../../../engine/index.ts';

export interface DecisionChoice {
  option: Json;
  label: string;
  cell?: Cell;
  unit?: UnitId;
}

export interface Decision {
  pending: Pending;
  /** The question, as the rules put it. */
  sentence: string;
  /** Choices tapped on the board (squares), and the rest as buttons. */
  cells: DecisionChoice[];
  buttons: DecisionChoice[];
  /** Who answers, in words. */
  who: string;
}

export function decisionOf(p: Pending, state: EncounterState): Decision {
  const all = choicesOf(p, state).map(({ option, choice }) => ({ option, label: choice.label, ...(choice.cell ? { cell: choice.cell } : {}), ...(choice.unit ? { unit: choice.unit } : {}) }));
  return {
    pending: p,
    sentence: p.prompt,
    cells: all.filter((c) => c.cell),
    buttons: all.filter((c) => !c.cell),
    who: p.answeredBy === 'gm' ? 'the GM' : (state.units[p.answeredBy]?.name ?? 'someone'),
  };
}

/** The first decision holding up play that `unit` answers (one at a time: a second waits its turn). */
export function decisionFor(state: EncounterState | undefined, unit: UnitId | undefined): Decision | undefined {
  if (!state || !unit) return undefined;
  const p = state.pending.find((x) => x.blocking !== false && x.answeredBy === unit);
  return p ? decisionOf(p, state) : undefined;
}

/** The GM's own decisions (suggestions have their own panel). */
export function gmDecisions(state: EncounterState): Decision[] {
  return state.pending.filter((p) => p.answeredBy === 'gm' && p.kind !== 'suggestion').map((p) => decisionOf(p, state));
}
