// Decks drawn like dice (ctx.draw): seeded, scripted by card name, recorded and replayed, re-dealt by
// the GM, and secret from players — two worlds that differ only in the secret deck and a hidden hand
// give a player the same bytes.
import { describe, expect, it } from 'vitest';
import { scriptedSource, seededSource } from '../dice/index.ts';
import { cardsLeft } from './deck.ts';
import { createEngine } from './engine.ts';
import { EncounterLog, replayLog } from './log.ts';
import type { Command } from './ruleset.ts';
import { ACTION_DECK, toyCards } from './testing/cards.ts';
import { toyDoc } from './testing/toy.ts';
import { viewLog, viewRulesOf, viewState } from './view.ts';

const units = [
  { id: 'a', side: 'x', hp: 10, controller: 'p1' },
  { id: 'b', side: 'y', hp: 10 },
  { id: 'h', side: 'y', hp: 10, hidden: true },
];
const P1 = { role: 'player', player: 'p1' } as const;

function table(start: readonly (number | string)[]) {
  const log = new EncounterLog(createEngine(toyCards));
  log.create(toyDoc(units));
  const r = log.execute({ type: 'start' }, scriptedSource(start));
  if (!r.ok) throw new Error(`${r.rejection.code}: ${r.rejection.message}`);
  return log;
}
const run = (log: EncounterLog, cmd: Command, dice: readonly (number | string)[] = []) => {
  const r = log.execute(cmd, scriptedSource(dice));
  if (!r.ok) throw new Error(`${r.rejection.code}: ${r.rejection.message}`);
  return r.events;
};
const labels = (log: EncounterLog) => log.state.turn.order.map((s) => `${s.unit} ${s.label}`);

describe('ctx.draw: cards dealt like dice', () => {
  it('deals from a seeded source the same cards every time, each card once, and replays without it', () => {
    const deal = () => {
      const log = new EncounterLog(createEngine(toyCards));
      log.create(toyDoc(units));
      log.execute({ type: 'start' }, seededSource(7));
      return log;
    };
    const one = deal();
    expect(labels(deal())).toEqual(labels(one));
    const dealt = one.state.turn.order.map((s) => s.label!).concat(['a', 'b', 'h'].map((u) => String(one.state.units[u].data.hand)));
    expect(new Set(dealt).size).toBe(6);
    expect(dealt.every((c) => ACTION_DECK.includes(c))).toBe(true);
    expect(cardsLeft(one.state.data, 'action')).toEqual(ACTION_DECK.filter((c) => !dealt.includes(c)));
    expect(replayLog(one.engine, one.events)).toEqual(one.state);
  });

  it('is scripted by card name: the order runs from the highest card, each slot labelled with it [TOY-CARDS]', () => {
    // a: A♠ face up, 2♣ in hand; b: 5♥, 9♦; h: Joker 1, 3♦ — the joker beats the ace
    const log = table(['A♠', '2♣', '5♥', '9♦', 'Joker 1', '3♦']);
    expect(labels(log)).toEqual(['h Joker 1', 'a A♠', 'b 5♥']);
    expect(log.state.units.b.data.hand).toBe('9♦');
    const check = log.events.find((e) => e.type === 'check' && e.actor === 'a');
    expect(check?.type === 'check' && check.dice).toEqual([{ sides: 54, face: 1, card: 'A♠', deck: 'action', label: 'action card' }]);
    expect(cardsLeft(log.state.data, 'action')).toHaveLength(48);
  });

  it('refuses a scripted card that is not left in the deck, saying which', () => {
    const log = new EncounterLog(createEngine(toyCards));
    log.create(toyDoc(units));
    const r = log.execute({ type: 'start' }, scriptedSource(['A♠', 'A♠']));
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.rejection).toMatchObject({ code: 'dice/bad_face', message: expect.stringContaining('"A♠" is not among the 53 cards left') });
  });

  it('is re-dealt by the GM like a re-roll: by name, or fresh; the later cards stay those dealt', () => {
    const log = table(['A♠', '2♣', '5♥', '9♦', 'K♥', '3♦']);
    const aCard = log.events.find((e) => e.type === 'check' && e.actor === 'a' && e.breakdown.label === 'action card')!;
    const set = log.execute({ type: 'gm.set_die', event: aCard.seq, die: 0, card: 'Joker 2', reason: 'misdealt' }, scriptedSource([]));
    expect(set.ok).toBe(true);
    expect(labels(log)).toEqual(['a Joker 2', 'h K♥', 'b 5♥']);
    expect(log.state.units.b.data.hand).toBe('9♦');
    const note = log.events.findLast((e) => e.type === 'note');
    expect(note?.type === 'note' && note.text).toContain('A♠ (action card) → Joker 2 (action card)');
    // the note lists every card of the deal (hidden hands among them): the GM's alone
    expect(note?.visibility).toBe('gm');
    expect(replayLog(log.engine, log.events)).toEqual(log.state);

    const bCard = log.events.findLast((e) => e.type === 'check' && e.actor === 'b' && e.breakdown.label === 'action card')!;
    // a fresh deal: place 1 of the 51 cards that were left when b's card was dealt — A♠ is back in the deck
    const re = log.execute({ type: 'gm.reroll', event: bCard.seq, die: 0 }, scriptedSource([1]));
    expect(re.ok).toBe(true);
    expect(labels(log)).toEqual(['a Joker 2', 'b A♠', 'h K♥']);
    expect(log.state.units.b.data.hand).toBe('9♦');
    const before = log.events.length;
    const now = log.events.findLast((e) => e.type === 'check' && e.actor === 'b' && e.breakdown.label === 'action card')!;
    const bad = log.execute({ type: 'gm.set_die', event: now.seq, die: 0, card: 'Z♠' }, scriptedSource([]));
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(bad.rejection.message).toContain('"Z♠" is not among the 52 cards left in the action deck');
    expect(log.events.length).toBe(before);
  });
});

