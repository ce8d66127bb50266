/**
 * The referee: loads encounters, reads them through each viewer's projection, and runs commands.
 *
 * A command runs as one turn of its encounter (LiveCache.exclusive): catch up with the store, decide,
 * one transaction, then publish — so commands on one encounter are serialised in this process, the
 * database serialises them across processes (an append names the version it expects), and a broadcast
 * never runs ahead of its commit. The in-memory log is dropped whenever a commit does not happen after
 * it was touched.
 */
import { keepImagesOf, keptImageCommand, refuseSuggestedArt } from './map-images.ts';
import { isRejection, type Command, type DiceSource, type EncounterState, type GameEvent, type LoggedEvent, type Rejection, type RosterEntry } from '../engine/index.ts';
import { createEncounter, DuplicateCommandError, StaleVersionError, type StoredCommand } from '../store/index.ts';
import { allowed, checkTable, liveFor, settingsOf, summaryOf, type Context, type EncounterSummary, type Member } from './context.ts';
import { diceFor, exactDice } from './dice.ts';
import { askDice, awaitingWords, dryRunSeed, newRoll, pendingRolls, rollsAtTable, viewOf as viewOfRoll, type PendingRoll, type RollView } from './pending-dice.ts';
import { entryToUnit, isEntryCommand } from './entries.ts';
import { ApiError, notFound } from './errors.ts';
import { readExample } from './examples.ts';
import { decideGmCommand, SERVER_GM_COMMANDS } from './gm-commands.ts';
import { canonicalJson } from './json.ts';
import { type Live } from './live.ts';
import { read } from './reader.ts';
import type { ReadEncounter } from './reading.ts';
import { prepareCommand, scrubMessage, secretsFor, tableAccess, unitAccess, viewerOf, type Principal } from './policy.ts';
import { countUpTo, eventsAfter, eventsBetween, liveSummaryFor, playerLog, stateAfter, stateFor, summaryFor, unitsKnown, versionFor, warmBefore, warmPlayerLog } from './numbering.ts';
import { previewJson, reckoningState, type PreviewJson } from './projection.ts';
import { blockedMove, listFor } from './listing.ts';
import { ODDS_LEFT_OUT, OddsShare, oddsInSlices, withOddsBudget } from './odds.ts';
import { CommandRequest, LoadEncounter, parseWith, PauseRequest, PreviewRequest, type Settings } from './schemas.ts';
import { newId, sha256 } from './tokens.ts';
import { swapIds, type Ids } from './held.ts';
import { clock, mark, tracing } from '../store/trace.ts';

export interface CommandResult {
  encounter: string;
  id: string;
  /** The log version right after this command (a player's: the number of events it has seen then). */
  version: number;
  events: LoggedEvent[];
}

/** A command waiting for physical dice (pending-dice.ts): nothing is committed yet. */
export interface DiceAsked {
  encounter: string;
  id: string;
  /** The roll waiting, as the sender sees it (undefined: it waits for another player's dice). */
  roll: RollView | null;
  asked: true;
}

/** A roll's faces, all given: the command is decided with exactly these and committed as its sender's. */
export interface Resume {
  roll: PendingRoll;
  faces: number[];
  /** Who typed each face in (undefined: the server rolled it), to mark the dice in the log. */
  by: ('player' | 'gm' | undefined)[];
}

export async function loadEncounter(ctx: Context, p: Principal, tableId: string, body: unknown, roster?: RosterEntry[]): Promise<EncounterSummary> {
  await checkTable(ctx, p, tableId, 'gm');
  const req = parseWith(LoadEncounter, body);
  let text: string;
  let file: string;
  if ('example' in req) {
    const ex = readExample(req.example);
    if (!ex) throw new ApiError('NOT_FOUND', `no example "${req.example}"; see GET /api/examples`, 'example');
    ({ text, file } = ex);
  } else {
    text = req.text;
    file = req.file ?? 'encounter';
  }
  if ((await ctx.store.encounters(tableId)).length >= ctx.limits.encountersPerTable) throw new ApiError('LIMIT_REACHED', `a table holds at most ${ctx.limits.encountersPerTable} encounters`);
  // read, checked and built off the main thread (reading.ts): a 1,000-unit file is most of a second of YAML
  const loaded = (await read({ kind: 'encounter', text, file, maxUnits: ctx.limits.encounterUnits, ...(roster ? { roster } : {}) }, ctx.limits)) as ReadEncounter;
  await keepImagesOf(ctx, tableId, { events: loaded.events, ...(loaded.source ? { document: loaded.source } : {}) }, '');
  const id = newId('e_');
  await createEncounter(ctx.store, { id, tableId, ruleset: loaded.ruleset, name: loaded.name, status: loaded.status }, loaded.events, {}, loaded.source);
  const summary = summaryOf((await ctx.store.encounter(id))!);
  ctx.publisher.encounterChanged(summary);
  return summary;
}

