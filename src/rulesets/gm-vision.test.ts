// gm.vision (docs/fog.md): fog of war on and off, kept on the map by a map.set; the refusals say what is wrong.
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { readFileSync } from 'node:fs';
import { rulesets } from './index.ts';
import { createEngine, EncounterLog, replayLog, type Command, type GridMap, type Ruleset } from '../engine/index.ts';
import { queue } from '../engine/gm/testkit.ts';

function table(ruleset: Ruleset, file: string) {
  const log = new EncounterLog(createEngine(ruleset));
  log.create(parse(readFileSync(new URL(`../../examples/${file}`, import.meta.url), 'utf8')));
  const run = (cmd: Command) => log.execute(cmd, queue());
  return { log, run };
}

describe('gm.vision', () => {
  it('turns fog on with a range and off again, keeping it on the map (replay and undo as any override)', () => {
    const { log, run } = table(rulesets.phase20, 'phase20/goblin-cave.yaml');
    const on = run({ type: 'gm.vision', on: true, range: 4, reason: 'night falls' });
    expect(on.ok && on.events.map((e) => e.type)).toEqual(['map.set']);
    expect((log.state.map as GridMap).vision).toEqual({ on: true, range: 4 });
    expect(replayLog(log.engine, log.events)).toEqual(log.state);
    // no range given: the one set stays; null: no limit
    expect(run({ type: 'gm.vision', on: false }).ok).toBe(true);
    expect((log.state.map as GridMap).vision).toEqual({ on: false, range: 4 });
    expect(run({ type: 'gm.vision', on: true, range: null }).ok).toBe(true);
    expect((log.state.map as GridMap).vision).toEqual({ on: true });
    expect(run({ type: 'undo' }).ok).toBe(true);
    expect((log.state.map as GridMap).vision).toEqual({ on: false, range: 4 });
  });

  it('refuses what cannot be: no grid, a bad range, no change, a player', () => {
    const zones = table(rulesets.frontline, 'frontline/outpost-siege.yaml');
    const r0 = zones.run({ type: 'gm.vision', on: true });
    expect(!r0.ok && r0.rejection).toMatchObject({ code: 'gm/no_grid', message: 'fog of war needs a grid: this encounter has none' });
    const { run, log } = table(rulesets.phase20, 'phase20/goblin-cave.yaml');
    const before = JSON.stringify(log.state);
    const bad = run({ type: 'gm.vision', on: true, range: 0 });
    expect(!bad.ok && bad.rejection).toMatchObject({ code: 'command/bad_field', field: 'range' });
    const noOn = run({ type: 'gm.vision', range: 3 });
    expect(!noOn.ok && noOn.rejection).toMatchObject({ code: 'command/bad_field', field: 'on' });
    const same = run({ type: 'gm.vision', on: false });
    expect(!same.ok && same.rejection).toMatchObject({ code: 'gm/no_change', message: 'vision is already off' });
    const player = log.execute({ type: 'gm.vision', on: true }, queue(), { asGm: false });
    expect(!player.ok && player.rejection.code).toBe('auth/gm_only');
    expect(JSON.stringify(log.state)).toBe(before);
  });

  it("a file sets it on the map, with ranges per unit; a range for a unit the file lacks is refused where it is written", async () => {
    const { loadText } = await import('./load.ts');
    const text = readFileSync(new URL('../../examples/phase20/goblin-cave.yaml', import.meta.url), 'utf8').replace('  width: 9\n', '  width: 9\n  vision: { range: 3, units: { kara: 5 } }\n');
    const ok = loadText(text, 'cave.yaml');
    expect(ok.ok).toBe(true);
    if (ok.ok) expect((ok.value.ruleset.create(ok.value.doc).map as GridMap).vision).toEqual({ on: true, range: 3, units: { kara: 5 } });
    const typo = loadText(text.replace('kara: 5', 'karra: 5'), 'cave.yaml');
    expect(!typo.ok && typo.problems[0]).toMatchObject({ path: 'map.vision.units.karra', message: 'no unit has the id "karra": a sight range is set per unit id' });
  });
});
