// A decision in words: the ruleset's labels and sentences, plain words for bare options, and the log's line.
import { describe, expect, it } from 'vitest';
import { choicesOf, optionWords, saidOf } from './decision.ts';
import { describeEvent } from './describe.ts';
import { newEncounter } from './apply.ts';
import type { Pending, Unit } from './types.ts';

const unit = (id: string, name: string): Unit => ({ id, name, side: 'a', status: 'active', stats: {}, pools: {}, data: {} });
const state = newEncounter({ ruleset: 'toy', name: 'd', units: { sefa: unit('sefa', 'Sefa'), g1: unit('g1', 'Goblin') }, unitOrder: ['sefa', 'g1'], sides: ['a'] });

describe('decisions in words', () => {
  it('bare options read as words: a unit by its name, snake_case spaced, a cell as (x, y), never JSON', () => {
    expect(optionWords('g1', state)).toBe('Goblin');
    expect(optionWords('knock_back', state)).toBe('knock back');
    expect(optionWords([4, 3], state)).toBe('(4, 3)');
    expect(optionWords({ reaction: 'evade', to: [4, 3] }, state)).toBe('evade (4, 3)');
    expect(optionWords(null, state)).toBe('nothing');
  });

  it("the ruleset's label and sentence win; without a sentence the log says who decided what", () => {
    const p: Pending = {
      id: 'p1', kind: 'reaction', answeredBy: 'sefa', prompt: 'The javelin is about to hit Sefa', data: {},
      options: [{ reaction: 'none' }, { reaction: 'evade', to: [4, 3] }],
      choices: [{ label: 'Take it' }, { label: 'Evade to (4, 3)', said: 'Sefa evades to (4, 3)', cell: { x: 4, y: 3 } }],
    };
    expect(choicesOf(p, state).map((c) => c.choice.label)).toEqual(['Take it', 'Evade to (4, 3)']);
    expect(saidOf(p, { reaction: 'evade', to: [4, 3] }, state)).toBe('Sefa evades to (4, 3)');
    expect(saidOf(p, { reaction: 'none' }, state)).toBe('Sefa decides: Take it');
    const gm: Pending = { id: 'p2', kind: 'tie', answeredBy: 'gm', prompt: 'Who acts first?', options: ['sefa', 'g1'], data: {} };
    expect(choicesOf(gm, state).map((c) => c.choice)).toEqual([{ label: 'Sefa', unit: 'sefa' }, { label: 'Goblin', unit: 'g1' }]);
    expect(saidOf(gm, 'g1', state)).toBe('The GM decides: Goblin');
    // the log line is the sentence; an old log without one still reads as words
    expect(describeEvent({ type: 'pending.closed', id: 'p1', answer: { reaction: 'evade', to: [4, 3] }, said: 'Sefa evades to (4, 3)' }, state)).toBe('Sefa evades to (4, 3)');
    expect(describeEvent({ type: 'pending.closed', id: 'p1', answer: null }, state)).toBe('Decided');
  });
});

describe('log lines carry no machine words', () => {
  it('undo, redo, data, stats and a change of player read as words, without command ids, JSON or field names', () => {
    const lines = [
      describeEvent({ type: 'undo', command: 'c86' }, state),
      describeEvent({ type: 'redo', command: 'c86' }, state),
      describeEvent({ type: 'unit.data', unit: 'sefa', key: 'attackActions', value: 2 }, state),
      describeEvent({ type: 'unit.data', unit: 'sefa', key: 'plan', value: { a: [1] } }, state),
      describeEvent({ type: 'stat.set', unit: 'sefa', stat: 'moveSpeed', value: 6 }, state),
      describeEvent({ type: 'unit.controller', unit: 'sefa', controller: 'p1' }, state),
      describeEvent({ type: 'encounter.data', key: 'projectiles', value: [] }, state),
    ];
    expect(lines).toEqual([
      'The GM takes back a command',
      'The GM puts back a command',
      "Sefa's attack actions is now 2",
      "Sefa's plan changes",
      "Sefa's move speed becomes 6",
      'Sefa is now played by a player',
      'The projectiles are now none',
    ]);
    for (const l of lines) expect(l).not.toMatch(/\{"|\bc\d+\b|[a-z][A-Z]|\bp1\b/);
  });

  it('damage from a source the reader may not see says so', () => {
    expect(describeEvent({ type: 'pool.changed', unit: 'sefa', pool: 'hp', delta: -14, value: 6, kind: 'damage', unseen: true }, state)).toBe('Sefa takes 14 damage from something unseen (HP 6)');
  });
});
