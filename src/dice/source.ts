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
}
