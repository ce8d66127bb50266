/**
 * The end of a battle (FRL-END-2): all enemies down (or gone) — the characters win and play returns to
 * exploration; all characters unconscious — game over. Ruling: if no character is left standing but some
 * fled, the battle ends with the characters having fled.
 */
import type { CombatResult, EncounterState } from '../../engine/index.ts';
import { playerSide, units } from './model.ts';

export function outcome(state: EncounterState): CombatResult | null {
  const ps = playerSide(state);
  // asked after every command and turn: while both sides have someone standing, nothing else is looked
  // at — one pass in key order (the order does not matter here; a for-in reads each unit without a lookup by id)
  let charsUp = false;
  let foesUp = false;
  const all = state.units;
  for (const id in all) {
    const u = all[id];
    if (u.status !== 'active') continue;
    if (u.side === ps) charsUp = true;
    else foesUp = true;
    if (charsUp && foesUp) return null;
  }
  const inPlay = units(state).filter((u) => u.status !== 'removed');
  const chars = inPlay.filter((u) => u.side === ps);
  const foes = inPlay.filter((u) => u.side !== ps);
  const charsStand = chars.some((u) => u.status === 'active');
  const foesStand = foes.some((u) => u.status === 'active');
  if (charsStand && foesStand) return null;
  if (!charsStand) {
    if (chars.some((u) => u.status === 'fled')) {
      return { outcome: 'fled', reason: 'no character is left standing: the ones who fled escaped [FRL-END-2]' };
    }
    // the characters' defeat; the side left standing is its winner (the simulator counts its wins)
    const standing = [...new Set(foes.filter((u) => u.status === 'active').map((u) => u.side))];
    return { outcome: 'defeat', ...(standing.length === 1 ? { winner: standing[0] } : {}), reason: 'every character is unconscious: game over [FRL-END-2]' };
  }
  const fled = foes.filter((u) => u.status === 'fled').length;
  return {
    outcome: 'victory',
    winner: ps,
    reason: `every enemy is ${fled ? 'defeated or fled' : 'defeated'}: the combat ends and play returns to exploration [FRL-END-2]`,
  };
}
