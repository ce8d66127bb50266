// The CLI as a user runs it: exit codes, messages on stderr, byte-identical replays of a seed.
import { execFileSync, spawnSync } from 'node:child_process';
import { writeFileSync, mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { rulesets } from '../../src/rulesets/index.ts';
import { listExamples } from '../../src/server/examples.ts';

const bin = join(import.meta.dirname, '../../bin/skirmish.js');
const sk = (...args: string[]) => spawnSync(process.execPath, [bin, ...args], { encoding: 'utf8' });

describe('skirmish CLI', () => {
  it('a reader that closes the pipe early (| head) ends the command quietly: exit 0, nothing on stderr', () => {
    // as a user types it: the shell's pipe to `head`, which hangs up after 10 bytes
    const line = `"${process.execPath}" "${bin}" run examples/outerah/airship-battle.yaml --json | head -c 10 > /dev/null; echo "exit \${PIPESTATUS[0]}" >&2`;
    const r = spawnSync('bash', ['-c', line], { encoding: 'utf8' });
    expect(r.stderr).toBe('exit 0\n');
  });

  it('rulesets --json lists every ruleset', () => {
    const r = sk('rulesets', '--json');
    expect(r.status).toBe(0);
    const ids = JSON.parse(r.stdout).map((x: { id: string }) => x.id);
    expect(ids).toEqual(Object.keys(rulesets));
  });

  it('validate: exit 0 for every example, exit 2 with file:line:col and field for a broken file', () => {
    // every registered ruleset's examples, and the scenarios, in one run of the command
    const files = [...listExamples().map((e) => join('examples', e.path)), ...readdirSync('examples/scenarios').map((f) => join('examples/scenarios', f))];
    const ok = sk('validate', ...files);
    expect(ok.status, ok.stderr).toBe(0);
    const dir = mkdtempSync(join(tmpdir(), 'sk-'));
    const bad = join(dir, 'bad.yaml');
    writeFileSync(bad, 'ruleset: phase20\nname: x\nmap: { width: 5, height: 5 }\nunits:\n  - { id: a, name: A, side: x, at: [1, 1], hp: 0, dv: 10 }\n  - { id: b, name: B, side: y, at: [2, 2], hp: 5, dv: ten }\n');
    const r = sk('validate', bad);
    expect(r.status).toBe(2);
    expect(r.stderr).toContain(`${bad}:5:`);
    expect(r.stderr).toContain('units[0].hp');
    expect(r.stderr).toContain(`${bad}:6:`);
    expect(r.stderr).toContain('units[1].dv');
    writeFileSync(bad, 'ruleset: chess\nname: x\n');
    expect(sk('validate', bad).stderr).toContain('unknown ruleset "chess"');
    expect(sk('validate', join(dir, 'missing.yaml')).status).toBe(2);
  }, 120_000); // five starts of the CLI: slow on a loaded machine

  it('run: the same seed gives the same output byte for byte; a scenario plays its script', () => {
    const a = execFileSync(process.execPath, [bin, 'run', 'examples/phase20/goblin-cave.yaml', '--seed', '9'], { encoding: 'utf8' });
    const b = execFileSync(process.execPath, [bin, 'run', 'examples/phase20/goblin-cave.yaml', '--seed', '9'], { encoding: 'utf8' });
    expect(a).toBe(b);
    expect(a).toMatch(/Combat ends: /);
    const json = execFileSync(process.execPath, [bin, 'run', 'examples/phase20/goblin-cave.yaml', '--seed', '9', '--json'], { encoding: 'utf8' });
    const events = json.trim().split('\n').map((l) => JSON.parse(l));
    expect(events[0].type).toBe('encounter.created');
    expect(events.at(-1).type).toBe('combat.ended');
    const s = sk('run', 'examples/scenarios/phase20-ignite.yaml');
    expect(s.stdout).toContain('d20(11) + General Skill 1 + Magic 3 = 15 ≥ DV 15 → hit [P20-SPL-5]'.replace('P20-SPL-5', 'P20-SPL-2'));
    expect(s.stdout).toContain('→ resisted [P20-SPL-4]');
  });

  it('run: a file that does not validate exits 2; a scripted command the rules refuse exits 3 with the reason; an expected refusal goes on', () => {
    const dir = mkdtempSync(join(tmpdir(), 'sk-'));
    const enc = join(process.cwd(), 'examples/phase20/mage-duel.yaml');
    const write = (name: string, text: string) => {
      writeFileSync(join(dir, name), text);
      return join(dir, name);
    };
    const invalid = sk('run', write('bad.yaml', `encounter: ${enc}\ncommands:\n  - { type: attack, expect: perhaps }\n`));
    expect(invalid.status).toBe(2);
    expect(invalid.stderr).toMatch(/bad\.yaml:3:\d+: commands\[0\]\.expect: expect is "refused" or \{ refused: <code> \}/);
    const refused = sk('run', write('s.yaml', `encounter: ${enc}\ndice: [1, 1, 1, 1]\ncommands:\n  - { type: attack, actor: nobody, target: dorn }\n`));
    expect(refused.status).toBe(3);
    expect(refused.stderr).toMatch(/scripted command 1 .* was rejected: (unit\/unknown|turn\/not_your_turn)/);
    const expected = sk('run', write('e.yaml', `encounter: ${enc}\ndice: [1, 1, 1, 1]\ncommands:\n  - { type: attack, actor: nobody, target: dorn, expect: refused }\n`));
    expect(expected.status).toBe(0);
    expect(expected.stdout).toMatch(/^Refused as expected: (unit\/unknown|turn\/not_your_turn): /m);
    expect(expected.stdout).toMatch(/Combat ends: /);
  }, 120_000);

  it('schema prints a JSON Schema', () => {
    const r = sk('schema', 'phase20');
    expect(JSON.parse(r.stdout)).toMatchObject({ type: 'object', properties: { ruleset: { const: 'phase20' } } });
  });
});
