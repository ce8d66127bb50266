// `skirmish sim` as a user runs it: JSON shape, comparison, report, and bad input failing up front.
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const bin = join(import.meta.dirname, '../../../bin/skirmish.js');
/** Run the CLI without blocking this thread (a loaded machine takes many seconds per start). */
const sk = (...args: string[]) =>
  new Promise<{ status: number; stdout: string; stderr: string }>((done) => {
    execFile(process.execPath, [bin, ...args], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 }, (err, stdout, stderr) => {
      done({ status: err ? (typeof err.code === 'number' ? err.code : 1) : 0, stdout, stderr });
    });
  });
const cave = 'examples/phase20/goblin-cave.yaml';

// each test starts the CLI a few times; a loaded machine takes many seconds per start
describe('skirmish sim', { timeout: 600_000 }, () => {
  it('--json prints one object with runs, seed, sides, rounds and units; no progress bar off a terminal', async () => {
    const r = await sk('sim', cave, '-n', '150', '--seed', '3', '--json');
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
    const again = JSON.parse((await sk('sim', cave, '-n', '150', '--seed', '3', '--json')).stdout);
    delete j.timing;
    delete again.timing;
    expect(again).toEqual(j);
  });

  it('plays a scenario: its scripted commands and dice open every fight, then the policies go on', async () => {
    const r = await sk('sim', 'examples/scenarios/phase20-ignite.yaml', '-n', '50', '--json');
    expect(r.status, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout).runs).toBe(50);
  });

  it('fails before any fight with the very messages of validate', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sk-sim-'));
    const bad = join(dir, 'bad.yaml');
    writeFileSync(bad, 'ruleset: phase20\nname: x\nmap: { width: 5, height: 5 }\nunits:\n  - { id: a, name: A, side: x, at: [1, 1], hp: 0, dv: 10 }\n  - { id: b, name: B, side: y, at: [2, 2], hp: 5, dv: ten }\n');
    const v = await sk('validate', bad);
    for (const args of [[bad], [cave, bad], [bad, '--json']]) {
      const r = await sk('sim', ...args);
      expect(r.status).toBe(2);
      expect(r.stderr).toBe(v.stderr);
      expect(r.stdout).toBe('');
    }
  });

  it('rejects unknown policies and bad numbers with exit 2', async () => {
    const p = await sk('sim', cave, '--policy', 'goblins=sneaky');
    expect(p.status).toBe(2);
    expect(p.stderr).toContain('names policy "sneaky"; phase20 knows: random, first, aggressive');
    expect((await sk('sim', cave, '--policy', 'dragons=random')).stderr).toContain('"dragons" is neither a side');
    expect((await sk('sim', cave, '-n', '0')).status).toBe(2);
    expect((await sk('sim', cave, '--max-rounds', 'x')).status).toBe(2);
  });

  it('compares two variants: win-rate difference with its interval', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sk-sim-'));
    const weaker = join(dir, 'weaker.yaml');
    // the same cave with Kara's spear blunted to a d4
    writeFileSync(weaker, readFileSync(cave, 'utf8').replace('damage: 1d8', 'damage: 1d4'));
    const r = await sk('sim', cave, weaker, '-n', '300', '--json');
    expect(r.status, r.stderr).toBe(0);
    const c = JSON.parse(r.stdout);
    const h = c.sides.heroes;
    expect(h.diff).toBeCloseTo(h.b - h.a, 12);
    expect(h.ci95[0]).toBeLessThanOrEqual(h.diff);
    expect(h.ci95[1]).toBeGreaterThanOrEqual(h.diff);
    expect(c.a.runs).toBe(300);
    expect(c.b.runs).toBe(300);
    const text = await sk('sim', cave, weaker, '-n', '300');
    expect(text.stdout).toContain('B − A');
  });

  it('--report writes one self-contained HTML file with the four charts', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sk-sim-'));
    const out = join(dir, 'r.html');
    const r = await sk('sim', cave, '-n', '100', '--report', out);
    expect(r.status, r.stderr).toBe(0);
    const html = readFileSync(out, 'utf8');
    expect(html.match(/<svg /g)?.length).toBe(4);
    expect(html).not.toMatch(/<script|<link|src="http/);
    for (const t of ['Win rate by side', 'Rounds to finish', 'Damage by unit', 'Survival by round']) expect(html).toContain(t);
  });

  it('--precision plays until every side is known to ±p, checkpoint by checkpoint, and says how many fights that took', async () => {
    const r = await sk('sim', cave, '--precision', '0.05', '--seed', '4', '--json');
    expect(r.status, r.stderr).toBe(0);
    const j = JSON.parse(r.stdout);
    // ±5 points: looked at every 100 fights, never past 400 (the widest interval, at 50%, needs 385)
    expect(j.precision).toEqual({ precision: 0.05, checkedEvery: 100, most: 400, reached: true });
    expect(j.runs % 100).toBe(0);
    expect(j.runs).toBeLessThanOrEqual(400);
    for (const s of Object.values(j.sides) as { winRate: number; ci95: [number, number] }[]) {
      expect(Math.max(s.winRate - s.ci95[0], s.ci95[1] - s.winRate)).toBeLessThanOrEqual(0.05);
    }
    // the checkpoint before it was not precise enough: it stopped at the first that was
    const before = JSON.parse((await sk('sim', cave, '-n', String(j.runs - 100), '--seed', '4', '--json')).stdout);
    expect(Object.values(before.sides).some((s) => Math.max((s as { winRate: number }).winRate - (s as { ci95: number[] }).ci95[0], (s as { ci95: number[] }).ci95[1] - (s as { winRate: number }).winRate) > 0.05)).toBe(true);
    // the same answer on two threads
    const two = JSON.parse((await sk('sim', cave, '--precision', '0.05', '--seed', '4', '--workers', '2', '--json')).stdout);
    delete j.timing;
    delete two.timing;
    expect(two).toEqual(j);
    const text = await sk('sim', cave, '--precision', '0.05', '--seed', '4');
    expect(text.stdout).toContain(`--precision 0.05: ${j.runs} fights, when every side's win rate was within ±5.00 points (looked every 100 fights)`);
    expect((await sk('sim', cave, '--precision', '2')).stderr).toContain('--precision is a share between 0 and 0.5');
  });

  it('pairs fight i of two variants on the same dice: a change of one unit\'s HP gets a narrower interval than unpaired fights would', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sk-sim-'));
    const weaker = join(dir, 'weaker.yaml');
    writeFileSync(weaker, readFileSync(cave, 'utf8').replace('hp: 22, dv: 15', 'hp: 18, dv: 15'));
    const r = await sk('sim', cave, weaker, '-n', '400', '--json');
    expect(r.status, r.stderr).toBe(0);
    const h = JSON.parse(r.stdout).sides.heroes;
    expect(h.method).toBe('paired');
    const { both, onlyA, onlyB, neither } = h.pairs;
    expect(both + onlyA + onlyB + neither).toBe(400);
    expect(h.diff).toBeCloseTo((onlyB - onlyA) / 400, 12);
    // most fights go the same way in both: the paired interval is the narrower, and unpaired fights would need more
    expect(both + neither).toBeGreaterThan(300);
    expect(h.ci95[1] - h.ci95[0]).toBeLessThan((h.unpairedCi95[1] - h.unpairedCi95[0]) * 0.8);
    expect(h.unpairedFights).toBeGreaterThan(600);
    expect((await sk('sim', cave, weaker, '-n', '400')).stdout).toMatch(/fight i of A and of B on the same dice \(paired\)[\s\S]*95% CI \(paired\)[\s\S]*unpaired: CI, fights for the same width/);
  });

  it('--vary plays the encounter at each value: each variant is the file with that value, charted with its interval', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sk-sim-'));
    const out = join(dir, 'sweep.html');
    const r = await sk('sim', cave, '--vary', 'units.kara.hp=10..22:6', '-n', '60', '--seed', '2', '--json', '--report', out);
    expect(r.status, r.stderr).toBe(0);
    const j = JSON.parse(r.stdout);
    expect(j.fields).toEqual(['units.kara.hp']);
    expect(j.variants.map((v: { values: object; runs: number }) => [v.values, v.runs])).toEqual([10, 16, 22].map((hp) => [{ 'units.kara.hp': hp }, 60]));
    // the variant at 16 is the very fights of the file written with Kara at 16 HP
    const at16 = join(dir, 'kara16.yaml');
    writeFileSync(at16, readFileSync(cave, 'utf8').replace('hp: 22, dv: 15', 'hp: 16, dv: 15'));
    const plain = JSON.parse((await sk('sim', at16, '-n', '60', '--seed', '2', '--json')).stdout);
    expect(j.variants[1].sides).toEqual(plain.sides);
    expect(j.variants[1].units).toEqual(plain.units);
    const html = readFileSync(out, 'utf8');
    expect(html.match(/<svg /g)?.length).toBe(2); // heroes and goblins
    expect(html).toContain('heroes: win rate against units.kara.hp');
    expect(html).not.toMatch(/<script|<link|src="http/);
  });

  it('a sweep file varies several fields; a value the rules refuse stops it before any fight with validate\'s message', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sk-sim-'));
    const file = join(dir, 'sweep.yaml');
    writeFileSync(file, `encounter: ${join(process.cwd(), cave)}\nvary:\n  units.kara.hp: [12, 22]\n  units.g2.dv: 10..12:2\n`);
    const r = await sk('sim', file, '-n', '20', '--json');
    expect(r.status, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout).variants.map((v: { values: object }) => v.values)).toEqual([
      { 'units.kara.hp': 12, 'units.g2.dv': 10 },
      { 'units.kara.hp': 12, 'units.g2.dv': 12 },
      { 'units.kara.hp': 22, 'units.g2.dv': 10 },
      { 'units.kara.hp': 22, 'units.g2.dv': 12 },
    ]);
    const bad = join(dir, 'bad.yaml');
    writeFileSync(bad, readFileSync(cave, 'utf8').replace('hp: 22, dv: 15', 'hp: 0, dv: 15'));
    const v = await sk('validate', bad);
    expect(v.status).toBe(2);
    const refused = await sk('sim', cave, '--vary', 'units.kara.hp=0..10:10', '-n', '20');
    expect(refused.status).toBe(2);
    expect(refused.stdout).toBe('');
    // validate's message, line and field, with the value that made it
    const said = v.stderr.trim().split('\n')[0].replace(bad, cave);
    expect(refused.stderr).toContain(`${said} (with units.kara.hp = 0)`);
    expect(refused.stderr).toContain('1 of 2 variants do not validate; nothing was played');
    expect((await sk('sim', cave, '--vary', 'units.nobody.hp=1..2')).stderr).toContain('there is no entry "nobody" in units');
    expect((await sk('sim', cave, '--vary', 'units.kara.hp=5..1')).stderr).toContain('runs backwards');
  });
});
