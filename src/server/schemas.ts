/**
 * Request and message shapes. The same zod schemas validate every request body and WebSocket frame
 * and generate the OpenAPI document (openapi.ts), so the docs cannot drift from the checks.
 * Objects are strict: an unknown field is an error, not silently dropped.
 */
import { z } from 'zod';
import { formatPath } from '../engine/index.ts';
import { ApiError } from './errors.ts';

export const MAX_ENCOUNTER_TEXT = 2_000_000;

export const Id = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'letters, digits, "_" or "-", at most 64');
export const PlayerId = z.string().regex(/^[A-Za-z0-9_-]{1,40}$/, 'letters, digits, "_" or "-", at most 40').meta({ description: 'A player id: the `controller` of the units the player moves.' });
export const DiceMode = z.enum(['off', 'optional', 'required']).meta({
  description:
    'Physical dice: off = the server rolls; optional = the page asks the player for each die its units roll, and the player or the GM may let the server roll it; required = the same, and only the GM may let the server roll. Either way a command may instead carry all its faces (`dice`).',
});

export const Settings = z.strictObject({
  physicalDice: DiceMode.default('off'),
  /** Per-player override of physicalDice. */
  players: z.record(PlayerId, DiceMode).default({}),
});
export type Settings = z.infer<typeof Settings>;

export const CreateTable = z.strictObject({
  name: z.string().min(1).max(100),
  settings: Settings.optional(),
});

export const PatchSettings = z.strictObject({
  physicalDice: DiceMode.optional(),
  players: z.record(PlayerId, DiceMode.nullable()).optional().meta({ description: 'Per-player overrides; null removes one.' }),
});

export const CreateInvite = z.strictObject({
  playerId: PlayerId.optional().meta({ description: 'Defaults to the next free p<n>. Re-inviting an existing player id gives a new link (lost device).' }),
  name: z.string().min(1).max(60).optional(),
});

export const Join = z.strictObject({ invite: z.string().min(1).max(200) });

const FromRoster = z.boolean().optional().meta({ description: "Fill the file's units with the roster's current values (hp → startHp) before it is validated." });

export const LoadEncounter = z.union([
  z.strictObject({ text: z.string().min(1).max(MAX_ENCOUNTER_TEXT).meta({ description: 'The encounter file: YAML or JSON text.' }), file: z.string().max(200).optional(), fromRoster: FromRoster }),
  z.strictObject({ example: z.string().max(200).meta({ description: 'An example path from GET /api/examples, e.g. "phase20/goblin-cave.yaml".' }), fromRoster: FromRoster }),
]);

// ── the roster and the library (roster.ts) ────────────────────────────────

export const AcceptCarryBack = z.strictObject({
  accepted: z.array(z.string().min(1).max(300)).max(10_000).meta({ description: 'Ids of the changes from POST …/carry-back to apply; the others are dropped.' }),
});

export const LibraryEntryBody = z
  .strictObject({
    name: z.string().min(1).max(200),
    ruleset: z.string().min(1).max(100),
    data: z.record(z.string(), z.unknown()).meta({ description: 'A unit as the ruleset\'s files write it (character, monster), an item of content, or a whole encounter file (encounter).' }),
    tags: z.array(z.string().max(100)).max(50).optional(),
    notes: z.string().max(10_000).optional(),
  })
  .meta({ description: 'One library entry; its kind and id are in the path.' });

export const LibraryFile = z
  .looseObject({
    format: z.string().meta({ description: '"skirmish-library"' }),
    version: z.number(),
    entries: z.array(z.unknown()).meta({ description: 'Library entries: {kind: character|monster|item|encounter, id, name, ruleset, data, tags?, notes?}. Each is checked; every problem names the entry and field.' }),
  })
  .meta({ description: 'A library file as GET …/library/export writes it.' });

/** A command: `type` plus the command's own fields (they differ per ruleset, so the object is open). */
export const Command = z
  .looseObject({ type: z.string().min(1).max(64), actor: z.string().max(64).optional() })
  .meta({
    description:
      'A command: a `type` and its fields, e.g. {"type":"attack","actor":"kara","target":"g1","weapon":"spear"}. Server GM commands: gm.hide, gm.reveal, gm.assign, gm.roll, gm.note; and gm.add_unit with `entry`, a unit written as in the encounter file (components.schemas.AddUnitEntry), which the server turns into the engine\'s gm.add_unit {unit}.',
  });

