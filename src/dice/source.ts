/**
 * Where dice faces come from. Every random result in Skirmish is drawn through a DiceSource,
 * so a fight can be seeded, scripted (tests, physical dice typed in) or asked of a person.
 */
export interface DiceSource {
  /**
   * One face of a fair die with `sides` faces: an integer in 1..sides. `label` says what the roll is for;
   * `roller`, when the rules name one, the unit whose die it is (a defender's Dodge roll inside the
   * attacker's check): physical dice are asked of that unit's player.
   */
  roll(sides: number, label?: string, roller?: string): number;
  /**
   * Which of `cards` (the cards left in a deck, in the deck's order) comes off the top: its place, 1..cards.length.
   * Optional: a source without it deals as a die over the cards left (`roll(cards.length)`), so a seeded
   * stream deals fairly; a script or a person names the card instead. `deck`: every card the deck holds,
   * in the order of its last shuffle (what a person is offered, so the offer shows nothing of what was dealt).
   */
  card?(cards: readonly string[], label?: string, roller?: string, deck?: readonly string[]): number;
}

/** The place (1-based) of the card `src` deals from `cards`: its own `card`, else a die over the cards left. */
export function dealFrom(src: DiceSource, cards: readonly string[], label?: string, roller?: string, deck?: readonly string[]): number {
  if (src.card) return src.card(cards, label, roller, deck);
  return roller === undefined ? src.roll(cards.length, label) : src.roll(cards.length, label, roller);
}
