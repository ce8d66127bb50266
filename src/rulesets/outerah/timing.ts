/**
 * Effects that reshape the turn order live (OUT-INIT-3..6). Each change is one `turn.order` event
 * with a reason, through the engine's order helpers.
 *  - Haste: a second slot just before the round ends; hasted units among themselves by Speed, then rank.
 *  - Slow: the unit's turns are skipped every other round, starting with its next turn.
 *  - Stop: every turn skipped while it holds; its second round rolls a d10, even breaks it (effects.ts).
 *  - Inspiration: the target acts next (insertNext).
 */
import { addSlot, insertNext, moveUpcoming, removeUpcoming, type Effect, type EncounterState, type Resolution, type Slot, type UnitId } from '../../engine/index.ts';
import { dataOf } from './model.ts';

const byRank = (state: EncounterState) => (a: UnitId, b: UnitId) => {
  const da = dataOf(state.units[a]);
  const db = dataOf(state.units[b]);
  return (db.speed ?? 0) - (da.speed ?? 0) || (da.rank ?? 0) - (db.rank ?? 0);
};

/**
 * A new round: every unit still in the fight in Speed order (so last round's Inspiration is undone),
 * then one Haste slot per hasted unit (OUT-INIT-3). Asked every round: the Red Cards and Hastes are
 * read in one pass over the effects (most rounds have neither), no list built per question.
 */
export function orderForRound(ctx: Resolution): Slot[] {
  const st = ctx.state;
  let carded: Set<UnitId> | undefined;
  let hasted: Set<UnitId> | undefined;
  for (const f of st.effects) {
    if (f.name === 'Red Card') (carded ??= new Set()).add(f.target);
    else if (f.name === 'Haste') (hasted ??= new Set()).add(f.target);
  }
  const ranked: UnitId[] = [];
  for (const id of st.unitOrder) {
    const u = st.units[id];
    if ((u.status === 'active' || u.status === 'down') && dataOf(u).speed !== undefined) ranked.push(id);
  }
  const cmp = byRank(st);
  ranked.sort(cmp);
  const out: Slot[] = [];
  // ruling OUT-INIT-7: a Red Card sends its unit behind every other's normal turn
  for (const unit of ranked) if (!carded?.has(unit)) out.push({ unit, initiative: dataOf(st.units[unit]).speed });
  if (carded) for (const unit of ranked) if (carded.has(unit)) out.push({ unit, initiative: dataOf(st.units[unit]).speed });
  if (hasted) {
    const haste = st.unitOrder.filter((id) => st.units[id].status === 'active' && hasted.has(id)).sort(cmp);
    for (const unit of haste) out.push({ unit, kind: 'haste', initiative: dataOf(st.units[unit]).speed });
  }
  return out;
}

/**
 * Red Card landed before the unit's turn this round (ruling OUT-INIT-7): that turn moves to the back — after every
 * other unit's normal turn, before the Haste turns, as the rounds it holds will order it (orderForRound).
 */
export function sendToBack(ctx: Resolution, id: UnitId): void {
  const { order, index } = ctx.state.turn;
  const rest = order.slice(index + 1);
  const pos = rest.findIndex((s) => s.unit === id && s.kind !== 'haste');
  if (pos < 0) return;
  const others = rest.filter((_, i) => i !== pos);
  const firstHaste = others.findIndex((s) => s.kind === 'haste');
  const to = firstHaste < 0 ? others.length : firstHaste;
  if (to === pos) return;
  moveUpcoming(ctx, id, to, `Red Card: ${ctx.state.units[id].name} goes to the back of the order [OUT-INIT-7]`);
}

/** Whether the unit has a slot at or before the current one this round (it has had its turn). */
export function actedThisRound(state: EncounterState, id: UnitId): boolean {
  const { order, index } = state.turn;
  return state.turn.round > 0 && order.slice(0, index + 1).some((s) => s.unit === id);
}

/** Whether the turn being taken now is the unit's own (an effect it lands on itself counts this round: OUT-TIME-1). */
export function takingTurn(state: EncounterState, id: UnitId): boolean {
  return state.turn.round > 0 && state.turn.order[state.turn.index]?.unit === id;
}

/** Haste landed mid-round: its extra turn comes this round, in its place among the hasted (OUT-INIT-3). */
export function grantHasteSlot(ctx: Resolution, id: UnitId): void {
  const { order, index } = ctx.state.turn;
  if (order.some((s, i) => i > index && s.unit === id && s.kind === 'haste')) return;
  if (order[index]?.unit === id && order[index].kind === 'haste') return; // already taking it
  const cmp = byRank(ctx.state);
  let at = order.length;
  for (let i = order.length - 1; i > index; i--) {
    if (order[i].kind === 'haste' && cmp(id, order[i].unit) < 0) at = i;
  }
  const slot: Slot = { unit: id, kind: 'haste', initiative: dataOf(ctx.state.units[id]).speed };
  addSlot(ctx, slot, `Haste: ${ctx.state.units[id].name} takes a second turn before the round ends [OUT-INIT-3]`, at);
}

/**
 * Slow landed: no Haste slot this round; its next turn is the first one lost (OUT-INIT-4). `turns` is the unit
 * whose turns it lives on — itself, or a mount's tamer (ruling OUT-MNT-1: a mount's turns are its rider's).
 */
export function startSlow(ctx: Resolution, id: UnitId, turns: UnitId = id): number {
  removeUpcoming(ctx, id, `Slow: ${ctx.state.units[id].name} loses its Haste turn [OUT-INIT-4]`, 'haste');
  const { order, index, round } = ctx.state.turn;
  const comesThisRound = order.some((s, i) => i > index && s.unit === turns);
  return comesThisRound ? round : round + 1;
}

/** Inspiration: the target acts right after the current turn (OUT-INIT-6). */
export function inspire(ctx: Resolution, id: UnitId): void {
  // an Inspiration on a unit that has acted is an extra turn: at most one a round (ruling OUT-INIT-6)
  if (actedThisRound(ctx.state, id)) ctx.emit({ type: 'unit.data', unit: id, key: 'inspiredRound', value: ctx.state.turn.round });
  insertNext(ctx, id, `Inspiration: ${ctx.state.units[id].name} acts next [OUT-INIT-6]`);
}

/** Why an Inspiration would give the unit a second extra turn this round, or null. */
export function inspirationBlocker(state: EncounterState, id: UnitId): string | null {
  const u = state.units[id];
  if (actedThisRound(state, id) && dataOf(u).inspiredRound === state.turn.round) return `${u.name} has already had an extra turn from Inspiration this round [OUT-INIT-6]`;
  return null;
}

/** The Stop or Slow that takes this turn from the unit, if one does. */
export function lostTurnTo(state: EncounterState, id: UnitId): Effect | undefined {
  for (const fx of state.effects) {
    if (fx.target !== id) continue;
    if (fx.name === 'Stop') return fx;
    if (fx.name === 'Slow' && (state.turn.round - (fx.data?.loseRound as number)) % 2 === 0) return fx;
  }
  return undefined;
}

/** Why a unit's turn is lost to Stop or Slow, or null. */
export function timingSkip(state: EncounterState, id: UnitId): string | null {
  const fx = lostTurnTo(state, id);
  if (!fx) return null;
  return fx.name === 'Stop' ? 'Stop: frozen' : 'Slow: acts every other round';
}
