import { describe, expect, it } from 'vitest';
import type { EncounterState, LoggedEvent } from '../../../engine/index.ts';
import { linksShown, linkText } from './links.ts';
import { LogBuilder } from './log.ts';

const unit = (id: string, name: string, links?: unknown) => ({ id, name, side: 'heroes', status: 'active', stats: {}, pools: {}, data: links ? { links } : {} });

const state = {
  units: {
    kara: unit('kara', 'Kara', [{ with: 'wolf', kind: 'pet', lead: true }, { with: 'ghost', kind: 'bond', lead: false }]),
    wolf: unit('wolf', 'Wolf', [{ with: 'kara', kind: 'pet', lead: false }]),
  },
  unitOrder: ['kara', 'wolf'],
} as unknown as EncounterState;

describe('linksShown', () => {
  it('names the other unit and leaves out one this page cannot see', () => {
    expect(linksShown(state, 'kara').map(linkText)).toEqual(['leads Wolf (pet)']);
    expect(linksShown(state, 'wolf').map(linkText)).toEqual(['led by Kara (pet)']);
    expect(linksShown(state, 'nobody')).toEqual([]);
  });
});

describe('the log words link changes', () => {
  const created = {
    type: 'encounter.created',
    seq: 1,
    cmd: 'c1',
    state: {
      ruleset: 'phase20', name: 'x', status: 'setup', version: 0, units: { kara: unit('kara', 'Kara'), wolf: unit('wolf', 'Wolf') }, unitOrder: ['kara', 'wolf'],
      sides: ['heroes'], turn: { round: 0, order: [], index: -1 }, effects: [], pending: [], nextId: 1, data: {},
    },
  } as unknown as LoggedEvent;
  const data = (seq: number, u: string, value: unknown, reason = 'linked by the GM') => ({ type: 'unit.data', seq, cmd: `c${seq}`, unit: u, key: 'links', reason, ...(value ? { value } : {}) }) as unknown as LoggedEvent;

  it('says who now leads whom, and what ended, with the reason kept', () => {
    const log = new LogBuilder();
    log.add([
      created,
      data(2, 'kara', [{ with: 'wolf', kind: 'pet', lead: true }]),
      data(3, 'wolf', [{ with: 'kara', kind: 'pet', lead: false }]),
      data(4, 'kara', undefined, 'unlinked by the GM'),
      data(5, 'wolf', undefined, 'unlinked by the GM'),
    ]);
    expect(log.lines.slice(1).map((l) => [l.text, l.reason, l.bookkeeping])).toEqual([
      ['Kara now leads Wolf (pet)', 'linked by the GM', false],
      ['Wolf is now led by Kara (pet)', 'linked by the GM', false],
      ['Kara no longer leads Wolf (pet)', 'unlinked by the GM', false],
      ['Wolf is no longer led by Kara (pet)', 'unlinked by the GM', false],
    ]);
  });
});
