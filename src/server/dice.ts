/**
 * Where a command's dice come from. The server rolls (a fresh crypto-seeded stream per command) unless
 * the command carries the faces (a GM, or a player the table lets roll at the table); then exactly
 * those faces are used, in order — too few or a face that does not fit the die refuses the command,
 * and so do faces left over. The dice of a player who rolls at the table are asked one roll at a time
 * (pending-dice.ts) before a command gets here.
 */
import { randomBytes } from 'node:crypto';
import { scriptedSource, seededSource, type DiceSource } from '../dice/index.ts';
import { ApiError } from './errors.ts';
import type { Principal } from './policy.ts';
import type { Settings } from './schemas.ts';

export interface CommandDice {
  source: DiceSource;
  /** After a successful decide: an error when faces were left unused. */
  leftover(): ApiError | undefined;
}

export function diceMode(settings: Settings, p: Principal): Settings['physicalDice'] {
  if (p.role === 'gm') return 'optional';
  if (p.role !== 'player') return 'off';
  return Object.hasOwn(settings.players, p.playerId) ? settings.players[p.playerId] : settings.physicalDice;
}

/**
 * `testSeed` makes server rolls reproducible (tests and benchmarks only): stream = f(seed, version).
 */
export function diceFor(settings: Settings, p: Principal, faces: number[] | undefined, version: number, testSeed?: string): CommandDice {
  const mode = diceMode(settings, p);
  if (faces !== undefined && mode === 'off') throw new ApiError('DICE_NOT_ALLOWED', 'this table does not let you type in your own dice', 'dice');
  if (faces !== undefined) return exactDice(faces);
  const seed = testSeed !== undefined ? `${testSeed}:${version}` : randomBytes(16).toString('hex');
  return { source: seededSource(seed), leftover: () => undefined };
}

/** Exactly these faces, in order: too few or one that does not fit its die refuses the command, and so do faces left over. */
export function exactDice(faces: readonly number[]): CommandDice {
  const script = scriptedSource(faces);
  return {
    source: script,
    leftover: () => (script.remaining() > 0 ? new ApiError('dice/unused_faces', `${script.remaining()} of the ${script.used() + script.remaining()} faces given were not needed; this command used ${script.used()}`, 'dice') : undefined),
  };
}
