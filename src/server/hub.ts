/**
 * The WebSocket hub at /api/ws: authenticates each connection with its first message, subscribes it to
 * encounters (with catch-up from the last seq it saw), runs its commands, and sends every committed
 * event to each subscriber through that subscriber's own projection — computed once per viewer.
 *
 * Every subscriber gets every event of its encounters once, in order (delivery.ts): whatever reaches
 * memory past what was sent — committed here, or caught up from the store after another process appended
 * (LiveCache) — goes out from there. Each connection's messages are handled one after another, in the
 * order they came.
 *
 * Bounds: frame size (ws maxPayload), messages per second per connection, connections per table,
 * a buffered-bytes ceiling for clients that stop reading (then the socket is dropped), an auth
 * deadline, and the Origin of browser upgrades.
 */
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocket, WebSocketServer, type RawData } from 'ws';
import type { EncounterState, LoggedEvent } from '../engine/index.ts';
import { sendBacklog } from './backlog.ts';
import { ChatFeed } from './chat-feed.ts';
import { Delivery, logError, viewerKey } from './delivery.ts';
import type { StoreChange } from '../store/index.ts';
import { allowed, principalOf, settingsOf, summaryOf, type Context, type EncounterSummary, type Member, type Publisher } from './context.ts';
import { ApiError, asApiError } from './errors.ts';
import { parseJson } from './json.ts';
import type { CatchUpListener, Live } from './live.ts';
import type { Principal } from './policy.ts';
import { eventsAfter, stateFor, summaryFor, versionFor, warmBefore } from './numbering.ts';
import { TokenBucket } from './rate.ts';
import { pendingRolls, viewOf, type RollView } from './pending-dice.ts';
import { runCommand } from './referee.ts';
import { ClientMessage, parseWith, type ServerMessage } from './schemas.ts';
import { clock, mark, tracing } from '../store/trace.ts';

export const WS_PATH = '/api/ws';

/** Close codes the hub uses (4xxx are application codes). */
export const CLOSE = { authTimeout: 4001, tooManyConnections: 4002, flooding: 4004, revoked: 4005, tableDeleted: 4006, shutdown: 1001 } as const;

interface Conn {
  ws: WebSocket;
  principal?: Member;
  subs: Set<string>;
  bucket: TokenBucket;
  /** Frames refused in a row for rate; past a bound the connection is closed. */
  strikes: number;
  authTimer?: NodeJS.Timeout;
  /** The messages being handled, one after another. */
  queue: Promise<void>;
  /** Encounters whose waiting roll this page was shown: only these are told when it ends (others hear nothing of it). */
  shownRolls: Set<string>;
}

export interface HubOptions {
  /** Origins allowed besides the server's own (Origin host equal to Host). */
  allowedOrigins: string[];
}

/** A server message (ServerMessage in schemas.ts documents the exact shapes; engine types are interfaces). */
type Outgoing = { type: ServerMessage['type']; [key: string]: unknown };

export class Hub implements Publisher, CatchUpListener {
  private readonly wss: WebSocketServer;
  private readonly conns = new Set<Conn>();
  private readonly byTable = new Map<string, Set<Conn>>();
  private readonly subs = new Map<string, Set<Conn>>();
  ctx!: Context;
  /** What each encounter's subscribers have been sent, and sending them the rest. */
  private readonly delivery = new Delivery<Conn>(
    () => this.ctx,
    (id) => this.subs.get(id),
    (c, text) => this.send(c, text),
  );

  /** A table's chat to its pages, each as it may see it (chat-feed.ts). */
  private readonly chat = new ChatFeed<Conn>(
    () => this.ctx,
    (tableId) => this.byTable.get(tableId),
    (c, text) => this.send(c, text),
  );

  constructor(private readonly opts: HubOptions, private readonly maxPayload: number) {
    this.wss = new WebSocketServer({ noServer: true, maxPayload, perMessageDeflate: false });
  }

  get connections(): number {
    return this.conns.size;
  }

  originAllowed(req: IncomingMessage): boolean {
    const origin = req.headers.origin;
    if (origin === undefined) return true; // not a browser: nothing to forge
    if (this.opts.allowedOrigins.includes(origin)) return true;
    try {
      return new URL(origin).host === req.headers.host;
    } catch {
      return false;
    }
  }

  handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void {
    const refuse = (status: number, text: string) => {
      socket.end(`HTTP/1.1 ${status} ${text}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
    };
    if (new URL(req.url ?? '/', 'http://x').pathname !== WS_PATH) return refuse(404, 'Not Found');
    if (!this.originAllowed(req)) return refuse(403, 'Forbidden');
    this.wss.handleUpgrade(req, socket, head, (ws) => this.accept(ws));
  }

  private accept(ws: WebSocket): void {
    const c: Conn = { ws, subs: new Set(), bucket: new TokenBucket(this.ctx.limits.wsRate, this.ctx.limits.wsBurst), strikes: 0, queue: Promise.resolve(), shownRolls: new Set() };
    this.conns.add(c);
    c.authTimer = setTimeout(() => ws.close(CLOSE.authTimeout, 'no auth message in time'), this.ctx.limits.wsAuthSeconds * 1000);
    ws.on('message', (data, isBinary) => this.onMessage(c, data, isBinary));
    ws.on('close', () => this.drop(c));
    ws.on('error', () => ws.terminate());
  }

  private drop(c: Conn): void {
    clearTimeout(c.authTimer);
    this.conns.delete(c);
    if (c.principal) this.byTable.get(c.principal.tableId)?.delete(c);
    for (const id of c.subs) this.unsubscribe(c, id);
    if (c.principal?.role === 'player') this.presence(c.principal.tableId);
  }

  /** Players who joined by their invite since the server started (the invite is spent): the GM's page marks it used. */
  private readonly joinedPlayers = new Map<string, Set<string>>();

  /** Who of a table's players has a page open, and who has joined: told to the GM's pages (never to players). */
  private presence(tableId: string, only?: Conn): void {
    const conns = this.byTable.get(tableId);
    if (!conns) return;
    const online = [...new Set([...conns].flatMap((x) => (x.principal?.role === 'player' ? [x.principal.playerId] : [])))].sort();
    const joined = [...(this.joinedPlayers.get(tableId) ?? [])].sort();
    const text = JSON.stringify({ type: 'presence', online, joined } satisfies Outgoing);
    for (const c of only ? [only] : conns) if (c.principal?.role === 'gm') this.send(c, text);
  }

  /**
   * A roll waiting for physical dice changed: each page watching the encounter that the roll concerns is
   * told what it sees of it; a page shown it before hears that it no longer concerns it (null); the others
   * hear nothing (a frame would tell a player that someone, maybe a hidden unit, is rolling).
   */
  diceChanged(tableId: string, encounterId: string): void {
    const watching = [...(this.subs.get(encounterId) ?? [])];
    if (!watching.length) return;
    settingsOf(this.ctx, tableId).then((settings) => {
      const roll = pendingRolls(this.ctx).get(encounterId);
      for (const c of watching) {
        const p = c.principal;
        if (p?.role !== 'gm' && p?.role !== 'player') continue;
        this.showRoll(c, encounterId, (roll && viewOf(roll, p, settings)) ?? null);
      }
    }, (err: unknown) => logError(err));
  }

  /** Send `view` of an encounter's waiting roll to a page it concerns, or null to one shown a roll before. */
  private showRoll(c: Conn, encounterId: string, view: RollView | null): void {
    if (view) c.shownRolls.add(encounterId);
    else if (!c.shownRolls.delete(encounterId)) return;
    this.reply(c, { type: 'dice', encounter: encounterId, roll: view });
  }

  /** A chat message was kept at the table, here or (storeChanged) by another process. */
  chatKept(tableId: string, seq: number): void {
    this.chat.kept(tableId, seq);
  }

  /** A player redeemed an invite. */
  joined(tableId: string, playerId: string): void {
    let set = this.joinedPlayers.get(tableId);
    if (!set) this.joinedPlayers.set(tableId, (set = new Set()));
    set.add(playerId);
    this.presence(tableId);
  }

  private unsubscribe(c: Conn, id: string): void {
    c.subs.delete(id);
    c.shownRolls.delete(id);
    const set = this.subs.get(id);
    set?.delete(c);
    if (!set?.size) {
      this.subs.delete(id);
      this.delivery.forget(id);
    }
  }

  /** Send, unless the client has stopped reading: then it is cut off rather than buffered forever. */
  /** Send `text` (`written`: called once it is written to the socket, or fails); false: not sent, the connection is gone. */
  private send(c: Conn, text: string, written?: () => void): boolean {
    if (c.ws.readyState !== WebSocket.OPEN) return false;
    if (c.ws.bufferedAmount + text.length > this.ctx.limits.wsBufferedBytes) {
      c.ws.terminate();
      this.drop(c);
      return false;
    }
    c.ws.send(text, written && (() => written()));
    return true;
  }

  private reply(c: Conn, msg: Outgoing): void {
    this.send(c, JSON.stringify(msg));
  }

  private onMessage(c: Conn, data: RawData, isBinary: boolean): void {
    // the rate is counted as messages come; each is handled after the ones before it
    const inRate = c.bucket.take();
    const at = tracing ? clock() : 0;
    c.queue = c.queue.then(() => this.process(c, data, isBinary, inRate, at));
  }

  private async process(c: Conn, data: RawData, isBinary: boolean, inRate: boolean, at = 0): Promise<void> {
    let ref: string | undefined;
    try {
      if (!inRate) {
        if (++c.strikes > this.ctx.limits.wsBurst * 4) c.ws.close(CLOSE.flooding, 'too many messages');
        throw new ApiError('RATE_LIMITED', 'too many messages; slow down');
      }
      c.strikes = 0;
      if (isBinary) throw new ApiError('BAD_REQUEST', 'send JSON text frames');
      const raw = parseJson(data.toString(), this.maxPayload);
      if (raw && typeof raw === 'object' && typeof (raw as { ref?: unknown }).ref === 'string') ref = ((raw as { ref: string }).ref).slice(0, 100);
      const msg = parseWith(ClientMessage, raw);
      await this.handle(c, msg, at);
    } catch (err) {
      const e = asApiError(err, 'skirmish serve (ws)');
      const id = (err as { commandId?: string }).commandId;
      this.reply(c, { type: 'error', ...(ref !== undefined ? { ref } : {}), ...(id ? { id } : {}), error: e.body().error });
    }
  }

  /** The connection's principal (revoking a player's tokens closes its connections: see revoked()). */
  private current(c: Conn): Principal {
    return c.principal ?? { role: 'anonymous' };
  }

  private async handle(c: Conn, msg: ClientMessage, at = 0): Promise<void> {
    const ref = msg.ref !== undefined ? { ref: msg.ref } : {};
    if (msg.type === 'ping') return this.reply(c, { type: 'pong', ...ref });
    if (msg.type === 'auth') return this.auth(c, msg.token, ref);
    const p = this.current(c);
    if (p.role === 'anonymous') throw new ApiError('UNAUTHENTICATED', 'send {"type":"auth","token":...} first');
    switch (msg.type) {
      case 'subscribe': {
        // holding the encounter's turn: the other subscribers have been sent all it holds (caughtUp,
        // reloaded), so this one starts where they are
        await warmBefore(this.ctx, p, msg.encounter);
        // a long way behind: all but the last frame first, a frame at a time (backlog.ts)
        const after = msg.after === undefined ? undefined : await sendBacklog(this.ctx, p, msg.encounter, msg.after, c.ws, (text, written) => this.send(c, text, written));
        if (c.principal !== p) return;
        await this.ctx.cache.exclusive(msg.encounter, (current) => {
          const { live, p: m } = allowed(p, current);
          if (c.ws.readyState !== WebSocket.OPEN) return;
          c.subs.add(live.row.id);
          let set = this.subs.get(live.row.id);
          if (!set) this.subs.set(live.row.id, (set = new Set()));
          set.add(c);
          this.delivery.subscribed(live, c);
          this.catchUp(c, live, m, after, ref);
          this.watchChecks();
        });
        // a roll waiting for dice when the page (re)opens: it sees its fields again
        const roll = pendingRolls(this.ctx).get(msg.encounter);
        const view = roll && viewOf(roll, p as Member, await settingsOf(this.ctx, p.tableId));
        if (view) this.showRoll(c, msg.encounter, view);
        return;
      }
      case 'unsubscribe':
        this.unsubscribe(c, msg.encounter);
        return;
      case 'command': {
        try {
          const r = await runCommand(this.ctx, p, msg.encounter, { id: msg.id, expectedVersion: msg.expectedVersion, command: msg.command, ...(msg.dice ? { dice: msg.dice } : {}) });
          if ('asked' in r) {
            // the reply to the sender's own command, whatever it shows
            if (r.roll) c.shownRolls.add(r.encounter);
            return this.reply(c, { type: 'dice', ...ref, encounter: r.encounter, id: r.id, roll: r.roll ?? null });
          }
          this.reply(c, { type: 'result', ...ref, ...r });
          if (tracing && p.role === 'gm') {
            mark(r.encounter, r.version, 'recv', at);
            mark(r.encounter, r.version, 'acked');
          }
          return;
        } catch (err) {
          throw Object.assign(err as object, { commandId: msg.id });
        }
      }
    }
  }

  private async auth(c: Conn, token: string, ref: { ref?: string }): Promise<void> {
    if (c.principal) throw new ApiError('BAD_REQUEST', 'this connection is already authenticated');
    const p = await principalOf(this.ctx, token);
    if (p.role === 'anonymous') throw new ApiError('UNAUTHENTICATED', 'this token is not valid');
    this.ctx.upkeep.touch(p.tableId);
    const encounters = await Promise.all((await this.ctx.store.encounters(p.tableId)).map((r) => summaryFor(this.ctx, p, r)));
    if (c.ws.readyState !== WebSocket.OPEN) return;
    let set = this.byTable.get(p.tableId);
    if (!set) this.byTable.set(p.tableId, (set = new Set()));
    if (set.size >= this.ctx.limits.connectionsPerTable) {
      this.reply(c, { type: 'error', ...ref, error: { code: 'TOO_MANY_CONNECTIONS', message: `a table takes at most ${this.ctx.limits.connectionsPerTable} connections` } });
      c.ws.close(CLOSE.tooManyConnections, 'too many connections');
      return;
    }
    clearTimeout(c.authTimer);
    c.principal = p;
    set.add(c);
    this.reply(c, { type: 'welcome', ...ref, tableId: p.tableId, role: p.role, ...(p.role === 'player' ? { playerId: p.playerId } : {}), encounters });
    if (p.role === 'player') this.presence(p.tableId);
    else this.presence(p.tableId, c);
  }

  /**
   * The events after `after` in the subscriber's own numbering (a player's counts only what it may see),
   * and the state: what is left of a catch-up once sendBacklog sent the rest (a chunk, and what was
   * committed while it ran).
   */
  private catchUp(c: Conn, live: Live, p: Member, after: number | undefined, ref: { ref?: string }): void {
    const events = after === undefined ? [] : eventsAfter(live, p, after).events;
    const chunk = this.ctx.limits.catchUpChunk;
    const version = versionFor(live, p);
    const base = { encounter: live.row.id, version, paused: live.row.paused, catchUp: true };
    for (let i = chunk; i < events.length; i += chunk) this.reply(c, { type: 'events', ...base, events: events.slice(i - chunk, i) });
    const tail = events.slice(Math.max(0, Math.ceil(events.length / chunk) - 1) * chunk);
    this.reply(c, { type: 'events', ...ref, ...base, events: tail, state: stateFor(live, p, live.log.state, version) });
  }

  // ── Publisher: called after each commit, in commit order ────────────────

  committed(live: Live, before: EncounterState, events: readonly LoggedEvent[]): void {
    if (events.length) this.delivery.sendUpTo(live, before, events[0].seq - 1);
  }

  // ── CatchUpListener: what reached memory from the store ─────────────────

  caughtUp(live: Live, before: EncounterState, events: readonly LoggedEvent[]): void {
    this.committed(live, before, events);
  }

  reloaded(live: Live): void {
    this.delivery.reloaded(live);
  }

  rowChanged(live: Live): void {
    this.encounterChanged(summaryOf(live.row), live);
  }

  encounterChanged(summary: EncounterSummary, live?: Live): void {
    const conns = this.byTable.get(summary.tableId);
    if (!conns?.size) return;
    const send = (held: Live | undefined) => {
      // each viewer's summary carries its own version
      const texts = new Map<string, string>();
      for (const c of conns) {
        if (!c.principal) continue;
        const p = c.principal;
        const key = viewerKey(p);
        let text = texts.get(key);
        if (text === undefined) {
          const s = p.role === 'player' ? { ...summary, version: held ? versionFor(held, p) : 0 } : summary;
          texts.set(key, (text = JSON.stringify({ type: 'encounter', encounter: s } satisfies Outgoing)));
        }
        this.send(c, text);
      }
    };
    const players = [...conns].some((c) => c.principal?.role === 'player');
    if (live || !players) send(live);
    else this.ctx.cache.get(summary.id).then(send, (err: unknown) => logError(err));
  }

  // ── what other processes committed (the store's changes) ────────────────

  /** Bring what another process wrote to this process's connections: the log is re-read, in order. */
  storeChanged(change: StoreChange): void {
    const cache = this.ctx.cache;
    const run = (work: Promise<unknown>) => void work.catch((err: unknown) => logError(err));
    switch (change.kind) {
      case 'appended':
        cache.changed(change.encounterId, change.version);
        // catching up sends the subscribers what they lack (caughtUp), at once: one read however many
        // appends were heard meanwhile; no one here watching: nothing to do, a later read catches up by itself
        // (its events told with it, when they fit, are folded onto the copy held: no read)
        if (this.subs.get(change.encounterId)?.size) run(cache.heard(change.encounterId, change.version, change.logged));
        return;
      case 'encounter': {
        cache.changed(change.encounterId);
        if (!this.byTable.get(change.tableId)?.size) return;
        const held = cache.peek(change.encounterId) !== undefined;
        // one held already says what changed (rowChanged); a new one is told here
        run(cache.get(change.encounterId).then((live) => live && !held && this.encounterChanged(summaryOf(live.row), live)));
        return;
      }
      case 'revoked':
        this.revoked(change.tableId, change.playerId);
        return;
      case 'chat':
        this.chat.kept(change.tableId, change.seq);
        return;
      case 'tableDeleted':
        cache.evictTable(change.tableId);
        this.tableDeleted(change.tableId);
        return;
      case 'resync':
        // changes may have been missed: every watched encounter catches up, every table hears its list again
        cache.resynced();
        this.chat.resync();
        for (const [id, set] of this.subs) if (set.size) run(cache.get(id));
        for (const [tableId, set] of this.byTable) {
          if (!set.size) continue;
          run(this.ctx.store.encounters(tableId).then((rows) => rows.forEach((r) => this.encounterChanged(summaryOf(r), cache.peek(r.id)))));
        }
        return;
    }
  }

  private checkTimer?: NodeJS.Timeout;
  private checking = false;
  /** The watched encounters the last check found behind the store, and the version the store had then. */
  private behind = new Map<string, number>();

  /**
   * Where other processes write too: now and then, the versions of the encounters watched here against the
   * store's. A safety net only — every append is told as it commits and caught up at once (storeChanged);
   * this finds the one whose process was killed between its commit and its telling. An encounter is read
   * when a version the store had at the check before is still not here: one found behind only now most
   * likely has its notification on the way (on a busy machine it can take a while), and a read then
   * would hold the encounter's turn while that notification, which carries what the read would bring,
   * waits behind it (issue 42). So a silent commit is caught up within two checks.
   */
  private watchChecks(): void {
    const store = this.ctx.store;
    if (this.checkTimer || !store.versions) return;
    this.checkTimer = setInterval(() => {
      const ids = [...this.subs.keys()];
      if (this.checking || !ids.length) return;
      this.checking = true;
      store
        .versions!(ids)
        .then((versions) => {
          const before = this.behind;
          this.behind = new Map();
          for (const [id, version] of versions) {
            const held = this.ctx.cache.peek(id)?.log.version ?? -1;
            if (!this.subs.get(id)?.size || version <= held) continue;
            const was = before.get(id);
            if (was !== undefined && held < was) void this.ctx.cache.heard(id, version).catch(logError);
            else this.behind.set(id, version);
          }
        })
        .catch(logError)
        .finally(() => (this.checking = false));
    }, this.ctx.limits.watchCheckMs);
    this.checkTimer.unref();
  }

  /** Close every connection of a table that is gone. */
  tableDeleted(tableId: string): void {
    this.chat.forget(tableId);
    for (const c of this.byTable.get(tableId) ?? []) {
      c.principal = undefined;
      c.ws.close(CLOSE.tableDeleted, 'the table was deleted');
    }
    this.byTable.delete(tableId);
  }

  /** Close every connection of a player whose tokens were revoked. */
  revoked(tableId: string, playerId: string): void {
    for (const c of this.byTable.get(tableId) ?? []) {
      if (c.principal?.role === 'player' && c.principal.playerId === playerId) {
        c.principal = undefined; // nothing more is served, even before the close completes
        c.ws.close(CLOSE.revoked, 'token revoked');
      }
    }
  }

  /** Say goodbye, and cut off whoever does not close in time (a client that stopped reading never will). */
  close(): void {
    clearInterval(this.checkTimer);
    for (const c of this.conns) c.ws.close(CLOSE.shutdown, 'server shutting down');
    const left = [...this.conns];
    setTimeout(() => left.forEach((c) => c.ws.terminate()), 500).unref();
    this.wss.close();
  }
}
