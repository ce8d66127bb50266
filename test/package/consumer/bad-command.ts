// Malformed commands: one without its `type`, one whose field is not JSON. tsc must refuse both (../consumer.test.ts).
import { createEngine, rulesets, seededSource, type EncounterState } from 'skirmish';

declare const state: EncounterState;
const engine = createEngine(rulesets.phase20);
engine.decide(state, { actor: 'kara', target: 'g1' }, seededSource(1));
engine.decide(state, { type: 'attack', actor: 'kara', target: () => 'g1' }, seededSource(1));
