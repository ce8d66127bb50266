// The contract catches what it promises to: a small ruleset (the engine's death-saves test rules) keeps
// it, and each way of breaking it fails the clause that names the break, saying where.
import { describe, expect, it } from 'vitest';
import { Distribution } from '../../dice/index.ts';
import type { Ruleset } from '../../engine/index.ts';
import { deathSaves, deathSavesDoc } from '../../engine/testing/death-saves.ts';
import { checkRuleset } from './index.ts';
import { examplesEnd, type LoadedExample } from './examples.ts';
import { forkedEqualsLogged } from './fast-path.ts';
import { optionsHold } from './options.ts';
import { mentions, viewsHide } from './views.ts';
import { viewRulesOf } from '../../engine/index.ts';
import { toyCards } from '../../engine/testing/cards.ts';
import { toyDoc } from '../../engine/testing/toy.ts';

const doc = deathSavesDoc([{ id: 'ana', side: 'heroes', hp: 8 }, { id: 'bo', side: 'heroes', hp: 8 }, { id: 'gob', side: 'foes', hp: 6 }, { id: 'rat', side: 'foes', hp: 4 }]);
const examples = (ruleset: Ruleset): LoadedExample[] => [{ file: 'examples/death-saves/brawl.yaml', loaded: { ruleset, doc, commands: [] } }];
const broken = (over: Partial<Ruleset>): Ruleset => ({ ...deathSaves, ...over });

