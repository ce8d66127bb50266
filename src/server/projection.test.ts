// projectNew (one command's events for one viewer) must equal the tail of the whole log's projection.
import { describe, expect, it } from 'vitest';
import { distributionOf, seededSource } from '../dice/index.ts';
import { createEngine, EncounterLog, type LoggedEvent } from '../engine/index.ts';
import { loadText } from '../rulesets/load.ts';
import { playFight } from '../sim/fight.ts';
import { readExample } from './examples.ts';
import { previewJson, projectLog, projectNew, visibleActions } from './projection.ts';

describe('projection', () => {
  it.each(['phase20/goblin-cave.yaml', 'frontline/outpost-siege.yaml'])('incremental projection equals the projection of the whole log, for every viewer (%s)', (example) => {
    const ex = readExample(example)!;
    const loaded = loadText(ex.text, ex.file);
    if (!loaded.ok) throw new Error('example does not load');
    const engine = createEngine(loaded.value.ruleset);
    const created = engine.create(loaded.value.doc);
    const fight = playFight(engine, created, { dice: seededSource(3), pick: (n) => seededSource(4).roll(n) - 1, keepLog: true, maxRounds: 6 });
    const full = fight.log!;
    // replay the log command by command, projecting each command's events on their own
    const byCmd: LoggedEvent[][] = [];
    for (const e of full) (byCmd.length && byCmd[byCmd.length - 1][0].cmd === e.cmd ? byCmd[byCmd.length - 1] : byCmd[byCmd.push([]) - 1]).push(e);
    for (const viewer of [{ role: 'player' as const, player: 'p1' }, { role: 'player' as const, player: 'p2' }, { role: 'gm' as const }]) {
      const log = EncounterLog.fromEvents(engine, byCmd[0]);
      const pieces: LoggedEvent[] = [...projectLog(byCmd[0], viewer, engine.ruleset)];
      for (const cmd of byCmd.slice(1)) {
        const before = log.state;
        log.events.push(...cmd);
        for (const e of cmd) log.state = engine.evolve(log.state, e);
        pieces.push(...projectNew(before, cmd, viewer, engine.ruleset));
      }
      expect(pieces).toEqual(projectLog(full, viewer, engine.ruleset));
    }
  });

  it('turns a damage Distribution into pmf pairs', () => {
    const p = previewJson({ chance: 0.5, damage: distributionOf('1d4'), notes: ['n'] });
    expect(p).toEqual({ chance: 0.5, damage: { pmf: [[1, 0.25], [2, 0.25], [3, 0.25], [4, 0.25]], mean: 2.5, min: 1, max: 4 }, notes: ['n'] });
    expect(JSON.parse(JSON.stringify(p))).toEqual(p);
  });

  it("a player is offered an area aimed at a unit it sees without the hidden units the area would take, and nothing aimed at one", () => {
    const fireball = { command: { type: 'cast', actor: 'mage', spell: 'fireball', target: 'orc' }, label: 'Cast Fireball on Orc', group: 'spell', area: [{ x: 1, y: 1 }], targets: ['orc', 'lurker', 'goblin'] };
    const atLurker = { command: { type: 'attack', actor: 'mage', target: 'lurker' }, label: 'Attack Lurker', group: 'attack', targets: ['lurker'] };
    const seen = visibleActions([fireball, atLurker], new Set(['lurker']), []);
    expect(seen).toEqual([{ ...fireball, targets: ['orc', 'goblin'] }]);
    // the engine's own option is left as it was
    expect(fireball.targets).toEqual(['orc', 'lurker', 'goblin']);
  });
});
