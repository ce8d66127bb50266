// Placeholder until the outerah ruleset lands: registered so the registry and CLI know the id.
import { z } from 'zod';
import type { Ruleset } from '../../engine/index.ts';

export const outerah: Ruleset = {
  id: 'outerah',
  name: 'outerah',
  description: '(not implemented yet)',
  encounterSchema: z.never(),
  create: () => {
    throw new Error('outerah is not implemented yet');
  },
  start: () => undefined,
  commands: {},
  legalActions: () => [],
};
