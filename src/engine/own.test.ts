import { describe, expect, it } from 'vitest';
import { own } from './own.ts';

describe('own', () => {
  const names = [...Object.getOwnPropertyNames(Object.prototype), 'prototype'];

  it('never gives an inherited member, on a plain record or one without a prototype', () => {
    const plain: Record<string, unknown> = { a: { x: 1 } };
    const bare = Object.assign(Object.create(null) as Record<string, unknown>, { a: { x: 1 } });
    for (const r of [plain, bare]) for (const k of names) expect(own(r, k)).toBeUndefined();
  });

  it('gives own values, whatever they are, built-in names included', () => {
    const values = [{ x: 1 }, 0, '', false, null, [1], 'toString'];
    for (const v of values) expect(own({ k: v }, 'k')).toBe(v);
    const bare = Object.create(null) as Record<string, unknown>;
    bare['__proto__'] = { y: 2 };
    bare['toString'] = 'words';
    expect(own(bare, '__proto__')).toEqual({ y: 2 });
    expect(own(bare, 'toString')).toBe('words');
    expect(own({ constructor: 3 } as Record<string, unknown>, 'constructor')).toBe(3);
    expect(own({ a: undefined } as Record<string, unknown>, 'a')).toBeUndefined();
    expect(own({} as Record<string, unknown>, 'missing')).toBeUndefined();
  });

  it('gives an own value equal to what the prototype holds', () => {
    const r: Record<string, unknown> = { f: Object.prototype.toString };
    expect(own(r, 'f')).toBe(Object.prototype.toString);
    expect(own(r, 'toString')).toBeUndefined();
  });
});