export async function listEncounters(ctx: Context, p: Principal, tableId: string): Promise<EncounterSummary[]> {
  const m = await checkTable(ctx, p, tableId, 'member');
  return Promise.all((await ctx.store.encounters(tableId)).map((r) => summaryFor(ctx, m, r)));
}

export async function getEncounter(ctx: Context, token: Principal, id: string): Promise<{ encounter: EncounterSummary; state: EncounterState; activeUnit?: string }> {
  const { live, p } = await liveFor(ctx, token, id);
  const encounter = liveSummaryFor(live, p);
  const state = stateFor(live, p, live.log.state, encounter.version);
  const active = live.engine.activeUnit(live.log.state);
  const shown = active !== undefined && Object.hasOwn(state.units, active);
  return { encounter, state, ...(shown ? { activeUnit: active } : {}) };
}

/** A page of events: at most `limit`; `more` when the log goes on, then `next` is the `after` that asks for the next page. */
export interface EventsPage {
  events: LoggedEvent[];
  more: boolean;
  next?: number;
}

/** The page size a request asks for: the server's default when it names none, never more than its maximum. */
export function pageLimit(ctx: Context, limit: number | undefined): number {
  if (limit === undefined) return ctx.limits.eventsPage;
  if (!Number.isInteger(limit) || limit < 1 || limit > ctx.limits.eventsPageMax) throw new ApiError('BAD_REQUEST', `limit must be from 1 to ${ctx.limits.eventsPageMax}`, 'limit');
  return limit;
}

function page(events: LoggedEvent[], more: boolean, after: number): EventsPage {
  return { events, more, ...(more ? { next: events.length ? events[events.length - 1].seq : after } : {}) };
}

export async function readEvents(ctx: Context, token: Principal, id: string, after = 0, limit?: number): Promise<{ encounter: string; version: number } & EventsPage> {
  const size = pageLimit(ctx, limit);
  const { live, p } = await liveFor(ctx, token, id);
  // in the caller's own numbering: a player's seq counts only the events it may see
  const { events, more } = eventsAfter(live, p, after, size);
  return { encounter: id, version: versionFor(live, p), ...page(events, more, after) };
}

/** What `unit` may do now, each option with its odds when the ruleset gives a preview. */
export async function legalActions(ctx: Context, token: Principal, id: string, unit: string, withPreview = true): Promise<{ unit: string; version: number; actions: (ReturnType<Live['engine']['legalActions']>[number] & { preview?: PreviewJson })[]; oddsLeftOut?: string }> {
  const { live, p } = await liveFor(ctx, token, id);
  // under fog, units out of a player's sight count as hidden from it (vision.ts)
  const state = unitsKnown(live, p, live.log.state);
  // a player reads the options of its own units only: they are its controls, not a view of others
  const denied = unitAccess(p, state, unit, 'act');
  if (denied) throw denied;
  const secrets = secretsFor(p, state);
  // a player's moves are listed from the board it knows (listing.ts)
  const options = listFor(live, p, state, unit);
  // the odds from what this viewer knows: a player's never show what play has not revealed
  const known = withPreview ? reckoningState(state, viewerOf(p), live.ruleset) : state;
  const version = versionFor(live, p);
  const odds = new OddsShare(ctx);
  // the odds in slices of work, the loop let go between them (odds.ts): `known` is this version's state,
  // which later events replace rather than change, so the listing stays that of `version`
  const actions = await oddsInSlices(ctx, options, (o) => {
    if (!withPreview || o.group === 'move') return o;
    const pv = live.engine.preview(known, o.command);
    if (isRejection(pv)) return odds.refused(pv.code) ?? o;
    return odds.take(pv) ? { ...o, preview: scrubPreview(previewJson(pv), secrets) } : o;
  });
  const leftOut = odds.leftOut;
  const listed = p.role === 'player' ? playerOptions(actions, playerLog(live, p.playerId).held) : actions;
  return { unit, version, actions: listed, ...(leftOut ? { oddsLeftOut: ODDS_LEFT_OUT } : {}) };
}

