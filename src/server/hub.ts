/**
 * The WebSocket hub at /api/ws: authenticates each connection with its first message, subscribes it to
 * encounters (with catch-up from the last seq it saw), runs its commands, and sends every committed
 * event to each subscriber through that subscriber's own projection — computed once per viewer.
 *
 * Bounds: frame size (ws maxPayload), messages per second per connection, connections per table,
 * a buffered-bytes ceiling for clients that stop reading (then the socket is dropped), an auth
 * deadline, and the Origin of browser upgrades.
 */
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocket, WebSocketServer, type RawData } from 'ws';
import type { EncounterState, LoggedEvent } from '../engine/index.ts';
import { liveFor, principalOf, type Context, type EncounterSummary, type Member, type Publisher } from './context.ts';
import { ApiError } from './errors.ts';
import { parseJson } from './json.ts';
import type { Live } from './live.ts';
import type { Principal } from './policy.ts';
import { eventsAfter, eventsBetween, stateFor, summaryFor, versionFor } from './numbering.ts';
import { TokenBucket } from './rate.ts';
import { runCommand } from './referee.ts';
import { ClientMessage, parseWith, type ServerMessage } from './schemas.ts';

export const WS_PATH = '/api/ws';

/** Close codes the hub uses (4xxx are application codes). */
export const CLOSE = { authTimeout: 4001, tooManyConnections: 4002, flooding: 4004, revoked: 4005, shutdown: 1001 } as const;

interface Conn {
  ws: WebSocket;
  principal?: Member;
  subs: Set<string>;
  bucket: TokenBucket;
  /** Frames refused in a row for rate; past a bound the connection is closed. */
  strikes: number;
  authTimer?: NodeJS.Timeout;
}

export interface HubOptions {
  /** Origins allowed besides the server's own (Origin host equal to Host). */
  allowedOrigins: string[];
}

/** A server message (ServerMessage in schemas.ts documents the exact shapes; engine types are interfaces). */
type Outgoing = { type: ServerMessage['type']; [key: string]: unknown };

const viewerKey = (p: Member) => (p.role === 'gm' ? 'gm' : `p:${p.playerId}`);

