/**
 * Airships at the table (outerah, examples/outerah/airship-battle.yaml): each deck shows its bow, the ship
 * panel its heading and broadsides, and selecting a gunner at a cannon shades that cannon's arc — on the
 * GM's page and on the page of the player who has the gunner. Saves a screenshot to /tmp/outerah-airship.png.
 */
import { describe, expect, it } from 'vitest';
import { atTheTable } from './at-the-table.ts';
import { assign, inSync, openTable } from './session.ts';

const table = atTheTable();

describe('airships in the browser', () => {
  it('draws each bow, the heading, and the arc of a selected gunner’s cannon', async () => {
    const t = await openTable(table.browser, table.server.url, 'outerah/airship-battle.yaml');
    try {
      const gm = t.gm;
      // both ships head N: a bow mark on each deck, the heading in the ship panel
      const bows = gm.getByTestId('ship-bow');
      await expect.poll(() => bows.count()).toBe(2);
      expect(await bows.evaluateAll((els) => els.map((e) => [e.getAttribute('data-ship'), e.getAttribute('data-heading')]))).toEqual([['dawn', 'N'], ['raven', 'N']]);
      const heading = gm.locator('[data-testid="ship-heading"][data-ship="dawn"]');
      expect(await heading.innerText()).toMatch(/Bow heading N \(north\).*left cannon fires west \(port\), right cannon east \(starboard\)/);
      // the Dawn's bow sits on the middle of its north edge (deck x 1..6, y 3..7; 48 px cells)
      const box = await gm.locator('[data-testid="ship-bow"][data-ship="dawn"]').evaluate((e) => {
        const b = (e as SVGGraphicsElement).getBBox();
        return { x: b.x, y: b.y, width: b.width };
      });
      expect(box.x + box.width / 2).toBeCloseTo(4 * 48, 0);
      expect(box.y).toBeLessThan(3 * 48);
      expect(await gm.getByTestId('cannon-arc').count()).toBe(0);

      // Gunner Oona at the Dawn's right cannon: starboard, east of the deck — reaching the Raven's deck
      await gm.locator('.turn-order li[data-unit="gunner2"] button.order-unit').click();
      const arc = gm.getByTestId('cannon-arc');
      await expect.poll(() => arc.count()).toBe(1);
      expect(await arc.getAttribute('data-ship')).toBe('dawn');
      expect(await arc.getAttribute('data-side')).toBe('right');
      expect(await arc.getAttribute('data-toward')).toBe('E');
      const cells = await arc.locator('[data-arc-cell]').evaluateAll((els) => els.map((e) => e.getAttribute('data-arc-cell')!.split(',').map(Number)));
      expect(cells.length).toBeGreaterThan(50);
      expect(cells.every(([x, y]) => x > 6 && x < 30 && y >= 0 && y < 12)).toBe(true);
      expect(cells).toContainEqual([20, 5]); // the Raven's deck
      expect(cells).toContainEqual([7, 5]); // level with the deck, 1 out
      expect(cells).not.toContainEqual([7, 0]); // 1 out, 3 ahead of the bow
      await gm.locator('.board-grid').screenshot({ path: '/tmp/outerah-airship.png' });
      await gm.screenshot({ path: '/tmp/outerah-airship-page.png', fullPage: true });

      // Gunner Hale at the left cannon: port, west — only the column left of the deck, 1 out
      await gm.locator('.turn-order li[data-unit="gunner1"] button.order-unit').click();
      await expect.poll(() => arc.getAttribute('data-side')).toBe('left');
      expect(await arc.getAttribute('data-toward')).toBe('W');
      const left = await arc.locator('[data-arc-cell]').evaluateAll((els) => els.map((e) => e.getAttribute('data-arc-cell')).sort());
      expect(left).toEqual(['0,2', '0,3', '0,4', '0,5', '0,6', '0,7', '0,8']);

      // a unit on deck mans no cannon: no arc
      await gm.locator('.turn-order li[data-unit="marine"] button.order-unit').click();
      await expect.poll(() => arc.count()).toBe(0);

      // the player who has Gunner Oona sees the same bow marks and arc
      await assign(t, 'gunner2', 0);
      await inSync(t);
      const ana = t.players[0];
      await expect.poll(() => ana.getByTestId('ship-bow').count()).toBe(2);
      await ana.locator('.turn-order li[data-unit="gunner2"] button.order-unit').click();
      await expect.poll(() => ana.getByTestId('cannon-arc').getAttribute('data-toward')).toBe('E');
      expect(await ana.getByTestId('cannon-arc').getAttribute('data-cells')).toBe(String(cells.length));
      expect(t.errors).toEqual([]);
    } finally {
      await t.close();
    }
  }, 120_000);
});