describe('the ruleset contract', () => {
  it('a small sound ruleset keeps every clause but the files one, which wants its examples registered', () => {
    const ex = examples(deathSaves);
    const clauses = [examplesEnd(deathSaves, ex), optionsHold(deathSaves, ex).accepted, optionsHold(deathSaves, ex).previews, forkedEqualsLogged(deathSaves, ex), viewsHide(deathSaves, ex)];
    expect(clauses.map((c) => [c.clause, c.ok, c.problems])).toEqual([
      ['examples end', true, []],
      ['listed options are accepted', true, []],
      ['previews sum to 1', true, []],
      ['forked + unlogged play equals logged play', true, []],
      ['views hide hidden units', true, []],
    ]);
    // the file clause reads texts through the registry: an unregistered ruleset's file is refused by name
    const files = checkRuleset(deathSaves, [{ file: 'brawl.yaml', text: 'ruleset: death-saves\nunits: []\n' }])[0];
    expect(files).toMatchObject({ clause: 'files validate', ok: false, problems: [expect.stringContaining('unknown ruleset "death-saves"')] });
    expect(checkRuleset(deathSaves, [])[0].problems).toEqual(['no example encounters: add at least one to examples/death-saves/']);
  });

  it('an option listed that its command refuses fails "listed options are accepted", naming the option', () => {
    const liar = broken({
      legalActions: (state, unit) => [...deathSaves.legalActions(state, unit), { command: { type: 'strike', actor: unit, target: 'nobody' }, label: 'strike the air', group: 'attack' }],
    });
    const c = optionsHold(liar, examples(liar)).accepted;
    expect(c.ok).toBe(false);
    expect(c.problems[0]).toMatch(/^examples\/death-saves\/brawl\.yaml, round 1: "strike the air" .* was listed for \w+ but refused: action\/bad_target: no such standing target$/);
  });

  it('odds that are not probabilities fail "previews sum to 1": a chance past 1, chances summing to 0.9, a mean that is not the mean', () => {
    const fail = (preview: Ruleset['preview']) => {
      const r = broken({ preview });
      return optionsHold(r, examples(r)).previews;
    };
    const over = fail(() => ({ chance: 1.15 }));
    expect(over.ok).toBe(false);
    expect(over.problems[0]).toMatch(/the odds of "strike \w+": chance 1\.15 is not in \[0, 1\]$/);
    // a pmf assembled by hand (the dice layer's own constructors refuse one that does not sum to 1)
    expect(fail(() => ({ chance: 0.5, damage: Distribution.fromPmf({ v: [0, 3], p: [0.5, 0.4] }) })).problems[0]).toMatch(/the damage distribution's chances sum to 0\.9\d*, not 1$/);
    expect(fail(() => ({ chance: 0.5, damage: Distribution.fromPairs([[0, 0.5], [3, 0.5]]), expectedDamage: 2 })).problems[0]).toMatch(/expected damage 2 is not the distribution's mean 1\.5$/);
  });

  it('a fight that never ends fails "examples end"', () => {
    const idle = broken({ legalActions: (_s, unit) => [{ command: { type: 'end_turn', actor: unit }, label: 'wait', group: 'turn' }] });
    const c = examplesEnd(idle, examples(idle), 1, 20);
    expect(c).toMatchObject({ ok: false, problems: ['examples/death-saves/brawl.yaml, seed 1: no result after 20 rounds'] });
  });

  it('a rule that changes the state outside events fails the fork clause: it reaches back into the shared set-up state', () => {
    const sloppy = broken({
      create(raw) {
        const s = deathSaves.create(raw);
        s.data.strikes = [];
        return s;
      },
      commands: {
        ...deathSaves.commands,
        strike: {
          resolve(ctx, cmd) {
            // wrong: written straight into the state, not through an event
            (ctx.state.data.strikes as string[]).push(cmd.actor as string);
            deathSaves.commands.strike.resolve(ctx, cmd);
          },
        },
      },
    });
    const c = forkedEqualsLogged(sloppy, examples(sloppy), 2);
    expect(c.ok).toBe(false);
    expect(c.problems.at(-1)).toBe('examples/death-saves/brawl.yaml: a fight on a fork changed the set-up state it was forked from (an applier edits in place: name its state.data keys in appliersEdit)');
  });

  it('a unit that names a hidden enemy where the views do not look fails "views hide hidden units", saying where', () => {
    const tattle = broken({
      create(raw) {
        const s = deathSaves.create(raw);
        s.units.ana.tags = ['rat']; // Ana's marked foe, kept where a player's view of Ana shows it
        return s;
      },
    });
    const c = viewsHide(tattle, examples(tattle));
    expect(c.ok).toBe(false);
    expect(c.problems[0]).toBe('examples/death-saves/brawl.yaml, before the start: a player\'s view of the state names hidden "rat" at units.ana.tags[0]');
  });

  it('mentions finds an id as a value or a key, with its path', () => {
    expect(mentions({ units: { rat: { id: 'rat' } }, order: [{ unit: 'ana' }, { unit: 'rat' }], note: 'the rat' }, 'rat')).toEqual(['units.rat', 'units.rat.id', 'order[1].unit']);
  });

  describe('secrets: a player sees the same bytes of two worlds that differ only in what it may not know', () => {
    const cardsDoc = toyDoc([{ id: 'a', side: 'x', hp: 10 }, { id: 'b', side: 'x', hp: 10 }, { id: 'c', side: 'y', hp: 10 }, { id: 'd', side: 'y', hp: 10 }]);
    const cardsExample: LoadedExample[] = [{ file: 'examples/toy-cards/four.yaml', loaded: { ruleset: toyCards, doc: cardsDoc, commands: [] } }];

    it('card initiative with a secret deck and hands face down keeps the views clause, and every other clause it can', () => {
      const c = viewsHide(toyCards, cardsExample);
      expect([c.ok, c.problems]).toEqual([true, []]);
      // decks dealt in forked, unlogged play are dealt as in logged play; the fights end
      const others = [examplesEnd(toyCards, cardsExample), optionsHold(toyCards, cardsExample).accepted, forkedEqualsLogged(toyCards, cardsExample)];
      expect(others.map((o) => [o.clause, o.ok, o.problems])).toEqual([
        ['examples end', true, []],
        ['listed options are accepted', true, []],
        ['forked + unlogged play equals logged play', true, []],
      ]);
    });

    it('views that forget the secret deck and hands fail it, saying where the worlds part', () => {
      const c = viewsHide(toyCards, cardsExample, 400, viewRulesOf({ ...toyCards, secret: undefined }));
      expect(c.ok).toBe(false);
      expect(c.problems[0]).toMatch(/^examples\/toy-cards\/four\.yaml, before the start: a player's view of the state changes with a secret|^examples\/toy-cards\/four\.yaml, round 1: a player's view of the state changes with a secret \(…/);
    });
  });
});