export class Hub implements Publisher {
  private readonly wss: WebSocketServer;
  private readonly conns = new Set<Conn>();
  private readonly byTable = new Map<string, Set<Conn>>();
  private readonly subs = new Map<string, Set<Conn>>();
  ctx!: Context;

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
    const c: Conn = { ws, subs: new Set(), bucket: new TokenBucket(this.ctx.limits.wsRate, this.ctx.limits.wsBurst), strikes: 0 };
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
    for (const id of c.subs) this.subs.get(id)?.delete(c);
  }

  /** Send, unless the client has stopped reading: then it is cut off rather than buffered forever. */
  private send(c: Conn, text: string): void {
    if (c.ws.readyState !== WebSocket.OPEN) return;
    if (c.ws.bufferedAmount + text.length > this.ctx.limits.wsBufferedBytes) {
      c.ws.terminate();
      this.drop(c);
      return;
    }
    c.ws.send(text);
  }

  private reply(c: Conn, msg: Outgoing): void {
    this.send(c, JSON.stringify(msg));
  }

  private onMessage(c: Conn, data: RawData, isBinary: boolean): void {
    let ref: string | undefined;
    try {
      if (!c.bucket.take()) {
        if (++c.strikes > this.ctx.limits.wsBurst * 4) c.ws.close(CLOSE.flooding, 'too many messages');
        throw new ApiError('RATE_LIMITED', 'too many messages; slow down');
      }
      c.strikes = 0;
      if (isBinary) throw new ApiError('BAD_REQUEST', 'send JSON text frames');
      const raw = parseJson(data.toString(), this.maxPayload);
      if (raw && typeof raw === 'object' && typeof (raw as { ref?: unknown }).ref === 'string') ref = ((raw as { ref: string }).ref).slice(0, 100);
      const msg = parseWith(ClientMessage, raw);
      this.handle(c, msg);
    } catch (err) {
      const e = err instanceof ApiError ? err : new ApiError('INTERNAL', 'internal error');
      if (!(err instanceof ApiError)) process.stderr.write(`skirmish serve (ws): ${(err as Error)?.stack ?? String(err)}\n`);
      const id = (err as { commandId?: string }).commandId;
      this.reply(c, { type: 'error', ...(ref !== undefined ? { ref } : {}), ...(id ? { id } : {}), error: e.body().error });
    }
  }

  /** The connection's principal (revoking a player's tokens closes its connections: see revoked()). */
  private current(c: Conn): Principal {
    return c.principal ?? { role: 'anonymous' };
  }

  private handle(c: Conn, msg: ClientMessage): void {
    const ref = msg.ref !== undefined ? { ref: msg.ref } : {};
    if (msg.type === 'ping') return this.reply(c, { type: 'pong', ...ref });
    if (msg.type === 'auth') return this.auth(c, msg.token, ref);
    const p = this.current(c);
    if (p.role === 'anonymous') throw new ApiError('UNAUTHENTICATED', 'send {"type":"auth","token":...} first');
    switch (msg.type) {
      case 'subscribe': {
        const { live, p: m } = liveFor(this.ctx, p, msg.encounter);
        c.subs.add(live.row.id);
        let set = this.subs.get(live.row.id);
        if (!set) this.subs.set(live.row.id, (set = new Set()));
        set.add(c);
        this.catchUp(c, live, m, msg.after, ref);
        return;
      }
      case 'unsubscribe':
        c.subs.delete(msg.encounter);
        this.subs.get(msg.encounter)?.delete(c);
        return;
      case 'command': {
        try {
          const r = runCommand(this.ctx, p, msg.encounter, { id: msg.id, expectedVersion: msg.expectedVersion, command: msg.command, ...(msg.dice ? { dice: msg.dice } : {}) });
          return this.reply(c, { type: 'result', ...ref, ...r });
        } catch (err) {
          throw Object.assign(err as object, { commandId: msg.id });
        }
      }
    }
  }

  private auth(c: Conn, token: string, ref: { ref?: string }): void {
    if (c.principal) throw new ApiError('BAD_REQUEST', 'this connection is already authenticated');
    const p = principalOf(this.ctx, token);
    if (p.role === 'anonymous') throw new ApiError('UNAUTHENTICATED', 'this token is not valid');
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
    const encounters = this.ctx.store.encounters(p.tableId).map((r) => summaryFor(this.ctx, p, r));
    this.reply(c, { type: 'welcome', ...ref, tableId: p.tableId, role: p.role, ...(p.role === 'player' ? { playerId: p.playerId } : {}), encounters });
  }

  /** The events after `after` in the subscriber's own numbering (a player's counts only what it may see). */
  private catchUp(c: Conn, live: Live, p: Member, after: number | undefined, ref: { ref?: string }): void {
    const events = after === undefined ? [] : eventsAfter(live, p, after);
    const chunk = this.ctx.limits.catchUpChunk;
    const version = versionFor(live, p);
    const base = { encounter: live.row.id, version, paused: live.row.paused, catchUp: true };
    for (let i = chunk; i < events.length; i += chunk) this.reply(c, { type: 'events', ...base, events: events.slice(i - chunk, i) });
    const tail = events.slice(Math.max(0, Math.ceil(events.length / chunk) - 1) * chunk);
    this.reply(c, { type: 'events', ...ref, ...base, events: tail, state: stateFor(live, p, live.log.state, version) });
  }

  // ── Publisher: called after each commit, in commit order ────────────────

  committed(live: Live, before: EncounterState, events: readonly LoggedEvent[]): void {
    const set = this.subs.get(live.row.id);
    if (!set?.size || !events.length) return;
    const from = events[0].seq;
    const to = events[events.length - 1].seq;
    // per viewer, once: its events of this commit in its own numbering; '' when it has nothing to send
    const frames = new Map<string, string>();
    for (const c of set) {
      if (!c.principal) continue;
      const p = c.principal;
      const key = viewerKey(p);
      let text = frames.get(key);
      if (text === undefined) {
        const version = versionFor(live, p);
        const seen = eventsBetween(live, p, from, to);
        const state = stateFor(live, p, live.log.state, version);
        // a commit a player sees nothing of (no event, the same state) sends it nothing: even a frame would
        // tell it that something happened
        const unchanged = p.role === 'player' && !seen.length && JSON.stringify(state) === JSON.stringify(stateFor(live, p, before, version));
        text = unchanged ? '' : JSON.stringify({ type: 'events', encounter: live.row.id, version, paused: live.row.paused, events: seen, state } satisfies Outgoing);
        frames.set(key, text);
      }
      if (text) this.send(c, text);
    }
  }

  encounterChanged(summary: EncounterSummary): void {
    // each viewer's summary carries its own version
    const texts = new Map<string, string>();
    for (const c of this.byTable.get(summary.tableId) ?? []) {
      if (!c.principal) continue;
      const p = c.principal;
      const key = viewerKey(p);
      let text = texts.get(key);
      if (text === undefined) {
        let s = summary;
        if (p.role === 'player') {
          const live = this.ctx.cache.get(summary.id);
          s = { ...summary, version: live ? versionFor(live, p) : 0 };
        }
        texts.set(key, (text = JSON.stringify({ type: 'encounter', encounter: s } satisfies Outgoing)));
      }
      this.send(c, text);
    }
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
    for (const c of this.conns) c.ws.close(CLOSE.shutdown, 'server shutting down');
    const left = [...this.conns];
    setTimeout(() => left.forEach((c) => c.ws.terminate()), 500).unref();
    this.wss.close();
  }
}
