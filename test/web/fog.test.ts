/**
 * Fog of war as a GM and a player see it (docs/fog.md): the GM turns vision on from the page with a sight
 * range; Ana's board then shows only what her unit sees, the rest dark; when her unit goes elsewhere the
 * squares it saw stay dimmed; the GM previews what Ana (and Ben) are shown. Desktop and phone.
 */
import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { atTheTable } from './at-the-table.ts';
import { gmCommand, openTable } from './session.ts';

const table = atTheTable();

const text = (page: Page) => page.locator('body').innerText();

describe('fog of war', () => {
  for (const [size, viewport] of [['desktop', { width: 1280, height: 900 }], ['phone', { width: 390, height: 844 }]] as const) {
    it(`the GM turns vision on; a player sees only what her unit sees, remembers the rest dimmed; the GM previews it (${size})`, async () => {
      // goblin cave: Kara (Ana's) at (1, 2), Pell (Ben's) at (0, 1), goblins at (7, 1), (8, 2) and a hidden one
      const t = await openTable(table.browser, table.server.url, 'phase20/goblin-cave.yaml', viewport);
      const [ana] = t.players;
      try {
        mkdirSync('/tmp/shots', { recursive: true });
        // before: Ana sees the goblins across the cave
        await ana.locator('g.token[data-unit="g1"]').waitFor();

        await t.gm.getByRole('tab', { name: 'Fog of war' }).click();
        await expect.poll(() => t.gm.getByTestId('fog-status').innerText()).toContain('Vision is off');
        await t.gm.getByLabel('Sight range (squares)').fill('2');
        await t.gm.getByRole('button', { name: 'Turn vision on' }).click();
        await expect.poll(() => t.gm.getByTestId('fog-status').innerText()).toBe('Vision is on: players see only what their own units see, 2 squares away at most.');

        // Ana: Kara sees 2 squares around (1, 2): columns 0..3, every row — 20 squares; Pell at (0, 1), no goblin
        await ana.getByTestId('fog-key').waitFor();
        expect(await ana.getByTestId('fog-key').innerText()).toContain('Fog of war: your units see 20 squares (2 squares away at most, walls and smoke block sight).');
        expect(await ana.getByTestId('fog-key').innerText()).toContain('Dimmed: 0 seen before.');
        await expect.poll(() => ana.locator('g.token').count()).toBe(2);
        expect(await ana.locator('g.token[data-unit="kara"]').count()).toBe(1);
        expect(await ana.locator('g.token[data-unit="pell"]').count()).toBe(1);
        expect(await text(ana)).not.toMatch(/Goblin (Cutter|Brute|Sneak)/);
        expect(await ana.locator('[data-fog="unseen"]').count()).toBeGreaterThan(0);
        // the log says so in words
        await expect.poll(() => text(ana)).toContain('Fog of war: each player now sees only what their own units see');
        // the GM still sees everyone
        expect(await t.gm.locator('.main-col g.token[data-unit="g1"]').count()).toBe(1);
        await ana.screenshot({ path: `/tmp/shots/fog-player-${size}.png`, fullPage: true });

        // the GM moves Kara to (6, 0): she sees the Cutter (7, 1) and the Brute (8, 2); what she saw before is dimmed
        expect(await gmCommand(t.gm, 'fog-move', { type: 'gm.move', unit: 'kara', to: [6, 0] })).toBe(200);
        await ana.locator('g.token[data-unit="g1"]').waitFor();
        expect(await ana.locator('g.token[data-unit="g2"]').count()).toBe(1);
        // the hidden Sneak at (7, 3) is 3 squares away: still not seen (and hidden by the GM besides)
        expect(await ana.locator('g.token[data-unit="g3"]').count()).toBe(0);
        // (6, 0) range 2: columns 4..8, rows 0..2 — 15 squares; before, columns 0..3 × 5 rows, none of them in sight now
        await expect.poll(() => ana.getByTestId('fog-key').innerText()).toContain('your units see 15 squares');
        expect(await ana.getByTestId('fog-key').innerText()).toContain('Dimmed: 20 seen before.');
        expect(await ana.locator('[data-fog="remembered"]').count()).toBeGreaterThan(0);
        expect(await text(ana)).toContain('Goblin Cutter');
        await ana.screenshot({ path: `/tmp/shots/fog-player-remembers-${size}.png`, fullPage: true });

        // a reload: the memory is the server's, the same
        await ana.reload();
        await ana.getByTestId('fog-key').waitFor();
        expect(await ana.getByTestId('fog-key').innerText()).toContain('Dimmed: 20 seen before.');

        // the GM previews what Ana sees, then Ben (Pell at (0, 1): no goblin in his sight)
        await t.gm.getByLabel('What players see').selectOption({ label: 'Ana' });
        await expect.poll(() => t.gm.getByTestId('fog-preview').innerText()).toContain('Previewing what Ana sees.');
        const preview = t.gm.getByTestId('fog-preview');
        expect(await preview.getByTestId('fog-key').innerText()).toContain('your units see 15 squares');
        expect(await preview.locator('g.token[data-unit="g1"]').count()).toBe(1);
        await t.gm.getByLabel('What players see').selectOption({ label: 'Ben' });
        await expect.poll(() => preview.innerText()).toContain('Previewing what Ben sees.');
        await expect.poll(() => preview.locator('g.token').count()).toBe(1);
        expect(await preview.locator('g.token[data-unit="pell"]').count()).toBe(1);
        await preview.scrollIntoViewIfNeeded();
        await t.gm.screenshot({ path: `/tmp/shots/fog-gm-preview-${size}.png`, fullPage: true });

        // vision off: Ana sees the whole cave again (but the GM-hidden Sneak)
        await t.gm.getByRole('button', { name: 'Turn vision off' }).click();
        await expect.poll(() => ana.locator('g.token').count()).toBe(4);
        expect(await ana.getByTestId('fog-key').count()).toBe(0);
        expect(t.errors).toEqual([]);
      } finally {
        await t.close();
      }
    }, 240_000);
  }
});