describe('a secret deck and a hidden hand', () => {
  // two worlds alike but for what the deck holds and what the hidden unit and b's hand hold
  const worlds = {
    one: { start: ['A♠', '2♣', '5♥', '9♦', 'K♥', '3♦'], round2: ['3♠', '4♠', '6♠', '7♠', 'J♣', '10♣'] },
    two: { start: ['A♠', '2♣', '5♥', '8♠', 'Q♦', '7♣'], round2: ['3♠', '4♠', '6♠', '2♦', 'J♦', '10♦'] },
  };
  function play(w: { start: string[]; round2: string[] }) {
    const log = table(w.start);
    run(log, { type: 'end_turn', actor: 'a' });
    run(log, { type: 'end_turn', actor: 'h' });
    run(log, { type: 'end_turn', actor: 'b' }, w.round2);
    run(log, { type: 'end_turn', actor: 'h' });
    return log;
  }
  const one = play(worlds.one);
  const two = play(worlds.two);

  it('the worlds differ for the GM (the deck, the hidden unit, the hands)', () => {
    expect(cardsLeft(one.state.data, 'action')).not.toEqual(cardsLeft(two.state.data, 'action'));
    expect(JSON.stringify(one.events)).not.toEqual(JSON.stringify(two.events));
  });

  it('give a player the same bytes: its state and its log, at every step', () => {
    const rules = viewRulesOf(toyCards);
    expect(JSON.stringify(viewState(one.state, P1, rules))).toEqual(JSON.stringify(viewState(two.state, P1, rules)));
    expect(JSON.stringify(viewLog(one.events, P1, undefined, rules))).toEqual(JSON.stringify(viewLog(two.events, P1, undefined, rules)));
    // what it does see: its own hand, the face-up cards of the units it sees
    const seen = viewState(one.state, P1, rules);
    expect(seen.units.a.data.hand).toBe('4♠');
    expect(seen.units.b.data.hand).toBeUndefined();
    expect(seen.turn.order.map((s) => s.label)).toEqual(['6♠', '3♠']);
    expect(Object.keys(seen.data)).toEqual([]);
    // the deck's make-up (what physical mode offers) is kept for the GM, recorded at the first shuffle only:
    // round 2's shuffle of the same cards adds no event
    expect(viewState(one.state, { role: 'gm' }, rules).data['deck-cards:action']).toEqual(ACTION_DECK);
    expect(one.events.filter((e) => e.type === 'encounter.data' && e.key === 'deck-cards:action')).toHaveLength(1);
  });

  it('would not without the ruleset declaring them secret (the test can fail)', () => {
    const open = viewRulesOf({ ...toyCards, secret: undefined });
    expect(JSON.stringify(viewLog(one.events, P1, undefined, open))).not.toEqual(JSON.stringify(viewLog(two.events, P1, undefined, open)));
    expect(JSON.stringify(viewState(one.state, P1, open))).not.toEqual(JSON.stringify(viewState(two.state, P1, open)));
  });
});