/** A player's effect and decision ids (held.ts); the GM's are the real ones. */
const idsOf = (live: Live, p: Member): Ids | undefined => (p.role === 'player' ? playerLog(live, p.playerId).held : undefined);

/** Options as a player reads them: in its own effect and decision ids (one naming an id it was never given is not its to take). */
function playerOptions<T extends { command: Command }>(options: T[], ids: Ids): T[] {
  return options.flatMap((o) => {
    let unknown = false;
    const command = swapIds(o.command, (kind, real) => ids.alias(kind, real) ?? ((unknown = true), real));
    return unknown ? [] : [{ ...o, command }];
  });
}

function scrubPreview(p: PreviewJson, secrets: readonly string[]): PreviewJson {
  const told = (n: string | undefined) => n !== undefined && !secrets.some((s) => n.includes(s));
  if (p.notes) p.notes = p.notes.filter(told);
  if (p.why !== undefined && !told(p.why)) delete p.why;
  if (p.risk !== undefined && !told(p.risk)) delete p.risk;
  for (const a of p.affected ?? []) if (a.note !== undefined && !told(a.note)) delete a.note;
  return p;
}

export async function preview(ctx: Context, token: Principal, id: string, body: unknown): Promise<{ version: number; preview: PreviewJson }> {
  const { live, p } = await liveFor(ctx, token, id);
  const req = parseWith(PreviewRequest, body);
  const state = unitsKnown(live, p, live.log.state);
  const prepared = prepareCommand(p, state, req.command as Command, live.ruleset, idsOf(live, p));
  if (prepared instanceof ApiError) throw prepared;
  const pv = withOddsBudget(ctx, () => live.engine.preview(reckoningState(state, viewerOf(p), live.ruleset), prepared.command));
  if (isRejection(pv)) throw rejectionError(p, state, pv, prepared.restore);
  return { version: versionFor(live, p), preview: scrubPreview(previewJson(pv), secretsFor(p, state)) };
}

function rejectionError(p: Principal, state: EncounterState, r: Rejection, restore: (m: string) => string): ApiError {
  return new ApiError(r.code, restore(scrubMessage(r.message, r.code, secretsFor(p, state))), r.field);
}

const senderOf = (p: Member) => (p.role === 'gm' ? 'gm' : `player:${p.playerId}`);

/** Command ids are remembered per sender: no one can use up (or probe) another's ids. */
export const commandKey = (p: Member, id: string) => `${senderOf(p)}/${id}`;

function bodyHash(p: Member, req: CommandRequest): string {
  return sha256(`${senderOf(p)}\n${canonicalJson({ expectedVersion: req.expectedVersion, command: req.command, dice: req.dice })}`);
}

/** The events of an earlier command (a retry), as this principal may see them. */
function earlierResult(live: Live, p: Member, commandId: string, rec: { from: number; to: number }): CommandResult {
  const version = p.role === 'gm' ? rec.to : countUpTo(playerLog(live, p.playerId), rec.to);
  return { encounter: live.row.id, id: commandId, version, events: eventsBetween(live, p, rec.from, rec.to) };
}

/** Server-decided events appended to the in-memory log as one command (see gm-commands.ts). */
function appendServerEvents(live: Live, events: GameEvent[]): LoggedEvent[] {
  const log = live.log;
  const cmd = `c${log.events.length + 1}`;
  const logged = events.map((e, i) => ({ ...e, seq: log.events.length + i + 1, cmd }) as LoggedEvent);
  log.events.push(...logged);
  let s = log.state;
  for (const e of logged) s = live.engine.evolve(s, e);
  log.state = s;
  log.checkpoints.offer(log.events, log.version, s);
  return logged;
}

