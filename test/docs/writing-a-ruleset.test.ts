/**
 * docs/writing-a-ruleset.md, followed as a newcomer would, in a fresh copy of the project: every `$`
 * command of its console blocks is run there and must succeed and print the lines shown (`…` stands for
 * lines left out), every block with a `file=` name is written, every diff applied; then the new ruleset's
 * example is played in a browser by a GM and two players to its end. A page that stops telling the truth
 * fails here.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freshProject } from '../fresh-project.ts';
import { buildWeb, launchBrowser, ROOT, startServer } from '../web/harness.ts';
import { assign, inSync, openTable, playToEnd, start } from '../web/session.ts';

type Step = { kind: 'run'; command: string; expect: string[] } | { kind: 'file'; path: string; text: string } | { kind: 'diff'; text: string };

/** The page's steps in order: its console commands, its named files, its diffs. */
export function stepsOf(markdown: string): Step[] {
  const steps: Step[] = [];
  for (const m of markdown.matchAll(/^```(\w+)([^\n]*)\n([\s\S]*?)^```$/gm)) {
    const [, lang, info, body] = m;
    const file = /\bfile=(\S+)/.exec(info)?.[1];
    if (file) steps.push({ kind: 'file', path: file, text: body });
    else if (lang === 'diff') steps.push({ kind: 'diff', text: body });
    else if (lang === 'console') {
      for (const chunk of body.split(/^(?=\$ )/m)) {
        const [first, ...rest] = chunk.replace(/\n$/, '').split('\n');
        if (first.startsWith('$ ')) steps.push({ kind: 'run', command: first.slice(2), expect: rest });
      }
    }
  }
  return steps;
}

/** A child process to its end, without holding this test's event loop (vitest's worker must keep answering). */
function child(argv: string[], cwd: string, input?: string): Promise<{ status: number | null; out: string }> {
  return new Promise((ok, fail) => {
    const c = spawn(argv[0], argv.slice(1), { cwd, env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0', CI: '1' } });
    let out = '';
    c.stdout.on('data', (b: Buffer) => (out += b.toString()));
    c.stderr.on('data', (b: Buffer) => (out += b.toString()));
    c.on('error', fail);
    c.on('close', (status) => ok({ status, out }));
    c.stdin.end(input ?? '');
  });
}

/** `npx skirmish …` and `npx vitest …` as the project's own scripts, run in the copy. */
function run(dir: string, command: string): Promise<{ status: number | null; out: string }> {
  const [tool, ...args] = command.split(/\s+/);
  expect(tool, `the page runs ${command}`).toBe('npx');
  const [bin, ...rest] = args;
  const argv = bin === 'skirmish' ? [join(dir, 'bin/skirmish.js'), ...rest] : bin === 'vitest' ? [join(dir, 'node_modules/vitest/vitest.mjs'), ...rest] : undefined;
  if (!argv) throw new Error(`the page runs ${command}: only npx skirmish and npx vitest are followed`);
  return child([process.execPath, ...argv], dir);
}

/** The shown lines appear in the output in that order; `…` skips any number of lines. */
function shows(out: string, expected: string[]): string | undefined {
  const lines = out.split('\n').map((l) => l.trimEnd());
  let at = 0;
  let free = false;
  for (const want of expected.map((l) => l.trimEnd())) {
    if (want === '…') {
      free = true;
      continue;
    }
    const found = free ? lines.indexOf(want, at) : lines[at] === want ? at : -1;
    if (found < 0) return `expected ${JSON.stringify(want)} ${free ? 'after' : 'at'} line ${at + 1} of:\n${out}`;
    at = found + 1;
    free = false;
  }
  return undefined;
}

const page = readFileSync(join(ROOT, 'docs/writing-a-ruleset.md'), 'utf8');
const dir = freshProject();
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('docs/writing-a-ruleset.md, followed in a fresh copy of the project', () => {
  const steps = stepsOf(page);

  it('the page has the steps this test follows', () => {
    expect(steps.filter((s) => s.kind === 'run').map((s) => (s as { command: string }).command.split(' ').slice(0, 3).join(' '))).toEqual([
      'npx skirmish new-ruleset', 'npx vitest run', 'npx skirmish check-ruleset', 'npx skirmish run', 'npx skirmish sim', 'npx skirmish preview', 'npx vitest run', 'npx skirmish check-ruleset',
      // odds from the rules themselves (section 6): the attack's odds played out from decide
      'npx vitest run', 'npx skirmish check-ruleset',
    ]);
  });

  it('every command succeeds and prints what the page shows; every file and change applies', async () => {
    for (const s of steps) {
      if (s.kind === 'file') {
        mkdirSync(dirname(join(dir, s.path)), { recursive: true });
        writeFileSync(join(dir, s.path), s.text);
      } else if (s.kind === 'diff') {
        const r = await child(['patch', '-p1', '--forward', '--no-backup-if-mismatch'], dir, s.text);
        expect(r.status, `the page's change does not apply:\n${r.out}`).toBe(0);
      } else {
        const r = await run(dir, s.command);
        expect(r.status, `$ ${s.command}\n${r.out}`).toBe(0);
        expect(shows(r.out, s.expect), `$ ${s.command}`).toBeUndefined();
      }
    }
  }, 1_200_000);

  it('the new ruleset\'s example at the table: a GM and two players play First fight to its end in a browser', async () => {
    await buildWeb(dir);
    const [server, browser] = await Promise.all([startServer(dir), launchBrowser()]);
    try {
      const t = await openTable(browser, server.url, 'skirmage/first-fight.yaml');
      try {
        const units = await t.gm.locator('.turn-order li[data-unit]').evaluateAll((els) => els.map((e) => [e.getAttribute('data-unit')!, e.getAttribute('data-side')!]));
        expect(units.map(([id]) => id).sort()).toEqual(['ada', 'bram', 'cass', 'dorn']);
        for (const [i, [id]] of units.filter(([, side]) => side === 'wardens').entries()) await assign(t, id, i);
        await inSync(t);
        await start(t);
        await t.gm.screenshot({ path: join(tmpdir(), 'skirmage-gm.png'), fullPage: true });
        const steps = await playToEnd(t);
        await inSync(t);
        expect(steps).toBeGreaterThan(4);
        for (const p of [t.gm, ...t.players]) await expect.poll(() => p.locator('main.layout').getAttribute('data-status')).toBe('ended');
        // the result in words, on the GM's page and a player's
        for (const p of [t.gm, t.players[0]]) expect(await p.locator('.turn-order h2 .result').innerText()).toMatch(/— victory for (wardens|raiders)$/);
        await t.players[0].screenshot({ path: join(tmpdir(), 'skirmage-player.png'), fullPage: true });
        expect(t.errors).toEqual([]);
      } finally {
        await t.close();
      }
    } finally {
      await browser.close();
      await server.stop();
    }
  }, 900_000);
});
