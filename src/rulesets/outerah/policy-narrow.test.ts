// What the aggressive policy asks of the mount and cannon builders alone (OUT-SHIP-2, OUT-SHIP-3, OUT-MNT-1): the
// first of each type and the first shot at a Hull, as the full listing has them, on every turn of every example.
import { describe, expect, it } from 'vitest';
import { itemBlocker } from './items.ts';
import { mountAndCannonOptions } from './legal-extras.ts';
import { dataOf } from './model.ts';
import { eachItemUse } from './open-actions.ts';
import { hasSlot } from './turn.ts';
import { sortOut } from './policy-extras.ts';
import { eachExampleTurn } from '../../../test/rulesets/example-turns.ts';

const TYPES = new Set(['summon_mount', 'calm_mount', 'ride', 'load_cannon', 'fire_cannon']);

describe('outerah aggressive policy, narrow questions', () => {
  it('OUT-SHIP-2, OUT-SHIP-3, OUT-MNT-1, OUT-HEAL-1: the mount and cannon options it reads (the first of each type, the first shot at a Hull) are the full listing\'s, and the item uses open are those itemBlocker lets through, on every turn of every example\'s fights', () => {
    let shots = 0;
    let hulls = 0;
    let items = 0;
    for (const seed of [3, 4]) {
      eachExampleTurn('outerah', { seed, maxRounds: 30 }, ({ file, engine, state, unit: id }) => {
        // the item uses open: itemBlocker's, on every unit not at full health
        const u = state.units[id];
        const units = state.unitOrder.map((k) => state.units[k]);
        const uses: string[] = [];
        eachItemUse(state, u, units, (item, t) => void uses.push(`${item}>${t.id}`));
        const plain: string[] = [];
        if (hasSlot(u, 'secondary')) for (const item of Object.keys(dataOf(u).items)) for (const t of units) if (!itemBlocker(state, u, t, item) && t.pools.hp.value < t.pools.hp.max) plain.push(`${item}>${t.id}`);
        expect(uses, file).toEqual(plain);
        items += uses.length;
        // as the ships are, and with each ship's sections the other way round (the Hull last: the first shot is not at it)
        const turned = structuredClone(state);
        for (const ship of Object.values((turned.data.ships ?? {}) as Record<string, { sections: unknown[] }>)) ship.sections.reverse();
        for (const s of [state, turned]) {
          const full = sortOut(engine.legalActions(s, id).filter((o) => TYPES.has(o.command.type)));
          const narrow = sortOut(mountAndCannonOptions(s, s.units[id]));
          expect(narrow.first, file).toEqual(full.first);
          expect(narrow.hullShot, file).toEqual(full.hullShot);
          if (full.first.has('fire_cannon')) shots++;
          if (full.hullShot && full.hullShot !== full.first.get('fire_cannon')) hulls++;
        }
      });
    }
    expect(shots).toBeGreaterThan(5);
    expect(hulls).toBeGreaterThan(0);
    expect(items).toBeGreaterThan(0);
  });
});
