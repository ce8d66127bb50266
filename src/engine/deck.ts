/**
 * Decks of cards, drawn like dice. A deck is the list of cards left in it, kept in the encounter's data
 * under `deck:<name>` (so events carry it and replay needs no randomness). Dealing a card asks the dice
 * source which card comes off the top (`DiceSource.card`, else a die over the cards left): a seeded
 * stream deals fairly, a script or a person at the table names the card, and the draw is recorded with
 * the next check or note like any die — with its card's name — so a GM may re-deal it like a re-roll.
 *
 * A ruleset lists its decks under `Ruleset.secret.decks` when no player may know what is left in them:
 * the views then carry neither the deck nor the place or count behind any draw (view-secret.ts).
 */
import type { Json } from './types.ts';

export const DECK_PREFIX = 'deck:';

/** The encounter data key a deck is kept under. */
export const deckKey = (deck: string): string => `${DECK_PREFIX}${deck}`;

/** The deck named by an encounter data key, or undefined when the key is no deck's. */
export const deckOfKey = (key: string): string | undefined => (key.startsWith(DECK_PREFIX) ? key.slice(DECK_PREFIX.length) : undefined);

/**
 * The encounter data key of every card `deck` holds, in the order its last shuffle listed them: what a
 * person at the table is offered when asked "which card?" (never the cards left, whose gaps would say what
 * was dealt face down). A secret deck's make-up is kept from the players' views with its cards left.
 */
export const deckCardsKey = (deck: string): string => `deck-cards:${deck}`;

/** Every card `deck` holds, in the order of its last shuffle (empty when it was never shuffled). */
export function deckCards(data: Readonly<Record<string, Json>>, deck: string): readonly string[] {
  const v = Object.hasOwn(data, deckCardsKey(deck)) ? data[deckCardsKey(deck)] : undefined;
  return Array.isArray(v) ? (v as string[]) : [];
}

/** The cards left in `deck` (empty when it was never shuffled or is dealt out). */
export function cardsLeft(data: Readonly<Record<string, Json>>, deck: string): readonly string[] {
  const v = Object.hasOwn(data, deckKey(deck)) ? data[deckKey(deck)] : undefined;
  return Array.isArray(v) ? (v as string[]) : [];
}

/** A standard 52-card deck in suit order, two jokers after when asked ("A♠", "10♥", "Joker 1"). */
export function standardDeck(jokers = 0): string[] {
  const ranks = ['A', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K'];
  const cards = ['♠', '♥', '♦', '♣'].flatMap((suit) => ranks.map((r) => `${r}${suit}`));
  for (let i = 1; i <= jokers; i++) cards.push(`Joker ${i}`);
  return cards;
}
