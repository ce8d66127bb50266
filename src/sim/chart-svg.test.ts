import { describe, expect, it } from 'vitest';
import { intervalBars, pairedBars } from './chart-svg.ts';

const labels = (svg: string) => [...svg.matchAll(/<text [^>]*>([^<]*)<\/text>/g)].map((m) => m[1]);

describe('report charts', () => {
  it('counts the damage axis in nice steps (0, 5 … 25) and names it', () => {
    const svg = pairedBars([{ label: 'Pell', a: 23.6, b: 8.6 }, { label: 'Kara', a: 10.8, b: 6.5 }], ['dealt', 'taken'], 'damage', 'damage per fight');
    const texts = labels(svg);
    for (const tick of ['0', '5', '10', '15', '20', '25']) expect(texts).toContain(tick);
    expect(texts.some((t) => /^(5\.9|11\.8|17\.7)$/.test(t))).toBe(false);
    expect(texts).toContain('damage per fight');
    expect(texts).toContain('23.6');
  });

  it('draws a tight interval as one band spanning it, with its figures, not as capped whisker lines', () => {
    const svg = intervalBars([{ label: 'heroes', value: 0.889, lo: 0.874, hi: 0.902, color: '#2563eb' }], 'win rates');
    const band = svg.match(/<rect x="([\d.]+)" y="[\d.]+" width="([\d.]+)"[^>]*data-interval/);
    expect(band).not.toBeNull();
    // the axis runs 110 → 420 px for 0 → 100%: the band covers 87.4% … 90.2%
    expect(Number(band![1])).toBeCloseTo(110 + 310 * 0.874, 0);
    expect(Number(band![2])).toBeCloseTo(310 * (0.902 - 0.874), 0);
    // the only lines are the vertical grid, one per tick: no whisker or caps
    expect(svg.match(/<line /g)?.length).toBe(6);
    expect(labels(svg)).toEqual(expect.arrayContaining(['88.9%', '87.4%–90.2%', '0%', '20%', '100%']));
  });
});