export const Faces = z.array(z.number().int().min(1).max(1_000_000)).max(200).meta({ description: 'Physical dice: the faces rolled at the table, in the order the rules ask for them.' });

export const CommandRequest = z.strictObject({
  id: Id.meta({ description: 'Client-chosen id: a retry with the same id and body returns the first result; the same id with another body is refused.' }),
  expectedVersion: z.number().int().min(0).meta({ description: 'The version the command was made against (a player\'s: its own, the number of events it has seen); a stale one gets STALE_VERSION and changes nothing.' }),
  command: Command,
  dice: Faces.optional(),
});
export type CommandRequest = z.infer<typeof CommandRequest>;

export const DiceAnswer = z
  .strictObject({
    roll: Id.meta({ description: 'The roll waiting for dice (its `id`).' }),
    faces: z.array(z.number()).max(200).optional().meta({ description: 'The faces rolled at the table for the dice asked now, one per die.' }),
    cards: z.array(z.string().max(100)).max(1).optional().meta({ description: 'The card turned at the table, by name, when a card is asked (one of the ask\'s `cards`).' }),
    server: z.enum(['these', 'rest']).optional().meta({ description: 'Let the server roll the dice asked now (these), or every die this command still needs (rest).' }),
  })
  .refine((a) => [a.faces, a.cards, a.server].filter((x) => x !== undefined).length === 1, { message: 'give one of faces, cards or server' });

export const PreviewRequest = z.strictObject({ command: Command });
export const PauseRequest = z.strictObject({ paused: z.boolean() });

export const MAX_SIM_RUNS = 2000;
export const SimulateRequest = z.strictObject({
  runs: z.number().int().min(1).max(MAX_SIM_RUNS).optional().meta({ description: 'Fights to play (default 200): always exactly these, so a seed gives the same numbers on any machine.' }),
  seed: z.number().int().min(0).max(2 ** 53 - 1).optional().meta({ description: 'Fight i rolls from stream 2i of the seed and picks from stream 2i+1: the same seed gives the same result. Default: random (returned).' }),
  maxRounds: z.number().int().min(1).max(1000).optional().meta({ description: 'Rounds to play on from the current one before a fight counts as a timeout (default 100).' }),
});
export type SimulateRequest = z.infer<typeof SimulateRequest>;

export const LoggedEventSchema = z.looseObject({ type: z.string().min(1).max(100), seq: z.number().int().min(1), cmd: z.string().min(1).max(100) });

export const EXPORT_FORMAT = 'skirmish.table/1';
// loose: an export file as downloaded (exportedAt, viewer, each encounter's state...) imports as it is
export const ImportRequest = z.looseObject({
  format: z.literal(EXPORT_FORMAT),
  table: z.looseObject({ name: z.string().optional() }).optional(),
  encounters: z
    .array(
      z.looseObject({
        name: z.string().max(200).optional(),
        ruleset: z.string().max(64),
        events: z.array(LoggedEventSchema).min(1).max(200_000),
        commands: z.record(z.string().max(100), Command).optional().meta({ description: 'The command behind each log command id (GM exports): lets the GM replace rolls later.' }),
        document: z
          .unknown()
          .optional()
          .meta({
            description:
              "The encounter's source document (GM exports): the encounter file as JSON, with the units the GM added in its shape. Validated with the ruleset's schema (INVALID_IMPORT, nothing imported, when it is not valid); restored, so the imported encounter takes gm.add_unit {entry} and offers its characters to the roster.",
          }),
      }),
    )
    .min(1)
    .max(100),
});

// ── WebSocket messages, client → server ───────────────────────────────────

const Ref = z.string().max(100).optional().meta({ description: 'Echoed in the reply, to pair replies with requests.' });

