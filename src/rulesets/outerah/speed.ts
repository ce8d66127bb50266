/**
 * The Speed check (OUT-INIT-1): class base Speed + 1 per full 20 Agility + 1d12, highest first.
 * Ties (OUT-INIT-2): `settings.ties: coin` flips a seeded coin (a d2; among n tied units a dn picks who
 * goes first, again until one is left); `gm` asks the GM, one "who goes first?" at a time.
 * The settled order is kept as each unit's `rank`, which also orders hasted units (OUT-INIT-3).
 */
import { replaceOrder, type EncounterState, type Json, type Pending, type Resolution, type Slot, type Unit } from '../../engine/index.ts';
import { riderOf } from './mount-model.ts';
import { petInfo, trainerOf } from './pets.ts';
import { classRow, type ClassId, type ClassRow } from './classes.ts';
import { dataOf, settingsOf, stat } from './model.ts';
import { startTurn } from './turn.ts';

interface Entry {
  unit: Unit;
  speed: number;
}

export function speedCheck(ctx: Resolution, u: Unit): number {
  const d = dataOf(u);
  const agility = stat(u, 'agility');
  const fromAgility = Math.floor(agility / 20);
  const face = ctx.roll(12, `Speed check ${u.name}`);
  const total = d.baseSpeed + fromAgility + face;
  // the class's name and why it rolls are the log's words: read only when it is kept (the check is built at once)
  ctx.check(() => {
    const row = classRow((ctx.state.data.classes ?? {}) as Partial<Record<ClassId, Partial<ClassRow>>>, d.class);
    const why = whyItRolls(ctx.state, u);
    return {
      label: 'Speed check',
      terms: [
        { kind: 'mod', name: `${row.name} base`, value: d.baseSpeed },
        { kind: 'mod', name: `Agility ${agility} ÷ 20`, value: fromAgility },
        { kind: 'dice', label: 'd12', faces: [face], value: face },
      ],
      total,
      ...(why ? { outcome: why.text } : {}),
      rules: ['OUT-INIT-1', ...(why ? [why.rule] : [])],
    };
  }, u.id);
  return total;
}

/**
 * Why a unit that does not act on its own rolls a Speed die all the same (the log says it): a mount's slot, never
 * its turn, keeps its effects' time should its tamer fall (the mount's clock, ruling OUT-MNT-1); a controlled pet
 * takes its own turns in that slot should its trainer fall (ruling OUT-PET-1).
 */
function whyItRolls(state: EncounterState, u: Unit): { text: string; rule: string } | undefined {
  const tamer = riderOf(state, u);
  if (tamer) return { text: `a mount takes no turns (it moves only with ${tamer.name}); its place keeps its effects' time should ${tamer.name} fall`, rule: 'OUT-MNT-1' };
  const trainer = petInfo(u) ? trainerOf(state, u) : undefined;
  if (trainer) return { text: `a pet acts on ${trainer.name}'s orders; it takes its own turn in this place should ${trainer.name} fall`, rule: 'OUT-PET-1' };
  return undefined;
}

/** Order a tied group by coin: a d(n) picks who goes first among those left, until one is left. */
function flipFor(ctx: Resolution, tied: Entry[]): Entry[] {
  const left = [...tied];
  const out: Entry[] = [];
  while (left.length > 1) {
    const face = ctx.roll(left.length, 'Speed tie');
    const [first] = left.splice(face - 1, 1);
    out.push(first);
    ctx.note(() => `Speed tie at ${first.speed} between ${[first, ...left].map((e) => e.unit.name).join(', ')}: d${left.length + 1}(${face}) → ${first.unit.name} first [OUT-INIT-2]`);
  }
  return [...out, ...left];
}

