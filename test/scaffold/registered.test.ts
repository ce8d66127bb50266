/**
 * Registering the untouched scaffold leaves the project's tests green: in a fresh copy of the project,
 * `skirmish new-ruleset` writes a sixth ruleset and its registration line, and `skirmish check-ruleset`
 * then passes its contract and the shared suite (every registry-wide test, run for the new ruleset), as do
 * the tests that read the registry whole and the new folder's own. The same command fails, naming the test,
 * when the new ruleset breaks a convention only the shared suite checks (its map has terrain, but it offers
 * the builder no terrain kinds).
 */
import { spawn } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freshProject } from '../fresh-project.ts';

const dir = freshProject('skirmish-registered-');
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A child process to its end, without holding this test's event loop. */
function run(args: string[]): Promise<{ status: number | null; out: string }> {
  return new Promise((ok, fail) => {
    const c = spawn(process.execPath, args, { cwd: dir, env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0', SKIRMISH_RULESETS: '' } });
    let out = '';
    c.stdout.on('data', (b: Buffer) => (out += b.toString()));
    c.stderr.on('data', (b: Buffer) => (out += b.toString()));
    c.on('error', fail);
    c.on('close', (status) => ok({ status, out }));
  });
}
const skirmish = (...args: string[]) => run([join(dir, 'bin/skirmish.js'), ...args]);

describe('the untouched scaffold, registered', () => {
  it('new-ruleset adds the folder, its example and one registry line', async () => {
    const r = await skirmish('new-ruleset', 'skirmage');
    expect(r.status, r.out).toBe(0);
    expect(readFileSync(join(dir, 'src/rulesets/index.ts'), 'utf8')).toMatch(/\n {2}skirmage,\n\};/);
  }, 120_000);

  it('check-ruleset fails, naming the shared test, when the ruleset breaks a convention only the shared suite checks', async () => {
    const index = join(dir, 'src/rulesets/skirmage/index.ts');
    const text = readFileSync(index, 'utf8');
    const broken = text.replace(/^ {2}terrainKinds: .*\n/m, '');
    expect(broken).not.toBe(text);
    writeFileSync(index, broken);
    try {
      const r = await skirmish('check-ruleset', 'skirmage', '--json');
      expect(r.status, r.out).toBe(1);
      const clauses = (JSON.parse(r.out) as { clauses: { clause: string; ok: boolean; problems: string[] }[] }).clauses;
      // the contract alone is kept: only the shared suite sees it
      expect(clauses.filter((c) => !c.ok).map((c) => c.clause)).toEqual(['the shared suite passes']);
      expect(clauses.at(-1)!.problems).toEqual([expect.stringMatching(/^src\/rulesets\/terrain-kinds\.test\.ts > terrain kinds skirmage: every kind validates as a map\.terrain entry: /)]);
    } finally {
      writeFileSync(index, text);
    }
  }, 600_000);

  it('as written, it keeps the contract and passes the shared suite', async () => {
    const r = await skirmish('check-ruleset', 'skirmage');
    expect(r.status, r.out).toBe(0);
    expect(r.out).toMatch(/^✓ the shared suite passes — \d+ test files, \d+ tests \(SKIRMISH_RULESETS=skirmage npx vitest run …\)$/m);
    expect(r.out).toMatch(/^skirmage keeps the contract \(8 clauses\)$/m);
  }, 600_000);

  it('the tests that read the registry whole, and the new folder\'s own, pass too', async () => {
    const r = await run([join(dir, 'node_modules/vitest/vitest.mjs'), 'run', 'src/cli/scaffold.test.ts', 'src/cli/shared-suite.test.ts', 'src/rulesets/skirmage']);
    expect(r.status, r.out).toBe(0);
  }, 300_000);
});
