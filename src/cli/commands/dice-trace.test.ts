// `skirmish run --explain-dice`: the dice a scenario's script asks for, in order, each named, with where it came from.
import { describe, expect, it } from 'vitest';
import { createEngine } from '../../engine/index.ts';
import { loadFile } from '../files.ts';
import { duel } from '../../rulesets/outerah/fixtures.ts';
import { outerah } from '../../rulesets/outerah/index.ts';
import { explainScenario } from './dice-trace.ts';
import { toyCards } from '../../engine/testing/cards.ts';
import { toyDoc } from '../../engine/testing/toy.ts';

describe('explain the dice of a scenario', () => {
  it('lists each die the script draws in order — the start\'s Speed checks of a mount too — and says which the file gave', () => {
    // outerah: Hero rides the Horse; the start draws a d12 Speed check for each unit in file order, the mount's
    // included; then Hero's Sword at Foe: critical D100, hit D100, the 1d8 — one die short in the file's list
    const horse = { id: 'horse', name: 'Horse', side: 'heroes', class: 'hunter', level: 3, at: [2, 2], hp: 30, move: 8, jump: 3, stats: { agility: 10, vitality: 0 } };
    const doc = duel({ hero: { stats: { strength: 20, vitality: 20, agility: 20, charisma: 30, intelligence: 10, wisdom: 40 }, mount: { unit: 'horse' } }, extra: [horse] });
    const engine = createEngine(outerah);
    const commands = [{ type: 'attack', actor: 'hero', target: 'foe', weapon: 'sword' }, { type: 'end_turn', actor: 'hero', ifOpen: true }];
    const { lines, disagreement } = explainScenario(engine, engine.create(outerah.encounterSchema.parse(doc)), { commands, dice: [5, 1, 1, 50, 30], seed: 1, maxRounds: 3 });
    expect(disagreement).toBeUndefined();
    expect(lines[0]).toBe('Dice the scenario asks for, in order (the start and 2 scripted steps):');
    const dice = lines.slice(1, -1).map((l) => l.replace(/^ *\d+\. /, '').replace(/ — \d+, from .*$/, ''));
    expect(dice.slice(0, 3).every((d) => /^d12 .*Speed.* — start$/i.test(d))).toBe(true);
    expect(dice.slice(3).map((d) => d.split(' — ')[1])).toEqual(['step 1 (attack hero)', 'step 1 (attack hero)', 'step 1 (attack hero)']);
    expect(lines[3]).toMatch(/Horse/); // the mount's own Speed check is listed by name
    expect(lines.slice(1, 6).every((l) => /from the file's dice #\d$/.test(l))).toBe(true);
    expect(lines[6]).toMatch(/^ *6\. d8 .* — step 1 \(attack hero\) — \d, from the seed \(the file's dice ran out\)$/);
    expect(lines.at(-1)).toBe('After the script the policies play on; their dice come from the seed.');
  });

  it('a scenario file: the duel60 counter spell asks for the counter\'s d60, then the javelin\'s', () => {
    const loaded = loadFile('examples/scenarios/duel60-counter-spell.yaml');
    const engine = createEngine(loaded.ruleset);
    const { lines } = explainScenario(engine, engine.create(loaded.doc), { commands: loaded.commands ?? [], dice: loaded.dice ?? [], seed: 1, maxRounds: 5 });
    expect(lines.slice(1, 3)).toEqual([
      "  1. d60 counter — step 3 (answer decision of brute) — 50, from the file's dice #1",
      "  2. d60 Javelin — step 3 (answer decision of brute) — 30, from the file's dice #2",
    ]);
  });

  it('names a card the script deals by its name, from the file or the seed', () => {
    const engine = createEngine(toyCards);
    const created = engine.create(toyDoc([{ id: 'a', side: 'x', hp: 10 }, { id: 'b', side: 'y', hp: 10 }]));
    const { lines } = explainScenario(engine, created, { commands: [], dice: ['A♠', '2♣', '5♥'], seed: 1, maxRounds: 2 });
    expect(lines.slice(0, 4)).toEqual([
      'Dice the scenario asks for, in order (the start and 0 scripted steps):',
      '  1. a card, action card — start — A♠, from the file\'s dice #1',
      '  2. a card, hand card — start — 2♣, from the file\'s dice #2',
      '  3. a card, action card — start — 5♥, from the file\'s dice #3',
    ]);
    expect(lines[4]).toMatch(/^ {2}4\. a card, hand card — start — \S+, from the seed \(the file's dice ran out\)$/);
  });
});
