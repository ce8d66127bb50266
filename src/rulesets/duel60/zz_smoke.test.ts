import { it } from 'vitest';
import { seededSource } from '../../dice/index.ts';
import { createEngine } from '../../engine/index.ts';
import { playFight } from '../../sim/fight.ts';
import { duel60 } from './index.ts';
import { duel } from './fixtures.ts';
it('smoke', () => {
  const engine = createEngine(duel60);
  for (const seed of [1,2,3]) {
    const created = engine.create(duel60.encounterSchema.parse(duel({ hero: { weapons: ['sword', 'knife'], abilities: ['bolt', 'orb'] }, foe: { at: [6, 4], weapons: ['club'] } })));
    const choices = seededSource(seed, 1);
    const r = playFight(engine, created, { dice: seededSource(seed, 0), pick: (n) => choices.roll(n) - 1, keepLog: true });
    console.log(seed, r.state.result, r.state.turn.round, r.commands);
  }
});
