/**
 * Where dice faces come from. Every random result in Skirmish is drawn through a DiceSource,
 * so a fight can be seeded, scripted (tests, physical dice typed in) or asked of a person.
 */
export interface DiceSource {
  /** One face of a fair die with `sides` faces: an integer in 1..sides. `label` says what the roll is for. */
  roll(sides: number, label?: string): number;
}
