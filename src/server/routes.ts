/** Every HTTP endpoint: method, path, who may call it, body schema, and the handler. */
import { z } from 'zod';
import { rulesets } from '../rulesets/index.ts';
import { checkTable, requirePrincipal, type Context } from './context.ts';
import { ApiError } from './errors.ts';
import { fileUnits } from './entries.ts';
import { exampleText, listExamples } from './examples.ts';
import type { RequestCtx, Route } from './http.ts';
import { getEncounter, legalActions, listEncounters, preview, readEvents, replay, runCommand, setPaused } from './referee.ts';
import { deleteLibraryEntry, listLibrary, putLibraryEntry } from './library.ts';
import { acceptChanges, exportLibraryFile, getRoster, importLibraryFile, loadEncounterWithRoster, proposeCarryBack } from './roster.ts';
import { answerDice, cancelDice } from './dice-answers.ts';
import { ChatPost, postChat, readChat } from './chat.ts';
import { AcceptCarryBack, CommandRequest, DiceAnswer, CreateInvite, CreateTable, ImportRequest, Join, LibraryEntryBody, LibraryFile, LoadEncounter, PatchSettings, PauseRequest, PreviewRequest, SimulateRequest } from './schemas.ts';
import { simulate } from './simulate.ts';
import { createInvite, createTable, deleteTable, join, patchSettings, revokePlayer, tableInfo } from './tables.ts';
import { exportEncounter, exportTable, importTable } from './transfer.ts';
import { keepImage } from './map-images.ts';
import { imageTooBig, IMAGE_MIME, MAX_IMAGE_BYTES } from '../engine/index.ts';
import { seenBy } from './seen-by.ts';

const seqParam = (q: URLSearchParams, name: string, dflt?: number): number => {
  const v = q.get(name);
  if (v === null) {
    if (dflt === undefined) throw new ApiError('BAD_REQUEST', `${name} is required`, name);
    return dflt;
  }
  if (!/^\d{1,15}$/.test(v)) throw new ApiError('BAD_REQUEST', `${name} must be a whole number`, name);
  return Number(v);
};

const optionalParam = (q: URLSearchParams, name: string): number | undefined => (q.get(name) === null ? undefined : seqParam(q, name));

const Seq = z.number().int().min(0);
const Limit = z.number().int().min(1);

