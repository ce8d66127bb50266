/**
 * Initiative (FRL-INIT-1) and the ambush round (FRL-INIT-2).
 * Ruling: each character rolls 1d20 + its Personality modifier; a GM may choose the literal reading,
 * one d20 per group with every member adding its own Personality (`initiative: group`) — then one side
 * nearly always beats the other and ambushes are the rule. Highest first; ties: the characters
 * before the enemies, then file order. When every character beats every enemy (or the reverse), the
 * first round is an extra ambush round in which the ambushed side is skipped.
 */
import type { EncounterState, Resolution, Slot, Unit } from '../../engine/index.ts';
import { isCharacter, mod, playerSide, units } from './model.ts';

export interface Ambush {
  /** The engine round that is the ambush round (always 1). */
  round: number;
  ambushed: string;
}

interface Entry {
  unit: Unit;
  total: number;
  /** Characters (0) before enemies (1) on a tie, then the order of the file. */
  rank: number;
  place: number;
}

function rollFor(ctx: Resolution, who: string): number {
  return ctx.roll(20, `initiative ${who}`);
}

export function rollInitiative(ctx: Resolution): Slot[] {
  const state = ctx.state;
  const fighters = units(state).filter((u) => u.status === 'active' || u.status === 'down');
  const perGroup = state.data.initiative === 'group';
  const entries: Entry[] = [];
  // `place`: the unit's place among the fighters, in the order of the file
  const record = (u: Unit, place: number, face: number, groupNote?: string) => {
    const bonus = mod(state, u, 'personality');
    const total = face + bonus;
    ctx.check(() => {
      const terms = [{ kind: 'dice' as const, label: 'd20', faces: [face], value: face }, { kind: 'mod' as const, name: 'Personality', value: bonus }];
      return { label: groupNote ? `initiative (${groupNote})` : 'initiative', terms, total, rules: ['FRL-INIT-1'] };
    }, u.id);
    entries.push({ unit: u, total, rank: isCharacter(state, u) ? 0 : 1, place });
  };
  if (perGroup) {
    for (const side of state.sides) {
      if (!fighters.some((u) => u.side === side)) continue;
      const face = rollFor(ctx, side);
      ctx.note(() => `${side} roll initiative as a group: d20 (${face}) [FRL-INIT-1]`);
      fighters.forEach((u, place) => {
        if (u.side === side) record(u, place, face, `group roll of ${side}`);
      });
    }
  } else {
    fighters.forEach((u, place) => record(u, place, rollFor(ctx, u.name)));
  }
  entries.sort((a, b) => b.total - a.total || a.rank - b.rank || a.place - b.place);
  // a tie is settled without dice: the log says how, so no one looks for a tie-break roll
  for (let i = 0; i < entries.length; ) {
    let j = i + 1;
    while (j < entries.length && entries[j].total === entries[i].total) j++;
    if (j - i > 1) ctx.note(() => `Initiative tie at ${entries[i].total}: ${entries.slice(i, j).map((e) => e.unit.name).join(', ')} — characters before enemies, then the order of the file, no roll [FRL-INIT-1]`);
    i = j;
  }
  return entries.map((e) => ({ unit: e.unit.id, initiative: e.total }));
}

/** FRL-INIT-2: the side every one of whose initiatives is below every one of the other side's, if any. */
export function ambushedSide(state: EncounterState, order: Slot[]): string | undefined {
  const chars = order.filter((s) => state.units[s.unit].side === playerSide(state)).map((s) => s.initiative ?? 0);
  const foes = order.filter((s) => state.units[s.unit].side !== playerSide(state)).map((s) => s.initiative ?? 0);
  if (!chars.length || !foes.length) return undefined;
  if (Math.min(...chars) > Math.max(...foes)) return state.sides.find((s) => s !== playerSide(state));
  if (Math.min(...foes) > Math.max(...chars)) return playerSide(state);
  return undefined;
}

export function ambushOf(state: EncounterState): Ambush | undefined {
  return state.data.ambush as unknown as Ambush | undefined;
}

/** Whether the unit is skipped because this is the ambush round and its side is the ambushed one (asked at every turn: the round first). */
export function isAmbushed(state: EncounterState, id: string): boolean {
  const a = ambushOf(state);
  return !!a && state.turn.round === a.round && state.units[id]?.side === a.ambushed;
}

export function startEncounter(ctx: Resolution): void {
  const order = rollInitiative(ctx);
  ctx.emit({ type: 'turn.order', order, index: -1, why: 'initiative' });
  const ambushed = ambushedSide(ctx.state, order);
  if (ambushed === undefined) return;
  const ambush: Ambush = { round: 1, ambushed };
  ctx.setEncounterData('ambush', ambush as unknown as Record<string, string | number>);
  const ambushers = ctx.state.sides.find((s) => s !== ambushed);
  ctx.note(() => `Ambush! Every initiative of ${ambushers} is higher than every one of ${ambushed}: round 1 is an extra ambush round in which ${ambushed} cannot act [FRL-INIT-2]`);
}
