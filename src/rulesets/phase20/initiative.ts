/**
 * Turn order (P20-INIT-1, P20-INIT-2): d20 + Initiative Modifier, highest first; ties go to the higher
 * Agility, then the higher Intelligence, then a re-roll among those still tied (again until they differ).
 */
import type { Resolution, Slot, Unit } from '../../engine/index.ts';
import { mod } from './model.ts';

interface Entry {
  unit: Unit;
  total: number;
  rerolls: number[];
}

/** A raw attribute value (the Agility- and Intelligence-Value of the ties); 0 when the file gives none. */
const attr = (u: Unit, k: string): number => u.stats[k] ?? 0;
const differ = (a: Entry, b: Entry): boolean => attr(a.unit, 'agility') !== attr(b.unit, 'agility') || attr(a.unit, 'intelligence') !== attr(b.unit, 'intelligence');

/** Higher total first, then higher Agility, then higher Intelligence (P20-INIT-2). */
const cmp = (a: Entry, b: Entry) => b.total - a.total || attr(b.unit, 'agility') - attr(a.unit, 'agility') || attr(b.unit, 'intelligence') - attr(a.unit, 'intelligence');

/**
 * `entries` sorted by `cmp` in place, equals kept in their order: what `Array.prototype.sort` (stable)
 * gives, by insertion — every simulated fight sorts its handful of units once.
 */
function sortStable(entries: Entry[]): void {
  for (let i = 1; i < entries.length; i++) {
    const e = entries[i];
    let j = i - 1;
    for (; j >= 0 && cmp(entries[j], e) > 0; j--) entries[j + 1] = entries[j];
    entries[j + 1] = e;
  }
}

export function rollInitiative(ctx: Resolution): Slot[] {
  const entries: Entry[] = [];
  for (const id of ctx.state.unitOrder) {
    const u = ctx.state.units[id];
    if (u.status !== 'active' && u.status !== 'down') continue; // a fainted unit keeps a slot to return to (P20-GEN-4)
    const bonus = mod(ctx.state, u, 'initiative');
    const face = ctx.roll(20, `initiative ${u.name}`);
    const total = face + bonus;
    ctx.check(() => ({ label: 'initiative', terms: [{ kind: 'dice', label: 'd20', faces: [face], value: face }, { kind: 'mod', name: 'Initiative', value: bonus }], total, rules: ['P20-INIT-1'] }), u.id);
    entries.push({ unit: u, total, rerolls: [] });
  }
  sortStable(entries);
  noteAttributeTies(ctx, entries);
  // re-roll among those tied on total, Agility and Intelligence, until each group is ordered
  let i = 0;
  while (i < entries.length) {
    let j = i + 1;
    while (j < entries.length && cmp(entries[i], entries[j]) === 0) j++;
    if (j - i > 1) orderTied(ctx, entries.slice(i, j)).forEach((e, k) => (entries[i + k] = e));
    i = j;
  }
  return entries.map((e) => ({ unit: e.unit.id, initiative: e.total }));
}

/** Equal totals settled by Agility, then Intelligence, said in the log so the order can be checked (P20-INIT-2). */
function noteAttributeTies(ctx: Resolution, sorted: Entry[]): void {
  const settled: Entry[][] = [];
  for (let i = 0; i < sorted.length; ) {
    let j = i + 1;
    let differs = false;
    for (; j < sorted.length && sorted[j].total === sorted[i].total; j++) differs ||= differ(sorted[i], sorted[j]);
    if (differs) settled.push(sorted.slice(i, j));
    i = j;
  }
  if (!settled.length) return;
  const words = (tie: Entry[]) => `at ${tie[0].total}: ${tie.map((e) => `${e.unit.name} (Agility ${attr(e.unit, 'agility')}, Intelligence ${attr(e.unit, 'intelligence')})`).join(', ')}`;
  ctx.note(() => `Initiative ties, higher Agility first, then higher Intelligence — ${settled.map(words).join('; ')} [P20-INIT-2]`);
}

function orderTied(ctx: Resolution, tied: Entry[]): Entry[] {
  const names = tied.map((e) => e.unit.name).join(', ');
  const rolls = tied.map((e) => {
    const face = ctx.roll(20, `initiative re-roll ${e.unit.name}`);
    e.rerolls.push(face);
    return { e, face };
  });
  ctx.note(() => `Initiative tie between ${names} (same total, Agility and Intelligence): re-roll of the d20 alone, higher first: ${rolls.map((r) => `${r.e.unit.name} d20(${r.face})`).join(', ')} [P20-INIT-2]`);
  rolls.sort((a, b) => b.face - a.face);
  const out: Entry[] = [];
  let i = 0;
  while (i < rolls.length) {
    let j = i + 1;
    while (j < rolls.length && rolls[j].face === rolls[i].face) j++;
    const group = rolls.slice(i, j).map((r) => r.e);
    out.push(...(group.length > 1 ? orderTied(ctx, group) : group));
    i = j;
  }
  return out;
}

/**
 * A unit added mid-combat rolls initiative (P20-INIT-1) and takes its place among the slots still to
 * come this round; if its total beats everyone still to act it goes next. Ties go after those already placed.
 */
export function placeByInitiative(ctx: Resolution, id: string): void {
  const u = ctx.unit(id);
  const bonus = mod(ctx.state, u, 'initiative');
  const face = ctx.roll(20, `initiative ${u.name}`);
  const total = face + bonus;
  ctx.check(() => ({ label: 'initiative', terms: [{ kind: 'dice', label: 'd20', faces: [face], value: face }, { kind: 'mod', name: 'Initiative', value: bonus }], total, rules: ['P20-INIT-1'] }), id);
  const { order, index } = ctx.state.turn;
  const kept = order.filter((s) => s.unit !== id);
  let at = kept.length;
  for (let i = Math.max(index + 1, 0); i < kept.length; i++) {
    if ((kept[i].initiative ?? -Infinity) < total) {
      at = i;
      break;
    }
  }
  const next = [...kept.slice(0, at), { unit: id, initiative: total }, ...kept.slice(at)];
  ctx.emit({ type: 'turn.order', order: next, index, why: `${u.name} joins at initiative ${total}` });
}
