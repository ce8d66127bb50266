// legalActions lists exactly commands decide accepts; the aggressive policy picks among them.
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { seededSource } from '../../dice/index.ts';
import { createEngine, listingOf, type Command } from '../../engine/index.ts';
import { loadText } from '../load.ts';
import { Table } from '../testing.ts';
import { duel } from './fixtures.ts';
import { outerah } from './index.ts';

function everyOptionAccepted(t: Table): number {
  const unit = t.active!;
  const options = t.engine.legalActions(t.state, unit);
  for (const o of options) {
    const r = t.engine.decide(t.state, o.command, seededSource(7, 0));
    expect(r.ok, `${o.label}: ${r.ok ? '' : r.rejection.code}`).toBe(true);
  }
  return options.length;
}

describe('outerah legal actions (OUT-TURN-1)', () => {
  it('every listed option is accepted, at the start, mid-turn and with a hasted ally', () => {
    const sage = { id: 'sage', name: 'Sage', side: 'heroes', class: 'druid', at: [1, 1], hp: 30, startHp: 10, skills: ['haste', 'mend', 'regen', 'inspire'], items: { potion: 1 } };
    const t = new Table(outerah, duel({ hero: { weapons: ['sword', 'dagger', 'longbow'], skills: ['firebolt', 'slow', 'stop', 'poison'], items: { potion: 2 }, startHp: 20, reactions: [{ name: 'R', kind: 'trigger', does: 'retaliate' }, { name: 'Q', kind: 'auto', does: 'item', item: 'potion' }] }, extra: [sage] }));
    t.start(5, 1, 1, 1); // Hero 12, Foe 4, Sage 4: tie, coin d2(1) → Foe first
    expect(everyOptionAccepted(t)).toBeGreaterThan(20);
    t.dice(50, 99).do({ type: 'attack', actor: 'hero', target: 'foe', weapon: 'sword' });
    everyOptionAccepted(t);
    t.do({ type: 'end_turn', actor: 'hero' });
    t.do({ type: 'end_turn', actor: 'foe' });
    expect(t.active).toBe('sage');
    everyOptionAccepted(t);
    const types = new Set(t.engine.legalActions(t.state, 'sage').map((o) => o.command.type));
    expect([...types].sort()).toEqual(['cast', 'chat', 'end_turn', 'hide', 'move', 'use_item']);
    expect(t.engine.legalActions(t.state, 'hero')).toEqual([]); // not its turn
  });

  it('OUT-PET-1, OUT-MNT-1, OUT-SHIP-3: with pets, mounts and ships, every listed option is accepted, turn after turn', () => {
    for (const file of ['trainer-and-knight.yaml', 'airship-battle.yaml', 'river-and-forest.yaml']) {
      const loaded = loadText(readFileSync(new URL(`../../../examples/outerah/${file}`, import.meta.url), 'utf8'), file);
      if (!loaded.ok) throw new Error(file);
      const engine = createEngine(outerah);
      const dice = seededSource(3, 0);
      let state = engine.replay(engine.create(loaded.value.doc));
      const step = (cmd: Command) => {
        const r = engine.decide(state, cmd, dice);
        if (!r.ok) throw new Error(`${file}: ${JSON.stringify(cmd)}: ${r.rejection.code} ${r.rejection.message}`);
        for (const e of r.events) state = engine.evolve(state, e);
      };
      step({ type: 'start' });
      for (let i = 0; i < 40 && state.status === 'active'; i++) {
        const unit = engine.activeUnit(state)!;
        const options = engine.legalActions(state, unit);
        for (const o of options) expect(engine.decide(state, o.command, seededSource(7, i)).ok, `${file}: ${o.label}`).toBe(true);
        step(outerah.policies!.aggressive(state, unit, listingOf(options), () => 0).command);
      }
    }
    // every option of 40 turns of three fights is decided: seconds when quiet, far more on a loaded machine
  }, 180_000);

  it('the aggressive policy returns one of the options', () => {
    const t = new Table(outerah, duel({ hero: { at: [0, 0] }, foe: { at: [8, 8] } }));
    t.start(5, 1);
    const options = t.engine.legalActions(t.state, 'hero');
    const pick = outerah.policies!.aggressive(t.state, 'hero', listingOf(options), () => 0);
    // one of the options: an equal one (a walk is built from the move search, as the listing builds its moves)
    expect(options).toContainEqual(pick);
    expect(pick.command.type).toBe('move'); // nobody in reach: walk toward the Foe
  });
});