function decide(live: Live, p: Member, command: Command, dice: DiceSource, players: () => string[]): { ok: true; events: LoggedEvent[] } | { ok: false; rejection: Rejection } {
  const asGm = p.role === 'gm';
  const out = live.log.execute(command, dice, { asGm });
  if (out.ok || !asGm || out.rejection.code !== 'command/unknown' || !SERVER_GM_COMMANDS.has(command.type)) return out;
  const events = decideGmCommand(live.log.state, command, dice, players());
  if (isRejection(events)) return { ok: false, rejection: events };
  return { ok: true, events: appendServerEvents(live, events) };
}

export async function runCommand(ctx: Context, token: Principal, id: string, body: unknown): Promise<CommandResult | DiceAsked> {
  if (token.role === 'anonymous') throw tableAccess(token, '', 'member')!;
  await warmBefore(ctx, token, id);
  return ctx.cache.command(id, async (current, sync, read) => {
    if (read) return commandTurn(ctx, allowed(token, current), body, sync);
    // decided on the copy held, not read again (LiveCache.command), and its id not looked up: whatever goes
    // wrong, read, look the id up and decide again — the answer is the one a read first would have given
    // (a command sent again fails before its append, on its version or on the append's duplicate id)
    try {
      return await commandTurn(ctx, allowed(token, current), body, sync, undefined, false);
    } catch {
      return commandTurn(ctx, allowed(token, await sync()), body, sync);
    }
  });
}

