/**
 * Whose turns a unit lives on (rulings OUT-MNT-1, OUT-PET-1, OUT-TIME-1). A mount with its tamer in the fight and a
 * pet under its trainer's control take no turns of their own (mountSkip, petSkip): the mount moves on its rider's
 * turns, the pet "within the scope of the Specialty Action" of its trainer's. So they live on those turns: their
 * effects tick, count and are shaken off there, and a drift carries them on there (borrowed-clock.ts). A chain
 * follows through: the mount of a controlled pet lives on the trainer's turns too. Anyone else: itself.
 */
// kept in an index of the units' data, with the walks it is made of (ties.ts)
export { borrowersOf, turnsOf } from './ties.ts';
