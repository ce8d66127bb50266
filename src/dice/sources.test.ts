import { describe, expect, it } from 'vitest';
import { askingSource, DiceError, rollDice, scriptedSource, seededSource, streamSource, RandomStream } from './index.ts';

const code = (f: () => unknown) => {
  try {
    f();
  } catch (e) {
    return e instanceof DiceError ? `${e.code}: ${e.message}` : String(e);
  }
  return 'no error';
};

describe('sources', () => {
  it('seededSource gives faces in 1..sides and exposes its stream', () => {
    const s = seededSource(42, 3);
    for (let i = 0; i < 1000; i++) {
      const f = s.roll(6);
      expect(f >= 1 && f <= 6 && Number.isInteger(f)).toBe(true);
    }
    const a = seededSource(42, 3);
    const b = streamSource(RandomStream.stream(42, 3));
    for (let i = 0; i < 50; i++) expect(a.roll(20)).toBe(b.roll(20));
    expect(a.stream).toBeInstanceOf(RandomStream);
  });

  it('scriptedSource hands out faces in order and counts them', () => {
    const s = scriptedSource([3, 5, 6]);
    expect(s.roll(6)).toBe(3);
    expect([s.used(), s.remaining()]).toEqual([1, 2]);
    expect(s.roll(6, 'damage')).toBe(5);
    expect(s.roll(20)).toBe(6);
    expect([s.used(), s.remaining()]).toEqual([3, 0]);
  });

  it('scriptedSource fails clearly when exhausted', () => {
    const s = scriptedSource([4]);
    s.roll(6);
    expect(code(() => s.roll(8, 'initiative'))).toBe(
      'dice/script_exhausted: scripted dice ran out: no face left for a d8 (roll 2: "initiative"); 1 face was scripted',
    );
  });

  it('scriptedSource names the die when a face does not fit, and does not consume it', () => {
    const s = scriptedSource([2, 4, 7]);
    s.roll(6);
    s.roll(6);
    expect(code(() => s.roll(6, 'damage'))).toBe('dice/bad_face: scripted face 7 does not fit a d6 (roll 3: "damage")');
    expect(s.remaining()).toBe(1);
    expect(s.roll(8)).toBe(7);
    expect(code(() => scriptedSource([0]).roll(6))).toBe('dice/bad_face: scripted face 0 does not fit a d6 (roll 1)');
    expect(code(() => scriptedSource([2.5]).roll(6))).toMatch(/bad_face: scripted face 2.5/);
  });

  it('scripted dice drive a whole roll, and the roll records every face for replay', () => {
    const r = rollDice('4d6kh3+2', scriptedSource([6, 5, 3, 1]));
    expect(r.breakdown).toBe('4d6kh3 [6, 5, 3, 1d] + 2 = 16');
    expect(r.draws).toEqual([6, 5, 3, 1].map((face) => ({ sides: 6, face })));
    const seeded = rollDice('3d6!+1d8r<2', seededSource(9));
    const replay = rollDice('3d6!+1d8r<2', scriptedSource(seeded.draws.map((d) => d.face)));
    expect(replay).toEqual(seeded);
  });

  it('the label given to rollDice reaches the source and its messages', () => {
    const seen: (string | undefined)[] = [];
    rollDice('2d6', askingSource((_, label) => (seen.push(label), 1)), { label: 'fireball damage' });
    expect(seen).toEqual(['fireball damage', 'fireball damage']);
    expect(code(() => rollDice('1d20+5', scriptedSource([21]), { label: 'attack' }))).toBe(
      'dice/bad_face: scripted face 21 does not fit a d20 (roll 1: "attack")',
    );
    const asked: [number, string | undefined][] = [];
    rollDice('1d20+5', askingSource((sides, label) => (asked.push([sides, label]), 10)));
    expect(asked).toEqual([[20, '1d20']]);
  });

  it('askingSource validates answers like a script', () => {
    const answers = [4, 9];
    const s = askingSource(() => answers.shift()!);
    expect(s.roll(6)).toBe(4);
    expect(code(() => s.roll(6, 'hit'))).toBe('dice/bad_face: answer 9 does not fit a d6 (roll 2: "hit")');
    expect(code(() => askingSource(() => Number.NaN).roll(4))).toMatch(/answer NaN does not fit a d4/);
  });

  it('a custom source returning nonsense is caught by the roller', () => {
    expect(code(() => rollDice('1d6', { roll: () => 9 }))).toMatch(/dice\/bad_face: dice source gave 9 for a d6/);
  });
});