export const ClientMessage = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('auth'), ref: Ref, token: z.string().min(1).max(200) }),
  z.strictObject({ type: z.literal('subscribe'), ref: Ref, encounter: Id, after: z.number().int().min(0).optional().meta({ description: 'Last seq seen: the reply carries every later event you may see.' }) }),
  z.strictObject({ type: z.literal('unsubscribe'), ref: Ref, encounter: Id }),
  z.strictObject({ type: z.literal('command'), ref: Ref, encounter: Id, id: CommandRequest.shape.id, expectedVersion: CommandRequest.shape.expectedVersion, command: Command, dice: Faces.optional() }),
  z.strictObject({ type: z.literal('ping'), ref: Ref }),
]);
export type ClientMessage = z.infer<typeof ClientMessage>;

// ── responses and server → client messages (documentation and tests) ──────

export const ErrorSchema = z.strictObject({
  error: z.strictObject({ code: z.string(), message: z.string(), field: z.string().optional(), version: z.number().int().optional(), problems: z.array(z.unknown()).optional() }),
});

export const EncounterSummary = z.strictObject({
  id: z.string(),
  tableId: z.string(),
  ruleset: z.string(),
  name: z.string(),
  status: z.enum(['setup', 'active', 'ended']),
  version: z.number().int(),
  paused: z.boolean(),
});

const State = z.record(z.string(), z.unknown()).meta({ description: 'EncounterState as this viewer may see it (src/engine/types.ts).' });
const Events = z.array(LoggedEventSchema).meta({ description: 'Logged events as this viewer may see them (src/engine/events.ts).' });

export const ServerMessage = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('welcome'), ref: Ref, tableId: z.string(), role: z.enum(['gm', 'player']), playerId: z.string().optional(), encounters: z.array(EncounterSummary) }),
  z.strictObject({ type: z.literal('encounter'), encounter: EncounterSummary }),
  z.strictObject({ type: z.literal('events'), ref: Ref, encounter: z.string(), version: z.number().int(), paused: z.boolean(), catchUp: z.boolean().optional(), events: Events, state: State.optional() }),
  z.strictObject({ type: z.literal('result'), ref: Ref, encounter: z.string(), id: z.string(), version: z.number().int(), events: Events }),
  z.strictObject({ type: z.literal('error'), ref: Ref, id: z.string().optional(), error: ErrorSchema.shape.error }),
  z.strictObject({ type: z.literal('pong'), ref: Ref }),
  z
    .strictObject({ type: z.literal('dice'), ref: Ref, encounter: z.string(), id: z.string().optional(), roll: z.unknown().meta({ description: 'The roll waiting for physical dice as you see it (RollView: asks, rolled, yours, serverMay, cancelMay), or null when the roll you were shown is over or concerns you no more; a page never told of a roll hears nothing of it.' }) })
    .meta({ description: 'A command waits for physical dice, or stopped waiting: to the GM, its sender and the player asked.' }),
  z
    .strictObject({ type: z.literal('chat'), messages: z.array(z.unknown()).meta({ description: 'ChatMessage[] (docs/api.md): new chat messages and free rolls this page may see, oldest first.' }) })
    .meta({ description: 'Chat kept at the table: to each page only what it may see (a whisper: its writer, its recipient and the GM; a secret roll: its roller and the GM).' }),
  z.strictObject({ type: z.literal('presence'), online: z.array(z.string()).meta({ description: 'players with a page open' }), joined: z.array(z.string()).meta({ description: 'players who redeemed their invite since the server started' }) }).meta({ description: 'To the GM only: who of the players is here.' }),
]);
export type ServerMessage = z.infer<typeof ServerMessage>;

/** Validate `value` against `schema` or throw the first problem as a structured BAD_REQUEST. */
export function parseWith<T extends z.ZodType>(schema: T, value: unknown): z.output<T> {
  const r = schema.safeParse(value);
  if (r.success) return r.data;
  const issue = r.error.issues[0];
  const path = issue.path.map((k) => (typeof k === 'symbol' ? String(k) : k));
  if (issue.code === 'unrecognized_keys') path.push(issue.keys[0]);
  const field = path.length ? formatPath(path) : undefined;
  const message = issue.code === 'unrecognized_keys' ? `unknown field "${field}"` : field ? `${field}: ${issue.message}` : issue.message;
  throw new ApiError('BAD_REQUEST', message, field);
}