export function routes(ctx: Context, extra: { openapi: () => unknown }): Route[] {
  // the principal found before the body was read, or looked up now (routes without a body)
  const who = async (c: RequestCtx) => {
    const p = c.principal ?? (await requirePrincipal(ctx, c.token));
    // a request of the table's GM or players keeps it from expiring
    if (p.role !== 'anonymous') ctx.upkeep.touch(p.tableId);
    return p;
  };
  return [
    { method: 'GET', path: '/api/health', tag: 'server', auth: 'none', summary: 'Liveness: {"ok": true}.', returns: '{ ok: true }', handle: () => ({ body: { ok: true } }) },
    { method: 'GET', path: '/api/openapi.json', tag: 'server', auth: 'none', summary: 'This API as OpenAPI 3.1.', returns: 'OpenAPI document', handle: () => ({ body: extra.openapi() }) },
    {
      method: 'GET', path: '/api/rulesets', tag: 'server', auth: 'none', summary: 'The rule systems this server knows.', returns: '[{ id, name, description, commands }]',
      handle: () => ({ body: Object.values(rulesets).map((r) => ({ id: r.id, name: r.name, description: r.description, commands: Object.keys(r.commands) })) }),
    },
    { method: 'GET', path: '/api/examples', tag: 'server', auth: 'none', summary: 'Example encounters (examples/<ruleset>/*.yaml) a GM can load by path.', returns: '[{ path, ruleset, name, description? }]', handle: () => ({ body: listExamples() }) },
    { method: 'GET', path: '/api/examples/:ruleset/:stem', tag: 'server', auth: 'none', summary: 'One example\'s file as text, by its path without the .yaml (the encounter builder opens it to edit).', returns: '{ path, ruleset, name, text }', handle: (c) => ({ body: exampleText(c.params.ruleset, c.params.stem) }) },

    { method: 'POST', path: '/api/tables', tag: 'tables', auth: 'none', body: CreateTable, maxBody: 16_384, status: 201, summary: 'Create a table; the reply holds the GM token (shown once).', returns: '{ table, gmToken }', handle: async (c) => ({ body: await createTable(ctx, c.body, c.req.socket.remoteAddress ?? '?') }) },
    { method: 'DELETE', path: '/api/tables/:tableId', tag: 'tables', auth: 'gm', summary: 'Delete the table with everything it holds (encounters and their logs, players, roster, library, chat); its open pages are disconnected. Cannot be undone.', returns: '{ deleted: true }', handle: async (c) => ({ body: await deleteTable(ctx, await who(c), c.params.tableId) }) },
    { method: 'GET', path: '/api/tables/:tableId', tag: 'tables', auth: 'member', summary: 'The table: name, your role, settings, players, encounters.', returns: 'TableInfo', handle: async (c) => ({ body: await tableInfo(ctx, await who(c), c.params.tableId) }) },
    { method: 'PATCH', path: '/api/tables/:tableId/settings', tag: 'tables', auth: 'gm', body: PatchSettings, maxBody: 16_384, summary: 'Change settings (physical dice per table and per player).', returns: 'Settings', handle: async (c) => ({ body: await patchSettings(ctx, await who(c), c.params.tableId, c.body) }) },
    { method: 'POST', path: '/api/tables/:tableId/invites', tag: 'tables', auth: 'gm', body: CreateInvite, maxBody: 4096, status: 201, summary: 'A one-use invite for a player (new, or an existing player id for a new device).', returns: '{ playerId, name, invite }', handle: async (c) => ({ body: await createInvite(ctx, await who(c), c.params.tableId, c.body) }) },
    { method: 'DELETE', path: '/api/tables/:tableId/players/:playerId/tokens', tag: 'tables', auth: 'gm', summary: "Revoke every invite and session of a player.", returns: '{ revoked }', handle: async (c) => ({ body: await revokePlayer(ctx, await who(c), c.params.tableId, c.params.playerId) }) },
    { method: 'POST', path: '/api/join', tag: 'tables', auth: 'invite', body: Join, maxBody: 1024, summary: 'Redeem an invite for a player token (the invite is then used up).', returns: '{ tableId, playerId, name, token }', handle: async (c) => ({ body: await join(ctx, c.body) }) },

    {
      method: 'POST', path: '/api/tables/:tableId/chat', tag: 'chat', auth: 'member', body: ChatPost, maxBody: 16_384, status: 201,
      summary: 'Write to the table, whisper to the GM (the GM: to one player too), or roll dice openly or secretly to the GM (`to: "gm"`): kept with the table, sent to each open page that may see it. Limits: `chatChars`, `chatNotationChars`, `chatRollDice`, `chatRate`/`chatBurst` per caller (RATE_LIMITED).',
      returns: 'ChatMessage { id, at, from, player?, to, toPlayer?, text? | roll: { notation, label?, total, line, breakdown, dice } }', handle: async (c) => ({ body: await postChat(ctx, await who(c), c.params.tableId, c.body) }),
    },
    {
      method: 'GET', path: '/api/tables/:tableId/chat', tag: 'chat', auth: 'member', summary: 'The newest chat messages you may see, oldest first; `more`: ask again with before=`next` for older ones.', returns: '{ messages: [ChatMessage], more, next? }',
      query: { before: { schema: z.string(), description: 'the id of the oldest message you have (a page further back)' }, limit: { schema: Limit, description: `most messages in the reply (default ${ctx.limits.chatPage}, at most ${ctx.limits.chatPageMax})` } },
      handle: async (c) => ({ body: await readChat(ctx, await who(c), c.params.tableId, c.query.get('before'), optionalParam(c.query, 'limit')), sliced: true }),
    },
    { method: 'GET', path: '/api/tables/:tableId/encounters', tag: 'encounters', auth: 'member', summary: "The table's encounters.", returns: '[EncounterSummary]', handle: async (c) => ({ body: await listEncounters(ctx, await who(c), c.params.tableId) }) },
    {
      method: 'POST', path: '/api/tables/:tableId/encounters', tag: 'encounters', auth: 'gm', body: LoadEncounter, status: 201,
      summary: 'Load an encounter from YAML/JSON text or an example (fromRoster: the roster\'s current values first); problems come back as INVALID_ENCOUNTER with `skirmish validate` lines in error.problems.',
      returns: 'EncounterSummary', handle: async (c) => ({ body: await loadEncounterWithRoster(ctx, await who(c), c.params.tableId, c.body) }),
    },
    { method: 'GET', path: '/api/tables/:tableId/roster', tag: 'roster', auth: 'gm', summary: "The table's roster: characters that outlive encounters, with their current values.", returns: '{ entries: [RosterEntry] }', handle: async (c) => ({ body: await getRoster(ctx, await who(c), c.params.tableId) }) },
    {
      method: 'GET', path: '/api/tables/:tableId/library/export', tag: 'roster', auth: 'gm', summary: 'The library (characters, monsters, items) as a file.', returns: '{ format: "skirmish-library", version: 1, entries }',
      handle: async (c) => ({ body: await exportLibraryFile(ctx, await who(c), c.params.tableId), filename: `skirmish-library-${c.params.tableId}.json`, sliced: true }),
    },
    { method: 'GET', path: '/api/tables/:tableId/library', tag: 'roster', auth: 'gm', summary: 'The library\'s entries: characters, monsters, items and saved encounters.', returns: '{ entries: [LibraryEntry] }', handle: async (c) => ({ body: await listLibrary(ctx, await who(c), c.params.tableId), sliced: true }) },
    {
      method: 'PUT', path: '/api/tables/:tableId/library/:kind/:entryId', tag: 'roster', auth: 'gm', body: LibraryEntryBody,
      summary: 'Add or replace one library entry (kind: character, monster, item or encounter), checked as an import checks it (INVALID_LIBRARY).',
      returns: 'LibraryEntry', handle: async (c) => ({ body: await putLibraryEntry(ctx, await who(c), c.params.tableId, c.params.kind, c.params.entryId, c.body) }),
    },
    { method: 'DELETE', path: '/api/tables/:tableId/library/:kind/:entryId', tag: 'roster', auth: 'gm', summary: 'Take one entry out of the library.', returns: '{ deleted: true }', handle: async (c) => ({ body: await deleteLibraryEntry(ctx, await who(c), c.params.tableId, c.params.kind, c.params.entryId) }) },
    {
      method: 'POST', path: '/api/tables/:tableId/library/import', tag: 'roster', auth: 'gm', body: LibraryFile,
      summary: 'Add a library file\'s entries (same kind and id: replaced). Nothing is added unless every entry is valid: INVALID_LIBRARY with one line per problem in error.problems.',
      returns: '{ imported, entries }', handle: async (c) => ({ body: await importLibraryFile(ctx, await who(c), c.params.tableId, c.body), sliced: true }),
    },
    { method: 'GET', path: '/api/tables/:tableId/export', tag: 'transfer', auth: 'member', summary: 'Every encounter with its log, as you may see it, as a file.', returns: 'TableExport', handle: async (c) => ({ body: await exportTable(ctx, await who(c), c.params.tableId), filename: `skirmish-${c.params.tableId}.json`, sliced: true }) },
    { method: 'POST', path: '/api/tables/:tableId/import', tag: 'transfer', auth: 'gm', body: ImportRequest, raw: true, maxBody: ctx.limits.importBytes, status: 201, summary: 'Add the encounters of an export file (new ids); every log is replayed first.', returns: '[EncounterSummary]', handle: async (c) => ({ body: await importTable(ctx, await who(c), c.params.tableId, c.body as Uint8Array) }) },

    {
      method: 'POST', path: '/api/tables/:tableId/maps', tag: 'tables', auth: 'gm', status: 201, maxBody: MAX_IMAGE_BYTES,
      bytes: { types: Object.values(IMAGE_MIME), tooLarge: (n) => new ApiError('BAD_IMAGE', imageTooBig(n)) },
      summary: `Upload map art (the file's bytes as image/png, image/jpeg or image/webp, at most ${MAX_IMAGE_BYTES} bytes): checked (its bytes are that type, a sane size in pixels), kept once by its content hash, and served at the address returned, for \`image.src\` in gm.map_image or a file. BAD_IMAGE says what is wrong; LIMIT_REACHED when the table holds all it may.`,
      returns: '{ src: "/maps/<sha-256>", type, width, height, bytes }',
      handle: async (c) => {
        const p = await who(c);
        await checkTable(ctx, p, c.params.tableId, 'gm');
        return { body: await keepImage(ctx, c.params.tableId, c.body as Buffer, String(c.req.headers['content-type']).split(';')[0].trim()) };
      },
    },
    { method: 'GET', path: '/api/encounters/:encounterId', tag: 'encounters', auth: 'member', summary: 'The encounter and its state as you may see it.', returns: '{ encounter, state, activeUnit? }', handle: async (c) => ({ body: await getEncounter(ctx, await who(c), c.params.encounterId) }) },
    {
      method: 'GET', path: '/api/encounters/:encounterId/events', tag: 'encounters', auth: 'member', summary: 'Events after a seq, as you may see them (catch-up), a page at a time.', returns: '{ encounter, version, events, more, next? }',
      query: { after: { schema: Seq, description: 'last seq seen (default 0)' }, limit: { schema: Limit, description: `most events in the reply (default ${ctx.limits.eventsPage}, at most ${ctx.limits.eventsPageMax}); \`more\` says the log goes on: ask again with after=\`next\`` } },
      handle: async (c) => ({ body: await readEvents(ctx, await who(c), c.params.encounterId, seqParam(c.query, 'after', 0), optionalParam(c.query, 'limit')) }),
    },
    {
      method: 'GET', path: '/api/encounters/:encounterId/actions', tag: 'play', auth: 'member', summary: 'Legal actions of a unit you may see, with odds (preview; damage as pmf pairs).', returns: '{ unit, version, actions: [{ command, label, group, preview? }], oddsLeftOut? } (oddsLeftOut: words saying some options carry no odds: too many dice to reckon at once)',
      query: { unit: { schema: z.string(), description: 'unit id', required: true }, preview: { schema: z.enum(['0', '1']), description: '0 to skip odds (default 1)' } },
      handle: async (c) => {
        const unit = c.query.get('unit');
        if (!unit) throw new ApiError('BAD_REQUEST', 'unit is required', 'unit');
        return { body: await legalActions(ctx, await who(c), c.params.encounterId, unit, c.query.get('preview') !== '0') };
      },
    },
    {
      method: 'GET', path: '/api/encounters/:encounterId/seen-by', tag: 'play', auth: 'gm', summary: 'Fog of war: the state as one player (or one side) is shown it now — the GM\'s "what players see" (docs/fog.md).', returns: '{ encounter, player?, side?, state }',
      query: { player: { schema: z.string(), description: 'a player id at the table' }, side: { schema: z.string(), description: 'a side of the encounter (instead of a player)' } },
      handle: async (c) => ({ body: await seenBy(ctx, await who(c), c.params.encounterId, { player: c.query.get('player') ?? undefined, side: c.query.get('side') ?? undefined }) }),
    },
    { method: 'POST', path: '/api/encounters/:encounterId/preview', tag: 'play', auth: 'member', body: PreviewRequest, maxBody: 65_536, summary: 'The odds of a command before it is sent.', returns: '{ version, preview }', handle: async (c) => ({ body: await preview(ctx, await who(c), c.params.encounterId, c.body) }) },
    {
      // as large as an encounter file's request: a gm.map_image may carry its image as a data: address (checked
      // by the one check a file's image meets, then kept by address: the log and the frames carry the address)
      method: 'POST', path: '/api/encounters/:encounterId/commands', tag: 'play', auth: 'member', body: CommandRequest, maxBody: Math.max(262_144, ctx.limits.httpBodyBytes),
      summary: 'Send a command (acknowledged after it is committed). GM: start, undo, redo, end_combat, gm.* and any unit; player: its own units. gm.add_unit takes a unit written as in the encounter file as `entry` (AddUnitEntry); the server builds the engine\'s unit from the stored file.',
      returns: '{ encounter, id, version, events }; 202 { encounter, id, asked: true, roll } when it waits for physical dice (see POST …/dice)',
      handle: async (c) => {
        const r = await runCommand(ctx, await who(c), c.params.encounterId, c.body);
        return 'asked' in r ? { status: 202, body: r } : { body: r };
      },
    },
    {
      method: 'POST', path: '/api/encounters/:encounterId/dice', tag: 'play', auth: 'member', body: DiceAnswer, maxBody: 4096,
      summary: 'Answer a roll that waits for physical dice: the faces of the dice asked now (checked against the die), or let the server roll them (the GM; a player whose dice are optional). The command then asks for its next die or is committed as its sender\'s.',
      returns: '{ roll } (the next dice asked; null: another player is asked) or { done: true, version }', handle: async (c) => ({ body: await answerDice(ctx, await who(c), c.params.encounterId, c.body) }),
    },
    {
      method: 'DELETE', path: '/api/encounters/:encounterId/dice/:rollId', tag: 'play', auth: 'member',
      summary: 'Call off a command that waits for physical dice (the GM, or its sender): nothing was committed.', returns: '{ cancelled: true }',
      handle: async (c) => ({ body: await cancelDice(ctx, await who(c), c.params.encounterId, c.params.rollId) }),
    },
    {
      method: 'GET', path: '/api/encounters/:encounterId/file-units', tag: 'play', auth: 'gm',
      summary: "The encounter file's units still in the fight, as the file writes them (with those the GM added in that shape): a start for gm.add_unit {entry}; `document` is the rest of the file (map, sides, content) an entry is checked against. hasFile false: the encounter keeps no file (imported) and takes no entry.",
      returns: '{ encounter, hasFile, units: [entry], document? }', handle: async (c) => ({ body: await fileUnits(ctx, await who(c), c.params.encounterId) }),
    },
    {
      method: 'POST', path: '/api/encounters/:encounterId/simulate', tag: 'play', auth: 'gm', body: SimulateRequest, maxBody: 4096,
      summary: 'Quick simulation: play many fights on from the current state (copies; nothing is saved) with the simulator\'s policies and runner (the numbers `skirmish sim` gives for the seed); win rates with 95% intervals, rounds, per-unit down rates. Always plays the fights asked for; cancelled (SIMULATION_STOPPED) past the server\'s time limit.',
      returns: '{ runs, seed, fromRound, maxRounds, sides: { [side]: { wins, winRate, ci95 } }, draws, timeouts, other, rounds: { mean, median, p90, histogram }, units: { [id]: { name, side, downRate, downCi95, meanDamageDealt, meanDamageTaken } }, elapsedMs }',
      handle: async (c) => ({ body: await simulate(ctx, await who(c), c.params.encounterId, c.body, () => c.req.socket.destroyed) }),
    },
    {
      method: 'POST', path: '/api/encounters/:encounterId/carry-back', tag: 'roster', auth: 'gm',
      summary: 'For an ended encounter: what would carry back to the roster (hit points, lasting conditions, carried data, consumables, deaths, characters joining), for the GM to review. Writes nothing.',
      returns: '{ encounter, changes: [{ id, entry, kind, text, ... }], roster }', handle: async (c) => ({ body: await proposeCarryBack(ctx, await who(c), c.params.encounterId) }),
    },
    {
      method: 'POST', path: '/api/encounters/:encounterId/carry-back/accept', tag: 'roster', auth: 'gm', body: AcceptCarryBack, maxBody: 262_144,
      summary: 'Apply the accepted changes of an ended encounter to the roster, in one transaction; the rest are dropped.',
      returns: '{ encounter, accepted, entries }', handle: async (c) => ({ body: await acceptChanges(ctx, await who(c), c.params.encounterId, c.body) }),
    },
    { method: 'POST', path: '/api/encounters/:encounterId/pause', tag: 'play', auth: 'gm', body: PauseRequest, maxBody: 1024, summary: 'Pause or resume: while paused only the GM may send commands.', returns: 'EncounterSummary', handle: async (c) => ({ body: await setPaused(ctx, await who(c), c.params.encounterId, c.body) }) },
    {
      method: 'GET', path: '/api/encounters/:encounterId/replay', tag: 'transfer', auth: 'member', summary: 'Your state right after event `upTo` (step-by-step replay), with a page of your log up to it.', returns: '{ encounter, upTo, version, state, events, more, next? }',
      query: {
        upTo: { schema: Seq, description: 'seq to stop after', required: true },
        after: { schema: Seq, description: 'the events in the reply are those after this seq (default 0)' },
        limit: { schema: Limit, description: `most events in the reply (default ${ctx.limits.eventsPage}, at most ${ctx.limits.eventsPageMax}); \`more\`: ask again with after=\`next\`` },
      },
      handle: async (c) => ({ body: await replay(ctx, await who(c), c.params.encounterId, seqParam(c.query, 'upTo'), seqParam(c.query, 'after', 0), optionalParam(c.query, 'limit')) }),
    },
    { method: 'GET', path: '/api/encounters/:encounterId/export', tag: 'transfer', auth: 'member', summary: 'One encounter as an export file.', returns: 'TableExport', handle: async (c) => ({ body: await exportEncounter(ctx, await who(c), c.params.encounterId), filename: `skirmish-${c.params.encounterId}.json`, sliced: true }) },
  ];
}
