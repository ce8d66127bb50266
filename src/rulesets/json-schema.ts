/**
 * A ruleset's encounter file as JSON Schema, as an editor wants it (fields with defaults optional):
 * what `skirmish schema` prints and what the page's encounter builder makes its forms from.
 */
import { z } from 'zod';
import { rulesets } from './index.ts';

export function encounterJsonSchema(id: string): Record<string, unknown> {
  const r = rulesets[id];
  const schema = z.toJSONSchema(r.encounterSchema, { io: 'input', unrepresentable: 'any' }) as Record<string, unknown>;
  return { $id: `https://skirmish.local/schemas/${id}.encounter.schema.json`, title: `${r.name} encounter`, description: r.description, ...schema };
}