/** One command, holding the encounter's turn: everything read from the store first, then decide and append. */
export async function commandTurn(ctx: Context, { live, p }: { live: Live; p: Member }, body: unknown, sync: () => Promise<Live | undefined>, resume?: Resume, read = true): Promise<CommandResult | DiceAsked> {
  const t0 = tracing ? clock() : 0;
  const id = live.row.id;
  const req = parseWith(CommandRequest, body);
  const hash = bodyHash(p, req);
  const key = commandKey(p, req.id);
  // both reads at once: one round trip to the database, not two. On a copy not read again the id is looked
  // up only if the command fails (runCommand), unless a die may be asked for: asking is not a failure
  const [looked, settings] = await Promise.all([read ? ctx.store.command(id, key) : undefined, settingsOf(ctx, live.row.tableId)]);
  const earlier = looked ?? (!read && !resume && rollsAnyAtTable(settings) ? await ctx.store.command(id, key) : undefined);
  if (earlier) return repeated(live, p, req.id, hash, earlier, sync);
  // who may send it first, then whether now: a refused command says why it is refused, whatever the version
  const before = live.log.state;
  const known = unitsKnown(live, p, before);
  const prepared = prepareCommand(p, known, req.command as Command, live.ruleset, idsOf(live, p));
  if (prepared instanceof ApiError) throw prepared;
  if (live.row.paused && p.role !== 'gm') throw new ApiError('ENCOUNTER_PAUSED', 'the GM has paused this encounter');
  const waiting = pendingRolls(ctx).get(id);
  if (waiting && waiting !== resume?.roll) throw new ApiError('DICE_AWAITED', awaitingWords(waiting, p));
  const version = live.log.version;
  // a player's version counts the events it has seen: its command is stale only if one of those came since
  // (hidden and GM-only events do not count); it applies on top of the real latest state all the same
  const told = versionFor(live, p);
  if (req.expectedVersion !== told) throw new ApiError('STALE_VERSION', `the encounter is at version ${told}, not ${req.expectedVersion}`, 'expectedVersion', { version: told });
  if (version >= ctx.limits.eventsPerEncounter) throw new ApiError('LIMIT_REACHED', `an encounter holds at most ${ctx.limits.eventsPerEncounter} events`);
  if (prepared.command.type === 'gm.add_unit' && Object.keys(before.units).length >= ctx.limits.encounterUnits) {
    throw new ApiError('LIMIT_REACHED', `an encounter holds at most ${ctx.limits.encounterUnits} units on this server; remove one first`);
  }
  // a unit written as in the encounter file: the server builds the engine's unit from the stored file
  let command = prepared.command;
  let document: unknown;
  if (p.role === 'gm' && isEntryCommand(command)) ({ command, document } = await entryToUnit(ctx, live, command));
  // map art kept by address (map-images.ts): the log, the state and every frame carry the address, not the image
  if (p.role === 'gm') command = await keptImageCommand(ctx, live.row.tableId, command);
  else refuseSuggestedArt(command);
  // physical dice the page asks for: a die for a unit whose player rolls at the table waits for its face
  let asked: number[] | undefined;
  if (!resume && req.dice === undefined && rollsAnyAtTable(settings)) {
    const a = askDice(live.engine, live.log.state, command, p.role === 'gm', [], rollsAtTable(settings), false, dryRunSeed(ctx.testDiceSeed, version, 0));
    if (a.kind === 'ask') {
      const roll = newRoll(ctx, { encounter: id, tableId: live.row.tableId, sender: p, req: { id: req.id, expectedVersion: req.expectedVersion, command: req.command }, command, version, faces: a.faces, asks: a.asks, serverRest: false });
      ctx.publisher.diceChanged?.(live.row.tableId, id);
      return { encounter: id, id: req.id, roll: viewOfRoll(roll, p, settings) ?? null, asked: true };
    }
    // no die of theirs: decided with the dry run's own faces, so no other path can reach one
    if (a.kind === 'done') asked = a.faces.map((f) => f.face);
  }
  const dice = resume ? exactDice(resume.faces) : asked ? exactDice(asked) : diceFor(settings, p, req.dice, version, ctx.testDiceSeed);
  const players = p.role === 'gm' && SERVER_GM_COMMANDS.has(command.type) ? (await ctx.store.players(live.row.tableId)).map((x) => x.playerId) : [];

  // from here to the append nothing else is awaited: the log in memory is ahead of the store only for it
  let out: ReturnType<typeof decide>;
  try {
    out = decide(live, p, command, dice.source, () => players);
  } catch (err) {
    ctx.cache.evict(id);
    throw err;
  }
  if (!out.ok) {
    if (live.log.version !== version) ctx.cache.evict(id);
    throw blockedMove(live, p, known, command) ?? rejectionError(p, known, out.rejection, prepared.restore);
  }
  const unused = dice.leftover();
  if (unused) {
    ctx.cache.evict(id);
    throw unused;
  }
  const events = out.events;
  if (resume) markTyped(events, resume.by);
  const record = { cmd: events[0].cmd, from: events[0].seq, to: events[events.length - 1].seq };
  try {
    // the engine keeps each command's body (to decide it again when the GM replaces a roll): so does the store
    const logCommands = Object.fromEntries([...new Set(events.map((e) => e.cmd))].flatMap((cmd) => (Object.hasOwn(live.log.commands, cmd) ? [[cmd, live.log.commands[cmd]]] : [])));
    // not read first: the pause may have come from another process since, unheard of — the append checks it
    const unpaused = !read && p.role !== 'gm';
    if (tracing) {
      mark(id, record.to, 'turn', t0);
      mark(id, record.to, 'append');
    }
    await ctx.store.append(id, version, events, { status: live.log.state.status, command: { id: key, bodyHash: hash, result: record }, logCommands, ...(document !== undefined ? { document } : {}), ...(unpaused ? { unpaused } : {}) });
  } catch (err) {
    ctx.cache.evict(id);
    if (read && (err instanceof StaleVersionError || err instanceof DuplicateCommandError)) return lostRace(ctx, p, req, hash, key, err, sync);
    throw err;
  }
  live.row.version = live.log.version;
  const status = live.row.status;
  live.row.status = live.log.state.status;
  mark(id, record.to, 'committed');
  ctx.publisher.committed(live, before, events);
  mark(id, record.to, 'framed');
  // the table's list of encounters shows each one's status: said when it changes (a start, an end, an undo
  // of one), not on every undo, which would tell players that a hidden command was taken back
  if (live.row.status !== status) ctx.publisher.encounterChanged(summaryOf(live.row), live);
  return { encounter: id, id: req.id, version: versionFor(live, p), events: eventsBetween(live, p, record.from, record.to) };
}

const rollsAnyAtTable = (s: Settings) => s.physicalDice !== 'off' || Object.values(s.players).some((m) => m !== 'off');

