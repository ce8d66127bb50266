// The readable log's lines (log.ts): a GM's reason said once per override, a GM's note marked as the GM's.
import { describe, expect, it } from 'vitest';
import type { LoggedEvent } from '../../../engine/index.ts';
import { LogBuilder } from './log.ts';

const unit = (id: string, name: string, hp: number) => ({ id, name, side: 'heroes', status: 'active', stats: {}, pools: { hp: { value: hp, max: 26 } }, data: {} });
const created = {
  type: 'encounter.created', seq: 1, cmd: 'c1',
  state: { ruleset: 'phase20', name: 'x', status: 'active', version: 0, units: { rook: unit('rook', 'Rook', 20) }, unitOrder: ['rook'], sides: ['heroes'], turn: { round: 1, order: [], index: -1 }, effects: [], pending: [], nextId: 1, data: {} },
} as unknown as LoggedEvent;

describe('the log of a GM override', () => {
  it('says the GM\'s reason once, on the override\'s first line, not on every line it made', () => {
    const log = new LogBuilder();
    const reason = 'a rock fell';
    log.add([
      created,
      { type: 'check', seq: 2, cmd: 'c2', target: 'rook', dice: [], breakdown: { label: 'GM damage', terms: [{ kind: 'mod', name: 'damage', value: 5 }], total: 5, outcome: '5 HP lost, plain damage (this ruleset has no damage rules)' }, reason },
      { type: 'pool.changed', seq: 3, cmd: 'c2', unit: 'rook', pool: 'hp', delta: -5, value: 15, kind: 'damage', reason },
      // the next override, with the same words, says them again
      { type: 'pool.changed', seq: 4, cmd: 'c3', unit: 'rook', pool: 'hp', delta: -1, value: 14, kind: 'damage', reason },
    ] as unknown as LoggedEvent[]);
    expect(log.lines.slice(1).map((l) => [l.text, l.reason])).toEqual([
      ['GM damage: damage 5 → 5 HP lost, plain damage (this ruleset has no damage rules)', reason],
      ['Rook takes 5 damage (HP 15)', undefined],
      ['Rook takes 1 damage (HP 14)', reason],
    ]);
  });

  it('marks a note the GM wrote as the GM\'s', () => {
    const log = new LogBuilder();
    log.add([created, { type: 'note', seq: 2, cmd: 'c2', text: 'The bridge creaks.', by: 'gm' }, { type: 'note', seq: 3, cmd: 'c3', text: 'Rook braces.' }] as unknown as LoggedEvent[]);
    expect(log.lines.slice(1).map((l) => l.text)).toEqual(['GM: The bridge creaks.', 'Rook braces.']);
  });
});
