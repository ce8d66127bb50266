// Placeholder until the duel60 ruleset lands: registered so the registry and CLI know the id.
import { z } from 'zod';
import type { Ruleset } from '../../engine/index.ts';

export const duel60: Ruleset = {
  id: 'duel60',
  name: 'duel60',
  description: '(not implemented yet)',
  encounterSchema: z.never(),
  create: () => {
    throw new Error('duel60 is not implemented yet');
  },
  start: () => undefined,
  commands: {},
  legalActions: () => [],
};
