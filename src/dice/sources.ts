// The DiceSources: a seeded stream, a scripted queue of faces, and one that asks a caller.
import { DiceError } from './errors.ts';
import { RandomStream } from './random.ts';
import { dealFrom, type DiceSource } from './source.ts';

function where(n: number, label?: string): string {
  return label ? `roll ${n}: "${label}"` : `roll ${n}`;
}

function checkSides(sides: number): void {
  if (!Number.isInteger(sides) || sides < 1 || sides > 4294967296) {
    throw new RangeError(`a die needs a whole number of sides from 1 to 2^32, got ${sides}`);
  }
}

/** Faces drawn from a RandomStream: face = stream.nextInt(sides) + 1 (exactly uniform). */
export function streamSource(stream: RandomStream): DiceSource & { stream: RandomStream } {
  return {
    stream,
    roll(sides: number): number {
      return stream.nextInt(sides) + 1;
    },
  };
}

/** Faces from stream `stream` of `seed` (see RandomStream.stream). */
export function seededSource(seed: number | string, stream = 0): DiceSource & { stream: RandomStream } {
  return streamSource(RandomStream.stream(seed, stream));
}

/**
 * Faces taken in order from a list: for tests, and for tables that roll physical dice and type
 * the results in. A card dealt from a deck is scripted by its name ("A♠"), or by its place among the
 * cards left. Throws DiceError 'dice/script_exhausted' when the list runs out and 'dice/bad_face' when
 * a face does not fit the die asked for, or a name is scripted for a die or names no card left (the
 * entry is then not consumed).
 */
export function scriptedSource(faces: readonly (number | string)[]): DiceSource & { remaining(): number; used(): number; card(cards: readonly string[], label?: string): number } {
  const list = [...faces];
  let next = 0;
  const entry = (what: string, label?: string): number | string => {
    if (next >= list.length) {
      throw new DiceError(
        'dice/script_exhausted',
        `scripted dice ran out: no face left for ${what} (${where(next + 1, label)}); ${list.length} face${list.length === 1 ? ' was' : 's were'} scripted`,
      );
    }
    return list[next];
  };
  return {
    roll(sides: number, label?: string): number {
      checkSides(sides);
      const face = entry(`a d${sides}`, label);
      if (typeof face !== 'number' || !Number.isInteger(face) || face < 1 || face > sides) {
        throw new DiceError('dice/bad_face', `scripted face ${typeof face === 'string' ? `"${face}"` : face} does not fit a d${sides} (${where(next + 1, label)})`);
      }
      next++;
      return face;
    },
    card(cards: readonly string[], label?: string): number {
      const e = entry('a card', label);
      const place = typeof e === 'string' ? cards.indexOf(e) + 1 : e;
      if (!Number.isInteger(place) || place < 1 || place > cards.length) {
        const said = typeof e === 'string' ? `"${e}" is not among the ${cards.length} cards left` : `${e} is no place among the ${cards.length} cards left`;
        throw new DiceError('dice/bad_face', `scripted card: ${said} (${where(next + 1, label)})`);
      }
      next++;
      return place;
    },
    remaining: () => list.length - next,
    used: () => next,
  };
}

/** A script's faces (and cards) first, then `rest` once it has run out: a scenario's `dice:`, then the seed. */
export function scriptThen(faces: readonly (number | string)[], rest: DiceSource): DiceSource {
  const script = scriptedSource(faces);
  return {
    roll: (sides, label) => (script.remaining() > 0 ? script.roll(sides, label) : rest.roll(sides, label)),
    card: (cards, label) => (script.remaining() > 0 ? script.card(cards, label) : dealFrom(rest, cards, label)),
  };
}

/**
 * Asks `ask` for every face (e.g. a person at the table). Each answer is checked like a
 * scripted face: a whole number in 1..sides, else DiceError 'dice/bad_face'.
 */
export function askingSource(ask: (sides: number, label?: string) => number): DiceSource {
  let asked = 0;
  return {
    roll(sides: number, label?: string): number {
      checkSides(sides);
      asked++;
      const face = ask(sides, label);
      if (typeof face !== 'number' || !Number.isInteger(face) || face < 1 || face > sides) {
        throw new DiceError('dice/bad_face', `answer ${String(face)} does not fit a d${sides} (${where(asked, label)})`);
      }
      return face;
    },
  };
}
