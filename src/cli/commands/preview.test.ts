// `skirmish preview <scenario>`: the odds of the scenario's last command, as the page shows them.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const bin = join(import.meta.dirname, '../../../bin/skirmish.js');
const sk = (...args: string[]) => spawnSync(process.execPath, [bin, ...args], { encoding: 'utf8' });

/** The Ignite scenario with a step first: the Spellcaster walks to (2, 1), then casts (the previewed command). */
function walkThenCast(): string {
  const dir = mkdtempSync(join(tmpdir(), 'sk-preview-'));
  const file = join(dir, 'walk-then-cast.yaml');
  const text = readFileSync('examples/scenarios/phase20-ignite.yaml', 'utf8').replace(
    'commands:\n',
    'commands:\n  - { type: move, actor: mage, to: [2, 1] }\n',
  );
  writeFileSync(file, text);
  return file;
}

describe('skirmish preview', () => {
  it('plays the commands before the last, then prints the last one\'s odds in the page\'s words and rounding', () => {
    const r = sk('preview', walkThenCast());
    expect(r.status, r.stderr).toBe(0);
    // P20-SPL-2: d20 + General Skill 1 + Magic 3 must reach DV 15: faces 11–20, 10 in 20 = 50%;
    // on a hit 1d6 + Magic 3 = 4–9, mean 6.5; expected 0.5 × 6.5 = 3.25; each of 4..9 is 1/2 × 1/6 = 8.3%
    // the why line: General Skill 1 + Magic 3 = d20 + 4 against DV 15 needs 11 on the die
    expect(r.stdout.split('\n').slice(0, 7)).toEqual([
      "Spellcaster: Cast Ignite on Target  (round 1, after the scenario's 1 command)",
      'Chance           50%',
      'Damage on a hit  4–9 (avg 6.5)',
      'Expected damage  3.25',
      'd20 + 4 must reach DV 15: 11+ on the die (a tie hits)',
      '',
      'damage on a hit (share of all outcomes)',
    ]);
    expect(r.stdout).toContain('  4 │██████████████████████████████   8.3%');
  }, 60_000);

  it('--json is what the server\'s preview sends: chance, expected damage, damage as [value, chance] pairs', () => {
    const j = JSON.parse(sk('preview', walkThenCast(), '--json').stdout);
    expect(j.command).toEqual({ type: 'cast', actor: 'mage', spell: 'ignite', target: 'target' });
    expect(j.preview.chance).toBe(0.5);
    expect(j.preview.expectedDamage).toBeCloseTo(3.25, 12);
    expect(j.preview.damage.pmf[0]).toEqual([0, 0.5]);
    expect(j.preview.damage.pmf.reduce((a: number, [, p]: [number, number]) => a + p, 0)).toBeCloseTo(1, 12);
  }, 60_000);

  it('refuses an encounter with no commands, and a command before the last that the rules refuse (exit 2)', () => {
    const none = sk('preview', 'examples/phase20/goblin-cave.yaml');
    expect([none.status, none.stderr]).toEqual([2, 'skirmish: examples/phase20/goblin-cave.yaml has no commands: the last command of a scenario is the one previewed\n']);
    const file = walkThenCast();
    writeFileSync(file, readFileSync(file, 'utf8').replace('to: [2, 1]', 'to: [1, 1]'));
    const far = sk('preview', file);
    expect(far.status).toBe(2);
    expect(far.stderr).toMatch(/: command 1 \(\{"type":"move","actor":"mage","to":\[1,1\]\}\) was refused: action\/out_of_range: /);
  }, 60_000);
});