/** Faces typed at the table are marked in the log: every draw lands in a check or note, in the order drawn. */
function markTyped(events: LoggedEvent[], by: Resume['by']): void {
  let k = 0;
  for (const e of events) {
    if ((e.type !== 'check' && e.type !== 'note') || !e.dice) continue;
    for (const d of e.dice) {
      const who = by[k++];
      if (who) d.by = who;
    }
  }
}

/**
 * A command id seen before: the same command again gets its first answer; another command is refused.
 * The record may be newer than the log in memory (another process committed it since): read on first.
 */
async function repeated(live: Live, p: Member, commandId: string, hash: string, earlier: StoredCommand, sync: () => Promise<Live | undefined>): Promise<CommandResult> {
  if (earlier.bodyHash !== hash) throw new ApiError('IDEMPOTENCY_CONFLICT', `command id "${commandId}" was already used for a different command`, 'id');
  const current = earlier.result.to > live.log.version ? await sync() : live;
  if (!current || earlier.result.to > current.log.version) throw new Error(`encounter ${live.row.id}: command ${commandId} is stored past the log`);
  return earlierResult(current, p, commandId, earlier.result);
}

/**
 * Another process appended first (or stored this very command id first). The encounter is read again:
 * the same command stored by the other is its answer (a retry that raced its original); anything else
 * is reported as STALE_VERSION, in the sender's own numbering, for the client to decide again.
 */
async function lostRace(ctx: Context, p: Member, req: CommandRequest, hash: string, key: string, err: Error, sync: () => Promise<Live | undefined>): Promise<CommandResult> {
  const fresh = await sync();
  const stored = fresh && (await ctx.store.command(fresh.row.id, key));
  if (fresh && stored) return repeated(fresh, p, req.id, hash, stored, sync);
  const now = fresh ? versionFor(fresh, p) : req.expectedVersion;
  const message = p.role === 'gm' && err instanceof StaleVersionError ? err.message : `the encounter is at version ${now}, not ${req.expectedVersion}`;
  throw new ApiError('STALE_VERSION', message, 'expectedVersion', { version: now });
}

export function setPaused(ctx: Context, token: Principal, id: string, body: unknown): Promise<EncounterSummary> {
  return ctx.cache.exclusive(id, async (current) => {
    const { live } = allowed(token, current, 'gm');
    const req = parseWith(PauseRequest, body);
    await ctx.store.setPaused(id, req.paused);
    live.row.paused = req.paused;
    const summary = summaryOf(live.row);
    ctx.publisher.encounterChanged(summary, live);
    return summary;
  });
}

/**
 * The viewer's state as it was right after event `upTo` (step-by-step replay), and a page of its log up
 * to there (the events after `after`, at most `limit`), in the viewer's own numbering. The state comes
 * from the states kept along the log (history.ts), not from a replay of the whole prefix.
 */
export async function replay(ctx: Context, token: Principal, id: string, upTo: number, after = 0, limit?: number): Promise<{ encounter: string; upTo: number; version: number; state: EncounterState } & EventsPage> {
  const size = pageLimit(ctx, limit);
  const { live, p } = await liveFor(ctx, token, id);
  const version = versionFor(live, p);
  if (!Number.isInteger(upTo) || upTo < 1 || upTo > version) throw new ApiError('BAD_REQUEST', `upTo must be a seq from 1 to ${version}`, 'upTo');
  // the real fold met for the first time (a GM's first replay) is folded in slices
  await warmPlayerLog(live, undefined);
  const { events } = eventsAfter(live, p, after, Math.max(0, Math.min(size, upTo - after)));
  const more = after + events.length < upTo;
  if (p.role === 'gm') return { encounter: id, upTo, version, state: stateAfter(live, upTo), ...page(events, more, after) };
  // the player's event upTo is real event `real`: the state right after it
  const log = playerLog(live, p.playerId);
  const state = stateFor(live, p, stateAfter(live, log.real[upTo - 1]), upTo, log.held.at(upTo));
  return { encounter: id, upTo, version, state, ...page(events, more, after) };
}

export async function encounterOr404(ctx: Context, id: string): Promise<Live> {
  const live = await ctx.cache.get(id);
  if (!live) throw notFound('no such encounter');
  return live;
}
