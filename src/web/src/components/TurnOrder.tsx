/**
 * The round, the turn order with the acting unit, and each unit's effects with what is left of them.
 * Units that are out (down, dead, fled) stay listed, greyed, so the table sees who fell.
 */
import type { ReactNode } from 'react';
import type { Effect, EncounterState, Slot, UnitId } from '../../../engine/index.ts';
import { resultText } from '../../../engine/describe.ts';
import { sideColour } from '../board/palette.ts';
import { keyName } from '../model/keyNames.ts';
import { isOut, outWord } from '../model/standing.ts';

interface Props {
  state: EncounterState;
  active?: UnitId;
  selected?: UnitId;
  onSelect?(id: UnitId): void;
  /** GM page only: controls shown under a slot (index into the turn order; absent before the start). */
  slotTools?(slot: Slot, index: number | undefined): ReactNode;
  /** GM page only: controls under the list. */
  footer?: ReactNode;
}

function effectText(f: Effect): string {
  const left = f.remaining !== undefined ? ` (${f.remaining} left)` : '';
  return `${f.name}${f.stacks > 1 ? ` ×${f.stacks}` : ''}${f.tier !== undefined ? ` T${f.tier}` : ''}${left}`;
}

export function TurnOrder({ state, active, selected, onSelect, slotTools, footer }: Props) {
  const ordered = state.turn.order.length > 0;
  const slots: Slot[] = state.turn.order.length ? state.turn.order : state.unitOrder.map((unit) => ({ unit, kind: 'normal' as const }));
  const status = state.status === 'setup' ? 'Not started' : state.status === 'ended' ? 'Combat over' : `Round ${state.turn.round}`;
  return (
    <section className="panel turn-order" aria-label="Turn order">
      <h2>
        <span data-testid="round">{status}</span>
        {state.result && <span className="result"> — {resultText(state.result)}</span>}
      </h2>
      <ol>
        {slots.map((slot, i) => {
          const u = state.units[slot.unit];
          if (!u) return null;
          const isActive = state.status === 'active' && i === state.turn.index;
          const effects = state.effects.filter((f) => f.target === u.id);
          const hp = u.pools.hp;
          const hpName = keyName(state.ruleset, 'hp');
          return (
            <li key={`${slot.unit}-${i}`} className={`${isActive ? 'is-active' : ''}${isOut(state, u) ? ' is-out' : ''}${u.id === selected ? ' is-selected' : ''}`} aria-current={isActive ? "step" : undefined} data-unit={u.id} data-side={u.side}>
              <button type="button" className="order-unit" onClick={() => onSelect?.(u.id)} disabled={!onSelect}>
                <span className="chip" style={{ background: sideColour(state.sides, u.side) }} aria-hidden />
                <span className="order-name">{u.name}</span>
                {/* a slot the rules label (a card dealt: "A♠") shows its label, not the number behind it */}
                {slot.label !== undefined ? <span className="muted slot-label" title="initiative" data-testid="slot-label">{slot.label}</span> : slot.initiative !== undefined && <span className="muted num" title="initiative">{slot.initiative}</span>}
                {slot.kind && slot.kind !== 'normal' && <span className="badge">{slot.kind}</span>}
                {hp && (
                  <span className="num hp" title={hpName}>
                    {/* beside the initiative, a bare 18/18 was a second unexplained number */}
                    <span className="hp-label" aria-hidden="true">{hpName} </span>
                    {hp.value}/{hp.max}
                  </span>
                )}
                {isOut(state, u) && <span className="badge">{outWord(u)}</span>}
                {u.hidden && <span className="badge badge-hidden">hidden</span>}
                {isActive && u.id === active && <span className="sr-only">(acting now)</span>}
              </button>
              {effects.length > 0 && (
                <ul className="effects" aria-label={`Effects on ${u.name}`}>
                  {effects.map((f) => (
                    <li key={f.id} className={`effect${f.categories?.includes('debuff') || f.categories?.includes('dot') ? ' effect-bad' : ''}`}>{effectText(f)}</li>
                  ))}
                </ul>
              )}
              {slotTools?.(slot, ordered ? i : undefined)}
            </li>
          );
        })}
      </ol>
      {footer}
    </section>
  );
}
