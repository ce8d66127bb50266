/**
 * The OpenAPI 3.1 document, generated from the route list and the very zod schemas that validate
 * requests. WebSocket messages are described under `x-websocket` with the same schemas.
 */
import { z } from 'zod';
import type { Route } from './http.ts';
import { libraryEntrySchema, rosterEntrySchema } from '../engine/index.ts';
import { AddUnitEntry } from './entries.ts';
import { ClientMessage, EncounterSummary, ErrorSchema, ServerMessage } from './schemas.ts';
import { WS_PATH } from './hub.ts';

const json = (schema: z.ZodType, io: 'input' | 'output' = 'input') => {
  const { $schema: _drop, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as Record<string, unknown>;
  return rest;
};

export function openApiDocument(routes: Route[], version: string): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const r of routes) {
    const path = r.path.replace(/:([A-Za-z]+)/g, '{$1}');
    const params = [...r.path.matchAll(/:([A-Za-z]+)/g)].map((m) => ({ name: m[1], in: 'path', required: true, schema: { type: 'string' } }));
    const query = Object.entries(r.query ?? {}).map(([name, q]) => ({ name, in: 'query', required: !!q.required, description: q.description, schema: json(q.schema) }));
    const op: Record<string, unknown> = {
      summary: r.summary,
      tags: [r.tag],
      operationId: `${r.method.toLowerCase()}${path.replace(/[{}]/g, '').split('/').map((s) => s.charAt(0).toUpperCase() + s.slice(1)).join('').replace(/[^A-Za-z0-9]/g, '')}`,
      ...(params.length || query.length ? { parameters: [...params, ...query] } : {}),
      ...(r.auth === 'member' || r.auth === 'gm' ? { security: [{ bearer: [] }], 'x-role': r.auth } : { security: [] }),
      ...(r.body ? { requestBody: { required: true, content: { 'application/json': { schema: json(r.body) } } } } : {}),
      ...(r.bytes ? { requestBody: { required: true, content: Object.fromEntries(r.bytes.types.map((t) => [t, { schema: { type: 'string', format: 'binary' } }])) } } : {}),
      responses: {
        [String(r.status ?? 200)]: { description: r.returns, content: { 'application/json': {} } },
        default: { description: 'Error', content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } },
      },
    };
    (paths[path] ??= {})[r.method.toLowerCase()] = op;
  }
  return {
    openapi: '3.1.0',
    info: { title: 'Skirmish referee API', version, description: 'Tables, encounters, commands and live events. See docs/api.md. Every error: { error: { code, message, field? } }.' },
    servers: [{ url: '/' }],
    components: {
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer', description: 'A GM or player token of one table.' } },
      schemas: { Error: json(ErrorSchema, 'output'), EncounterSummary: json(EncounterSummary, 'output'), RosterEntry: json(rosterEntrySchema, 'output'), LibraryEntry: json(libraryEntrySchema, 'output'), AddUnitEntry: json(AddUnitEntry) },
    },
    paths,
    'x-websocket': {
      path: WS_PATH,
      description: 'First message {"type":"auth","token":...}; then subscribe to encounters and send commands. One JSON object per text frame.',
      clientMessage: json(ClientMessage),
      serverMessage: json(ServerMessage, 'output'),
    },
  };
}
