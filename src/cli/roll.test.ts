import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { main } from './main.ts';

/** Run the CLI in-process, capturing stdout and stderr. */
async function run(...argv: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  vi.spyOn(process.stdout, 'write').mockImplementation((s) => ((out += String(s)), true));
  vi.spyOn(process.stderr, 'write').mockImplementation((s) => ((err += String(s)), true));
  try {
    const code = await main(argv);
    return { code, out, err };
  } finally {
    vi.restoreAllMocks();
  }
}

afterEach(() => vi.restoreAllMocks());

describe('skirmish roll', () => {
  it('rolls with a seed, prints the breakdown and the seed, and replays it', async () => {
    const a = await run('roll', '4d6kh3+2', '--seed', '12345');
    expect(a.code).toBe(0);
    expect(a.out).toMatch(/^4d6kh3 \[\d+d?, \d+d?, \d+d?, \d+d?\] \+ 2 = \d+\n\(seed 12345\)\n$/);
    expect((await run('roll', '4d6kh3+2', '--seed', '12345')).out).toBe(a.out);
  });

  it('without --seed picks one and prints it so the roll can be replayed', async () => {
    const a = await run('roll', '3d6', '--json');
    const first = JSON.parse(a.out);
    expect(typeof first.seed).toBe('number');
    const b = await run('roll', '3d6', '--json', '--seed', String(first.seed));
    expect(JSON.parse(b.out)).toEqual(first);
  });

  it('--json prints notation, total, dice, breakdown and seed', async () => {
    const { code, out } = await run('roll', '2d20kh1 + 5', '--seed', 'goblins', '--json');
    expect(code).toBe(0);
    const j = JSON.parse(out);
    expect(Object.keys(j)).toEqual(['notation', 'total', 'dice', 'breakdown', 'seed']);
    expect(j.notation).toBe('2d20kh1 + 5');
    expect(j.seed).toBe('goblins');
    expect(j.dice).toHaveLength(2);
    expect(j.dice.filter((d: { kept: boolean }) => d.kept)).toHaveLength(1);
    expect(j.breakdown).toBe(`2d20kh1 [${j.dice.map((d: { value: number; kept: boolean }) => `${d.value}${d.kept ? '' : 'd'}`).join(', ')}] + 5 = ${j.total}`);
  });

  it('--dist --json prints the exact pmf, sorted, summing to 1 − tailMass', async () => {
    for (const notation of ['4d6kh3', '3d6!', '1d6/4']) {
      const { code, out } = await run('roll', notation, '--dist', '--json');
      expect(code).toBe(0);
      const j = JSON.parse(out);
      expect(Object.keys(j)).toEqual(['notation', 'min', 'max', 'mean', 'stdev', 'pmf', 'tailMass']);
      const values = j.pmf.map((p: number[]) => p[0]);
      expect(values).toEqual([...values].sort((a, b) => a - b));
      const total = j.pmf.reduce((s: number, p: number[]) => s + p[1], 0);
      expect(Math.abs(total - (1 - j.tailMass))).toBeLessThan(1e-9);
      expect([j.min, j.max]).toEqual([values[0], values[values.length - 1]]);
    }
  });

  it('--dist prints a table with a bar per value, bucketed past 60 values, then the summary', async () => {
    const small = await run('roll', '2d6', '--dist');
    expect(small.out.split('\n').filter((l) => /^\s+\d+\s+[\d.]+%/.test(l))).toHaveLength(11);
    expect(small.out).toContain('min 2  max 12  mean 7.0000  stdev 2.4152');
    expect(small.out).toMatch(/\n {4}7 {5}16\.67% {5}58\.33% {2}█{40}\n/);
    const big = await run('roll', '20d10', '--dist');
    const rows = big.out.split('\n').filter((l) => /^\s*\d+–\d+\s/.test(l));
    expect(rows.length).toBeGreaterThan(10);
    expect(rows.length).toBeLessThanOrEqual(60);
  });

  it('bad notation: exit 2 with the column-pointing message on stderr', async () => {
    const { code, out, err } = await run('roll', '4d6kq3');
    expect(code).toBe(2);
    expect(out).toBe('');
    expect(err).toBe('skirmish: bad dice notation: unexpected "q" at column 5\n  4d6kq3\n      ^\n');
    const limit = await run('roll', '999999999999d6', '--dist');
    expect(limit.code).toBe(2);
    expect(limit.err).toMatch(/^skirmish: bad dice notation: dice count 999999999999 is over the limit of 1000/);
    const unsupported = await run('roll', '3d6!kh2', '--dist');
    expect(unsupported.code).toBe(2);
    expect(unsupported.err).toMatch(/^skirmish: not supported: /);
  });

  it('works end to end through bin/skirmish.js', () => {
    const bin = resolve(import.meta.dirname, '../../bin/skirmish.js');
    const ok = spawnSync(process.execPath, [bin, 'roll', '1d20+5', '--seed', '7', '--json'], { encoding: 'utf8' });
    expect(ok.status).toBe(0);
    expect(JSON.parse(ok.stdout)).toMatchObject({ notation: '1d20 + 5', seed: 7 });
    const bad = spawnSync(process.execPath, [bin, 'roll', '4d6kq3'], { encoding: 'utf8' });
    expect(bad.status).toBe(2);
    expect(bad.stderr).toContain('unexpected "q" at column 5');
  });
});
