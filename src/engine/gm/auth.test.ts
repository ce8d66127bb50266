// Every GM override is the GM's alone: a player's command of any gm.* type is refused before it runs.
import { describe, expect, it } from 'vitest';
import { createEngine } from '../engine.ts';
import { toyGm } from '../testing/toy-gm.ts';
import { gmCommands } from './index.ts';
import { GmTable, queue } from './testkit.ts';

const types = Object.keys(gmCommands(toyGm)).filter((t) => t.startsWith('gm.'));

describe('GM authority', () => {
  it('lists the overrides', () => {
    expect(types.sort()).toEqual([
      'gm.add_unit', 'gm.answer_by_dice', 'gm.apply_effect', 'gm.cancel_extra_turn', 'gm.damage', 'gm.delay', 'gm.elevation', 'gm.end_round', 'gm.end_turn',
      'gm.extra_turn', 'gm.face', 'gm.heal', 'gm.hide', 'gm.link', 'gm.map_image', 'gm.move', 'gm.note', 'gm.remove_effect', 'gm.remove_unit', 'gm.reorder', 'gm.reroll',
      'gm.set_controller', 'gm.set_data', 'gm.set_die', 'gm.set_effect', 'gm.set_pool', 'gm.set_side', 'gm.set_stat', 'gm.set_status', 'gm.unlink', 'gm.vision',
    ]);
    for (const t of types) expect(gmCommands(toyGm)[t]).toMatchObject({ by: 'gm', onTurn: false });
    expect(gmCommands(toyGm).suggest.by).toBeUndefined();
  });

  it.each(types)('%s is refused with auth/gm_only when decided with { asGm: false }', (type) => {
    const t = new GmTable();
    const r = createEngine(toyGm).decide(t.state, { type, unit: 'a' }, queue(), { asGm: false });
    expect(r.ok ? '' : r.rejection.code).toBe('auth/gm_only');
    expect(t.rejects({ type, unit: 'a', event: 5, die: 0, face: 1 }, { asGm: false })).toBe('auth/gm_only');
  });
});
