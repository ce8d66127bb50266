// Placeholder until the frontline ruleset lands: registered so the registry and CLI know the id.
import { z } from 'zod';
import type { Ruleset } from '../../engine/index.ts';

export const frontline: Ruleset = {
  id: 'frontline',
  name: 'frontline',
  description: '(not implemented yet)',
  encounterSchema: z.never(),
  create: () => {
    throw new Error('frontline is not implemented yet');
  },
  start: () => undefined,
  commands: {},
  legalActions: () => [],
};
