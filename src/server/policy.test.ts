import { describe, expect, it } from 'vitest';
import { ApiError } from './errors.ts';
import { hiddenUnits, isGmCommand, prepareCommand, scrubMessage, secretsFor, tableAccess, unitAccess, type Principal } from './policy.ts';
import type { EncounterState } from '../engine/index.ts';

const state = {
  ruleset: 'x', name: 'n', status: 'active', version: 1, sides: ['a', 'b'], effects: [], pending: [], nextId: 1, data: { gmNotes: 'table secret' },
  turn: { round: 1, order: [], index: -1 },
  unitOrder: ['k', 'o', 'h'],
  units: {
    k: { id: 'k', name: 'Kara', side: 'a', controller: 'p1', status: 'active', stats: {}, pools: {}, data: {} },
    o: { id: 'o', name: 'Orc', side: 'b', status: 'active', stats: {}, pools: {}, data: { gmNotes: 'flees at 3 hp' } },
    h: { id: 'h', name: 'Hidden Hag', side: 'b', status: 'active', hidden: true, stats: {}, pools: {}, data: {} },
  },
} as unknown as EncounterState;

const gm: Principal = { role: 'gm', tableId: 't' };
const p1: Principal = { role: 'player', tableId: 't', playerId: 'p1' };
const p2: Principal = { role: 'player', tableId: 't', playerId: 'p2' };

describe('policy', () => {
  it('table access: anonymous 401, another table 403, players not GM', () => {
    expect(tableAccess({ role: 'anonymous' }, 't', 'member')?.status).toBe(401);
    expect(tableAccess({ role: 'gm', tableId: 'u' }, 't', 'member')?.status).toBe(403);
    expect(tableAccess(p1, 't', 'gm')?.status).toBe(403);
    expect(tableAccess(p1, 't', 'member')).toBeUndefined();
    expect(tableAccess(gm, 't', 'gm')).toBeUndefined();
  });

  it('units: hidden is unknown to players, others are forbidden to act for', () => {
    expect(unitAccess(gm, state, 'h', 'act')).toBeUndefined();
    // the same answer as for a unit that does not exist
    const [hidden, missing] = [unitAccess(p1, state, 'h', 'see')!, unitAccess(p1, state, 'zz', 'see')!];
    expect([hidden.status, hidden.code, hidden.field, hidden.message.replace('"h"', '"?"')]).toEqual([missing.status, missing.code, missing.field, missing.message.replace('"zz"', '"?"')]);
    expect(unitAccess(p1, state, 'h', 'see')?.code).toBe('unit/unknown');
    expect(unitAccess(p1, state, 'o', 'act')?.code).toBe('FORBIDDEN');
    expect(unitAccess(p1, state, 'k', 'act')).toBeUndefined();
    expect(unitAccess(p2, state, 'k', 'act')?.code).toBe('FORBIDDEN');
  });

  it('secrets and scrubbing', () => {
    expect(hiddenUnits(p1, state)).toEqual(['h']);
    expect(hiddenUnits(gm, state)).toEqual([]);
    expect(secretsFor(p1, state).sort()).toEqual(['Hidden Hag', 'flees at 3 hp', 'h', 'table secret'].sort());
    expect(scrubMessage("it is Hidden Hag's turn", 'turn/x', secretsFor(p1, state))).toBe('the command was refused (turn/x)');
    expect(scrubMessage('fine', 'x', secretsFor(p1, state))).toBe('fine');
  });

  it('prepares player commands: GM-only refused, hidden ids swapped for absent ones and restored in messages', () => {
    expect(isGmCommand('gm.hide')).toBe(true);
    expect(isGmCommand('undo')).toBe(true);
    expect(isGmCommand('attack')).toBe(false);
    expect((prepareCommand(p1, state, { type: 'gm.hide', unit: 'h' }) as ApiError).code).toBe('FORBIDDEN');
    expect((prepareCommand(p1, state, { type: 'attack' }) as ApiError).code).toBe('command/no_actor');
    expect((prepareCommand(p1, state, { type: 'attack', actor: 'o' }) as ApiError).code).toBe('FORBIDDEN');
    expect((prepareCommand(p1, state, { type: 'attack', actor: 'h' }) as ApiError).code).toBe('unit/unknown');
    const ok = prepareCommand(p1, state, { type: 'cast', actor: 'k', target: 'h', targets: ['o', 'h'] });
    if (ok instanceof ApiError) throw ok;
    expect(ok.command.target).not.toBe('h');
    expect(ok.command.targets).toEqual(['o', ok.command.target]);
    expect(state.units[ok.command.target as string]).toBeUndefined();
    expect(ok.restore(`there is no unit "${String(ok.command.target)}"`)).toBe('there is no unit "h"');
    const asGm = prepareCommand(gm, state, { type: 'gm.hide', unit: 'h' });
    expect(asGm).toMatchObject({ command: { type: 'gm.hide', unit: 'h' } });
  });

  it('answers: only to a decision the player owns', () => {
    const s = { ...state, pending: [{ id: 'q1', kind: 'tie', answeredBy: 'gm', prompt: '?', options: [1], data: {} }, { id: 'q2', kind: 'r', answeredBy: 'k', prompt: '?', options: [1], data: {} }, { id: 'q3', kind: 'r', answeredBy: 'h', prompt: '?', options: [1], data: {} }] } as EncounterState;
    expect((prepareCommand(p1, s, { type: 'answer', actor: 'k', pending: 'q1', choice: 1 }) as ApiError).code).toBe('FORBIDDEN');
    expect(prepareCommand(p1, s, { type: 'answer', actor: 'k', pending: 'q2', choice: 1 })).not.toBeInstanceOf(ApiError);
    expect((prepareCommand(p1, s, { type: 'answer', actor: 'k', pending: 'q3', choice: 1 }) as ApiError).code).toBe('pending/unknown');
  });
});
