/**
 * The toy rules with card initiative, for the engine's own tests of decks (deck.ts): every round the
 * action deck (52 cards and two jokers) is shuffled and each standing unit is dealt one card face up —
 * the order runs from the highest card (jokers, then aces down to twos; spades, hearts, diamonds, clubs
 * break ties), each slot labelled with its card — and one card face down, its hand, which only its own
 * side sees. The deck is secret: no player may learn what is left in it. Harm is counted as Wounds.
 */
import { z } from 'zod';
import { cardsLeft, standardDeck } from '../deck.ts';
import type { Resolution } from '../resolution.ts';
import type { Ruleset } from '../ruleset.ts';
import type { Slot } from '../types.ts';
import { toy } from './toy.ts';

export const ACTION_DECK = standardDeck(2);
const RANKS = ['2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K', 'A'];
const SUITS = ['♣', '♦', '♥', '♠'];

/** A card's place in initiative: higher acts first. */
export function cardRank(card: string): number {
  if (card.startsWith('Joker')) return 100 + Number(card.slice(6));
  return RANKS.indexOf(card.slice(0, -1)) * 4 + SUITS.indexOf(card.slice(-1));
}

/** Shuffle and deal the round: a card face up for the order, one face down for the hand. */
function deal(ctx: Resolution): Slot[] {
  ctx.shuffle('action', ACTION_DECK);
  const dealt: Slot[] = [];
  for (const unit of ctx.state.unitOrder) {
    if (ctx.state.units[unit].status !== 'active') continue;
    const card = ctx.draw('action', 'action card', unit);
    ctx.check(() => ({ label: 'action card', terms: [{ kind: 'note', text: `dealt ${card}` }], total: cardRank(card), outcome: card, rules: ['TOY-CARDS'] }), unit);
    const hand = ctx.draw('action', 'hand card', unit);
    ctx.setData(unit, 'hand', hand);
    ctx.check(() => ({ label: 'hand card', terms: [{ kind: 'note', text: 'dealt face down' }], total: 0, rules: ['TOY-CARDS'] }), unit);
    dealt.push({ unit, label: card, initiative: cardRank(card) });
  }
  return dealt.sort((a, b) => b.initiative! - a.initiative!);
}

// a document may name the toy (the engine's tests) or this ruleset by its own id (a table, test/web/cards/)
const schema = (toy.encounterSchema as z.ZodObject).extend({ ruleset: z.enum(['toy', 'toy-cards']) });

export const toyCards: Ruleset = {
  ...toy,
  id: 'toy-cards',
  name: 'toy with cards',
  encounterSchema: schema,
  create(doc) {
    const parsed = schema.parse(doc) as { ruleset: 'toy' | 'toy-cards' };
    return { ...toy.create({ ...parsed, ruleset: 'toy' }), ruleset: parsed.ruleset };
  },
  // a hit's odds are its resolution's own: a d6, played on every face (Ruleset.oddsByEnumeration)
  oddsByEnumeration: { commands: ['hit'] },
  secret: { decks: ['action'], unitData: ['hand'] },
  keyNames: { hp: 'Wounds' },
  harm: 'wounds',
  start(ctx) {
    ctx.emit({ type: 'turn.order', order: deal(ctx), index: -1, why: 'action cards dealt' });
  },
  orderForRound: (ctx) => deal(ctx),
};

/** How many cards are left in the action deck of `state` (the GM's view). */
export const actionCardsLeft = (data: Parameters<typeof cardsLeft>[0]): number => cardsLeft(data, 'action').length;
