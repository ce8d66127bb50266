/**
 * The shared suite: every test file of the project that holds each registered ruleset to the same checks
 * (it iterates `rulesetsUnderTest()`, src/rulesets/under-test.ts). `skirmish check-ruleset <id>` runs it
 * for that one ruleset (SKIRMISH_RULESETS=<id>) with the project's own vitest, so a ruleset green there
 * is green in `npm test`. Only a checkout of the sources has the suite: an installed package has no tests.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { RULESETS_UNDER_TEST } from '../rulesets/under-test.ts';
import { Problems, type Clause } from '../sim/contract/clause.ts';

export const SHARED_SUITE = 'the shared suite passes';

/** A test file asks for the rulesets under test: it belongs to the shared suite. */
const ASKS = /\b(rulesetsUnderTest|idsUnderTest)\(\)/;
/** check-ruleset plays the contract itself before the suite: its test (the same contract) is not run twice. */
const RUN_BY_THE_COMMAND = ['src/cli/commands/check-ruleset.test.ts'];

function testFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    if (name === 'node_modules' || name === 'dist') return [];
    return statSync(p).isDirectory() ? testFiles(p) : /\.test\.tsx?$/.test(name) ? [p] : [];
  });
}

/** The shared suite's files under `root` (relative, sorted), or undefined where `root` is no checkout with its tests and vitest. */
export function sharedSuiteFiles(root: string): string[] | undefined {
  if (!existsSync(join(root, 'src')) || !existsSync(join(root, 'node_modules/vitest/vitest.mjs'))) return undefined;
  return testFiles(join(root, 'src'))
    .filter((f) => ASKS.test(readFileSync(f, 'utf8')))
    .map((f) => relative(root, f))
    .filter((f) => !RUN_BY_THE_COMMAND.includes(f))
    .sort();
}

interface VitestJson {
  testResults: { name: string; status: string; message?: string; assertionResults: { fullName: string; status: string; failureMessages?: string[] }[] }[];
}

/** Run the shared suite for ruleset `id` in the checkout at `root`: one clause, its problems the failing tests. */
export function runSharedSuite(id: string, root: string): Promise<Clause | undefined> {
  const files = sharedSuiteFiles(root);
  if (!files) return Promise.resolve(undefined);
  const out = mkdtempSync(join(tmpdir(), 'skirmish-suite-'));
  const report = join(out, 'report.json');
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [join(root, 'node_modules/vitest/vitest.mjs'), 'run', '--reporter=json', `--outputFile=${report}`, ...files], {
      cwd: root,
      env: { ...process.env, [RULESETS_UNDER_TEST]: id, NO_COLOR: '1', FORCE_COLOR: '0' },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let err = '';
    child.stderr.on('data', (b: Buffer) => (err = (err + b.toString()).slice(-4000)));
    child.on('error', reject);
    child.on('close', (status) => {
      try {
        const problems = new Problems();
        let tests = 0;
        if (existsSync(report)) {
          const json = JSON.parse(readFileSync(report, 'utf8')) as VitestJson;
          for (const file of json.testResults) {
            tests += file.assertionResults.length;
            const name = relative(root, file.name);
            // a file that fails before its tests run (an import, a thrown error) has no results: its message says why
            if (file.status === 'failed' && !file.assertionResults.some((a) => a.status === 'failed')) problems.add(`${name}: ${(file.message ?? 'failed').split('\n')[0]}`);
            for (const a of file.assertionResults) if (a.status === 'failed') problems.add(`${name} > ${a.fullName}: ${(a.failureMessages?.[0] ?? '').split('\n')[0]}`);
          }
        }
        if (status !== 0 && problems.count === 0) problems.add(`vitest exited with ${status}: ${err.trim().split('\n').slice(-3).join(' ') || 'no report'}`);
        resolve({ clause: SHARED_SUITE, ok: problems.count === 0, checked: `${files.length} test files, ${tests} tests (SKIRMISH_RULESETS=${id} npx vitest run …)`, problems: problems.done() });
      } finally {
        rmSync(out, { recursive: true, force: true });
      }
    });
  });
}
