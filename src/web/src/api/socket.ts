/**
 * The live connection: authenticates with the page's token, subscribes to encounters, and after a
 * dropped connection reconnects (backing off) and re-subscribes from the last seq each encounter has
 * seen, so the server sends exactly what was missed.
 */
import type { LoggedEvent } from '../../../engine/index.ts';
import type { EncounterSummary, RollView, ServerError } from './types.ts';

export type LinkStatus = 'connecting' | 'live' | 'offline';

export interface EventsMessage {
  type: 'events';
  encounter: string;
  version: number;
  paused: boolean;
  catchUp?: boolean;
  events: LoggedEvent[];
  state?: Record<string, unknown>;
}

export interface Welcome {
  type: 'welcome';
  tableId: string;
  role: 'gm' | 'player';
  playerId?: string;
  encounters: EncounterSummary[];
}

export interface SocketListener {
  status?(s: LinkStatus): void;
  welcome?(w: Welcome): void;
  events?(m: EventsMessage): void;
  encounter?(e: EncounterSummary): void;
  /** GM pages only: which players have a page open, and who has redeemed an invite. */
  presence?(p: Presence): void;
  error?(e: ServerError): void;
  /** A command of this encounter waits for physical dice (null: no longer, or not for this page). */
  dice?(encounter: string, roll: RollView | null): void;
  /** The server closed the link for good (the table was deleted, or this seat's access taken back): no reconnecting. */
  ended?(why: SocketEnd): void;
}

export type SocketEnd = 'tableDeleted' | 'revoked';

/** Close codes after which reconnecting cannot help (src/server/hub.ts CLOSE). */
const FINAL_CLOSE: Record<number, SocketEnd> = { 4005: 'revoked', 4006: 'tableDeleted' };

export interface Presence {
  online: string[];
  joined: string[];
}

export const WS_PATH = '/api/ws';

export class LiveSocket {
  private ws?: WebSocket;
  private closed = false;
  private retry = 0;
  private timer?: ReturnType<typeof setTimeout>;
  private ping?: ReturnType<typeof setInterval>;
  /** Encounter id → last seq seen; re-sent on every (re)connection. */
  private readonly subs = new Map<string, number>();
  status: LinkStatus = 'connecting';
  /** Whoever else reads the frames (the chat panel: `chat` frames, and `welcome` to read again after a reconnection). */
  private readonly taps = new Set<(msg: { type?: string; [k: string]: unknown }) => void>();

  constructor(private readonly token: string, private readonly listener: SocketListener) {
    this.open();
  }

  subscribe(encounter: string, after: number): void {
    this.subs.set(encounter, after);
    this.send({ type: 'subscribe', encounter, after });
  }

  unsubscribe(encounter: string): void {
    this.subs.delete(encounter);
    this.send({ type: 'unsubscribe', encounter });
  }

  /** Record progress so a reconnection asks only for what follows. */
  seen(encounter: string, seq: number): void {
    if (this.subs.has(encounter) && seq > (this.subs.get(encounter) ?? 0)) this.subs.set(encounter, seq);
  }

  close(): void {
    this.closed = true;
    clearTimeout(this.timer);
    clearInterval(this.ping);
    this.ws?.close();
  }

  /** Hear every frame the server sends; returns the way to stop. */
  tap(fn: (msg: { type?: string; [k: string]: unknown }) => void): () => void {
    this.taps.add(fn);
    return () => this.taps.delete(fn);
  }

  /** For tests and the GM's "reconnect" button: drop the link as a network failure would. */
  drop(): void {
    this.ws?.close();
  }

  private setStatus(s: LinkStatus) {
    this.status = s;
    this.listener.status?.(s);
  }

  private send(msg: unknown): void {
    if (this.ws?.readyState === WebSocket.OPEN && this.status === 'live') this.ws.send(JSON.stringify(msg));
  }

  private open(): void {
    if (this.closed) return;
    this.setStatus('connecting');
    const url = `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}${WS_PATH}`;
    const ws = new WebSocket(url);
    this.ws = ws;
    ws.onopen = () => ws.send(JSON.stringify({ type: 'auth', token: this.token }));
    ws.onmessage = (ev) => {
      let msg: { type?: string; [k: string]: unknown };
      try {
        msg = JSON.parse(String(ev.data));
      } catch {
        return;
      }
      for (const fn of this.taps) fn(msg);
      switch (msg.type) {
        case 'welcome':
          this.retry = 0;
          this.setStatus('live');
          this.listener.welcome?.(msg as unknown as Welcome);
          for (const [encounter, after] of this.subs) ws.send(JSON.stringify({ type: 'subscribe', encounter, after }));
          clearInterval(this.ping);
          this.ping = setInterval(() => this.send({ type: 'ping' }), 20_000);
          break;
        case 'events': {
          const m = msg as unknown as EventsMessage;
          this.listener.events?.(m);
          const last = m.events[m.events.length - 1];
          if (last) this.seen(m.encounter, last.seq);
          break;
        }
        case 'encounter':
          this.listener.encounter?.((msg as unknown as { encounter: EncounterSummary }).encounter);
          break;
        case 'presence':
          this.listener.presence?.(msg as unknown as Presence);
          break;
        case 'dice': {
          const m = msg as unknown as { encounter: string; roll: RollView | null };
          this.listener.dice?.(m.encounter, m.roll);
          break;
        }
        case 'error':
          this.listener.error?.((msg as unknown as { error: ServerError }).error);
          break;
      }
    };
    ws.onclose = (ev) => {
      clearInterval(this.ping);
      if (this.closed) return;
      this.setStatus('offline');
      const end = FINAL_CLOSE[ev.code];
      if (end) {
        this.closed = true;
        return this.listener.ended?.(end);
      }
      const delay = Math.min(4000, 250 * 2 ** this.retry++);
      this.timer = setTimeout(() => this.open(), delay);
    };
    ws.onerror = () => ws.close();
  }
}