/** Roll every standing unit's Speed check, break ties, set ranks; returns the first round's order. */
export function rollSpeed(ctx: Resolution): { order: Slot[]; gmTies: string[][] } {
  const entries: Entry[] = ctx.state.unitOrder
    .map((id) => ctx.state.units[id])
    .filter((u) => u.status === 'active' || u.status === 'down') // a downed unit keeps a place to return to
    .map((u) => ({ unit: u, speed: speedCheck(ctx, u) }));
  entries.sort((a, b) => b.speed - a.speed); // stable: file order among equals until settled
  const gm = settingsOf(ctx.state).ties === 'gm';
  const gmTies: string[][] = [];
  const ordered: Entry[] = [];
  for (let i = 0; i < entries.length; ) {
    let j = i + 1;
    while (j < entries.length && entries[j].speed === entries[i].speed) j++;
    const group = entries.slice(i, j);
    if (group.length > 1 && gm) gmTies.push(group.map((e) => e.unit.id));
    ordered.push(...(group.length > 1 && !gm ? flipFor(ctx, group) : group));
    i = j;
  }
  ordered.forEach((e, k) => {
    ctx.setData(e.unit.id, 'speed', e.speed);
    ctx.setData(e.unit.id, 'rank', k);
  });
  return { order: ordered.map((e) => ({ unit: e.unit.id, initiative: e.speed })), gmTies };
}

/**
 * Ask the GM about the first tied group still open (OUT-INIT-2). `later`: the ties of a Speed check rolled mid-fight
 * (combat restarting, ruling OUT-OPEN-2), which order the next round: the answer settles ranks, not this round's slots.
 */
export function askTie(ctx: Resolution, groups: string[][], later = false): void {
  const [group, ...rest] = groups;
  if (!group) return;
  const names = group.map((id) => ctx.state.units[id].name).join(', ');
  ctx.openPending({
    kind: 'speed_tie',
    answeredBy: 'gm',
    prompt: `Speed tie between ${names} (Speed ${dataOf(ctx.state.units[group[0]]).speed}): who acts first?`,
    options: group,
    choices: group.map((id) => ({ label: `${ctx.state.units[id].name} first`, said: `The GM breaks the Speed tie: ${ctx.state.units[id].name} acts first${later ? ' from the next round' : ''} [OUT-INIT-2]`, unit: id })),
    data: { group, rest: rest as Json, ...(later ? { later: true } : {}) },
  });
}

/** The GM named who goes first among a tied group: reorder their slots, re-rank, ask about the rest. */
export function answerTie(ctx: Resolution, p: Pending, choice: Json): void {
  const group = p.data.group as string[];
  const first = String(choice);
  if (p.data.later) {
    // the next round's order: the one named goes first among the group's ranks, the others keep theirs in order
    const ranks = group.map((id) => dataOf(ctx.state.units[id]).rank ?? 0).sort((a, b) => a - b);
    [first, ...group.filter((u) => u !== first)].forEach((id, k) => ctx.setData(id, 'rank', ranks[k]));
    ctx.note(() => `the GM breaks the Speed tie: ${ctx.state.units[first].name} first from the next round [OUT-INIT-2]`);
    const left = group.filter((u) => u !== first);
    askTie(ctx, left.length > 1 ? [left, ...(p.data.rest as string[][])] : (p.data.rest as string[][]), true);
    return;
  }
  const before = ctx.state.turn.order[ctx.state.turn.index]?.unit;
  const order = ctx.state.turn.order.map((s) => ({ ...s }));
  const places = order.flatMap((s, i) => (group.includes(s.unit) && (s.kind ?? 'normal') === 'normal' ? [i] : []));
  const current = places.map((i) => order[i].unit);
  const wanted = [first, ...current.filter((u) => u !== first)];
  places.forEach((i, k) => (order[i] = { ...order[i], unit: wanted[k] }));
  replaceOrder(ctx, order, `the GM breaks the Speed tie: ${ctx.state.units[first].name} first [OUT-INIT-2]`);
  order.filter((s) => (s.kind ?? 'normal') === 'normal').forEach((s, k) => {
    if (dataOf(ctx.state.units[s.unit]).rank !== k) ctx.setData(s.unit, 'rank', k);
  });
  // the first turn may already have begun for the unit the GM put second: it begins again for the right one
  const now = ctx.state.turn.order[ctx.state.turn.index]?.unit;
  if (now !== undefined && now !== before) {
    ctx.emit({ type: 'turn.started', unit: now, index: ctx.state.turn.index });
    startTurn(ctx, now);
  }
  const left = group.filter((u) => u !== first);
  askTie(ctx, left.length > 1 ? [left, ...(p.data.rest as string[][])] : (p.data.rest as string[][]));
}
