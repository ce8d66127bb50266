/**
 * GM commands the server decides itself while the engine has none of that name: hiding and revealing
 * units, assigning a unit to a player, GM-only rolls and notes. They become ordinary events in the log
 * (unit.hidden, unit.controller, note) — undo, replay and views treat them like any other. The server
 * asks the engine first, so an engine command of the same name takes over when it exists.
 */
import { z } from 'zod';
import { DiceError, rollDice, type DiceSource } from '../dice/index.ts';
import { reject, type Command, type EncounterState, type GameEvent, type Rejection } from '../engine/index.ts';
import { PlayerId, parseWith } from './schemas.ts';
import { ApiError } from './errors.ts';

const unitField = z.string().min(1).max(64);
const reason = z.string().max(500).optional();

export const GmCommand = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('gm.hide'), unit: unitField, reason }),
  z.strictObject({ type: z.literal('gm.reveal'), unit: unitField, reason }),
  z.strictObject({ type: z.literal('gm.assign'), unit: unitField, player: PlayerId.nullable().meta({ description: 'null: back to the GM' }), reason }),
  z.strictObject({ type: z.literal('gm.roll'), dice: z.string().min(1).max(100), label: z.string().max(100).optional() }),
  z.strictObject({ type: z.literal('gm.note'), text: z.string().min(1).max(2000), public: z.boolean().optional() }),
]);

export const SERVER_GM_COMMANDS = new Set(['gm.hide', 'gm.reveal', 'gm.assign', 'gm.roll', 'gm.note']);

export function decideGmCommand(state: EncounterState, command: Command, dice: DiceSource, players: readonly string[]): GameEvent[] | Rejection {
  let c: z.infer<typeof GmCommand>;
  try {
    c = parseWith(GmCommand, command);
  } catch (err) {
    const e = err as ApiError;
    return reject('command/malformed', e.message, e.field);
  }
  if (state.status === 'ended' && c.type !== 'gm.note' && c.type !== 'gm.roll') return reject('encounter/ended', 'the combat is over');
  const unit = 'unit' in c ? (Object.hasOwn(state.units, c.unit) ? state.units[c.unit] : undefined) : undefined;
  if ('unit' in c && !unit) return reject('unit/unknown', `there is no unit "${c.unit}"`, 'unit');
  const why = 'reason' in c && c.reason ? { reason: c.reason } : {};
  switch (c.type) {
    case 'gm.hide':
    case 'gm.reveal': {
      const hidden = c.type === 'gm.hide';
      if (!!unit!.hidden === hidden) return reject('unit/unchanged', `${unit!.name} is already ${hidden ? 'hidden' : 'visible'}`, 'unit');
      return [{ type: 'unit.hidden', unit: unit!.id, hidden, ...why }];
    }
    case 'gm.assign': {
      if (c.player !== null && !players.includes(c.player)) return reject('player/unknown', `there is no player "${c.player}" at this table; invite one first`, 'player');
      return [{ type: 'unit.controller', unit: unit!.id, ...(c.player !== null ? { controller: c.player } : {}), ...why }];
    }
    case 'gm.roll': {
      try {
        const r = rollDice(c.dice, dice, { label: c.label ?? c.dice });
        return [{ type: 'note', visibility: 'gm', text: `GM rolls ${c.label ? `${c.label}: ` : ''}${r.breakdown}`, dice: r.draws.map((d) => ({ ...d, ...(c.label ? { label: c.label } : {}) })) }];
      } catch (err) {
        if (err instanceof DiceError) return reject(err.code, err.message, 'dice');
        throw err;
      }
    }
    case 'gm.note':
      return [{ type: 'note', text: c.text, by: 'gm', ...(c.public ? {} : { visibility: 'gm' as const }) }];
  }
}
