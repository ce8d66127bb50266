// `skirmish sim` as a user runs it: JSON shape, comparison, report, and bad input failing up front.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const bin = join(import.meta.dirname, '../../../bin/skirmish.js');
const sk = (...args: string[]) => spawnSync(process.execPath, [bin, ...args], { encoding: 'utf8' });
const cave = 'examples/phase20/goblin-cave.yaml';

describe('skirmish sim', () => {
  it('--json prints one object with runs, seed, sides, rounds and units; no progress bar off a terminal', () => {
    const r = sk('sim', cave, '-n', '150', '--seed', '3', '--json');
    expect(r.status, r.stderr).toBe(0);
    expect(r.stderr).toBe('');
    const j = JSON.parse(r.stdout);
    expect(j.runs).toBe(150);
    expect(j.seed).toBe(3);
    for (const side of ['heroes', 'goblins']) {
      expect(j.sides[side]).toEqual({ wins: expect.any(Number), winRate: expect.any(Number), ci95: [expect.any(Number), expect.any(Number)] });
    }
    expect(Object.keys(j.rounds)).toEqual(expect.arrayContaining(['mean', 'median', 'p90', 'histogram']));
    expect(j.units.map((u: { id: string }) => u.id)).toEqual(['kara', 'pell', 'g1', 'g2', 'g3']);
    // the same seed gives the same numbers
    const again = JSON.parse(sk('sim', cave, '-n', '150', '--seed', '3', '--json').stdout);
    delete j.timing;
    delete again.timing;
    expect(again).toEqual(j);
  });

  it('plays a scenario: its scripted commands and dice open every fight, then the policies go on', () => {
    const r = sk('sim', 'examples/scenarios/phase20-ignite.yaml', '-n', '50', '--json');
    expect(r.status, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout).runs).toBe(50);
  });

  it('fails before any fight with the very messages of validate', () => {
    const dir = mkdtempSync(join(tmpdir(), 'sk-sim-'));
    const bad = join(dir, 'bad.yaml');
    writeFileSync(bad, 'ruleset: phase20\nname: x\nmap: { width: 5, height: 5 }\nunits:\n  - { id: a, name: A, side: x, at: [1, 1], hp: 0, dv: 10 }\n  - { id: b, name: B, side: y, at: [2, 2], hp: 5, dv: ten }\n');
    const v = sk('validate', bad);
    for (const args of [[bad], [cave, bad], [bad, '--json']]) {
      const r = sk('sim', ...args);
      expect(r.status).toBe(2);
      expect(r.stderr).toBe(v.stderr);
      expect(r.stdout).toBe('');
    }
  });

  it('rejects unknown policies and bad numbers with exit 2', () => {
    const p = sk('sim', cave, '--policy', 'goblins=sneaky');
    expect(p.status).toBe(2);
    expect(p.stderr).toContain('names policy "sneaky"; phase20 knows: random, first, aggressive');
    expect(sk('sim', cave, '--policy', 'dragons=random').stderr).toContain('"dragons" is neither a side');
    expect(sk('sim', cave, '-n', '0').status).toBe(2);
    expect(sk('sim', cave, '--max-rounds', 'x').status).toBe(2);
  });

  it('compares two variants: win-rate difference with its interval', () => {
    const dir = mkdtempSync(join(tmpdir(), 'sk-sim-'));
    const weaker = join(dir, 'weaker.yaml');
    // the same cave with Kara's spear blunted to a d4
    writeFileSync(weaker, readFileSync(cave, 'utf8').replace('damage: 1d8', 'damage: 1d4'));
    const r = sk('sim', cave, weaker, '-n', '300', '--json');
    expect(r.status, r.stderr).toBe(0);
    const c = JSON.parse(r.stdout);
    const h = c.sides.heroes;
    expect(h.diff).toBeCloseTo(h.b - h.a, 12);
    expect(h.ci95[0]).toBeLessThanOrEqual(h.diff);
    expect(h.ci95[1]).toBeGreaterThanOrEqual(h.diff);
    expect(c.a.runs).toBe(300);
    expect(c.b.runs).toBe(300);
    const text = sk('sim', cave, weaker, '-n', '300');
    expect(text.stdout).toContain('B − A');
  });

  it('--report writes one self-contained HTML file with the four charts', () => {
    const dir = mkdtempSync(join(tmpdir(), 'sk-sim-'));
    const out = join(dir, 'r.html');
    const r = sk('sim', cave, '-n', '100', '--report', out);
    expect(r.status, r.stderr).toBe(0);
    const html = readFileSync(out, 'utf8');
    expect(html.match(/<svg /g)?.length).toBe(4);
    expect(html).not.toMatch(/<script|<link|src="http/);
    for (const t of ['Win rate by side', 'Rounds to finish', 'Damage by unit', 'Survival by round']) expect(html).toContain(t);
  });
});
