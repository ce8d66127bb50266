/**
 * Delivery of committed events to an encounter's subscribers (the hub's half that is not sockets): the
 * hub remembers, per encounter, the real seq its subscribers have been sent up to, and whatever reaches
 * memory past it goes out from there, through each viewer's own projection (computed once per viewer).
 * A gap — memory rebuilt, or a commit here whose answer was lost — is filled from the states kept along
 * the log (history.ts), never by replaying it, and a subscriber that joins meanwhile is sent from its own
 * catch-up, so every subscriber gets every event once, in order.
 */
import { visionOn, type EncounterState } from '../engine/index.ts';
import type { Context, Member } from './context.ts';
import type { Live } from './live.ts';
import { eventsBetween, playerLog, stateAfter, stateFor, versionFor, warmPlayerLog } from './numbering.ts';
import { logFailure } from './errors.ts';
import type { ServerMessage } from './schemas.ts';

/** What delivery reads of a connection: who it is (absent until it authenticated). */
export interface Subscriber {
  principal?: Member;
}

/** One projection per viewer: the GM's, or a player's own. */
export const viewerKey = (p: Member) => (p.role === 'gm' ? 'gm' : `p:${p.playerId}`);

/** A failure of work no client waits on (catching up with what another process wrote, a delivery): logged, never thrown. */
export const logError = (err: unknown) => logFailure(err, 'skirmish serve (ws)');

export class Delivery<C extends Subscriber> {
  /** Per encounter with subscribers: the real seq its subscribers have been sent up to. */
  readonly sent = new Map<string, number>();
  /** Encounters whose subscribers are behind the log (a gap) while their logs are folded to fill it. */
  private readonly filling = new Set<string>();
  /** Per encounter being filled, who subscribed meanwhile and the real version its catch-up reached. */
  private readonly joinedWhileFilling = new Map<string, Map<C, number>>();
  /**
   * Per encounter with subscribers, per player: the JSON of its state as projected at the last broadcast,
   * and what that projection depended on (the real state, the player's log's length, its version): the
   * next commit it sees nothing of compares against it instead of projecting the state before it again.
   */
  private readonly lastState = new Map<string, Map<string, Shown>>();

  constructor(
    private readonly ctx: () => Context,
    private readonly subscribers: (encounterId: string) => Set<C> | undefined,
    private readonly send: (c: C, text: string) => void,
  ) {}

  /** `c` subscribed to `live` (holding the encounter's turn) and is caught up to its version. */
  subscribed(live: Live, c: C): void {
    const id = live.row.id;
    const sent = this.sent.get(id);
    if (sent === undefined) this.sent.set(id, live.log.version);
    else if (sent < live.log.version && !this.filling.has(id)) this.fillGap(id);
    // the others behind the log (a gap): this one is caught up further, and is sent from there
    if (this.filling.has(id)) this.lateJoiners(id).set(c, live.log.version);
  }

  /** The encounter has no subscribers left. */
  forget(encounterId: string): void {
    this.sent.delete(encounterId);
    this.lastState.delete(encounterId);
  }

  /** Memory was rebuilt from the store: its subscribers are sent what they lack. */
  reloaded(live: Live): void {
    const sent = this.sent.get(live.row.id);
    if (sent !== undefined && sent < live.log.version) this.sendUpTo(live, undefined, sent);
  }

  /**
   * Send the subscribers of `live` its events they have not been sent, up to the end of its log; `before`
   * is the real state after `at` events, when the caller has it (the events from `at` on are new).
   */
  sendUpTo(live: Live, before: EncounterState | undefined, at: number): void {
    const id = live.row.id;
    const set = this.subscribers(id);
    if (!set?.size) return;
    const sent = this.sent.get(id) ?? at;
    const to = live.log.version;
    if (sent >= to || this.filling.has(id)) return;
    if (sent !== at || !before) return this.fillGap(id);
    this.sent.set(id, to);
    this.broadcast(live, set, () => before, sent + 1, to);
  }

  private lateJoiners(id: string): Map<C, number> {
    let m = this.joinedWhileFilling.get(id);
    if (!m) this.joinedWhileFilling.set(id, (m = new Map()));
    return m;
  }

  /**
   * A gap (memory rebuilt, or a commit here whose answer was lost): the subscribers are sent what they
   * lack from where they are, once the logs it reads are folded in slices (the real fold, each subscribed
   * player's), under the encounter's turn; the state before the gap, when a player's frame needs it,
   * from the states kept along the log (history.ts), not a replay of it. Commits meanwhile wait for it.
   */
  private fillGap(id: string): void {
    this.filling.add(id);
    const fill = async () => {
      const held = this.ctx().cache.peek(id);
      if (held) {
        await warmPlayerLog(held, undefined);
        for (const c of this.subscribers(id) ?? []) if (c.principal?.role === 'player') await warmPlayerLog(held, c.principal.playerId);
      }
      await this.ctx().cache.exclusive(id, (live) => {
        this.filling.delete(id);
        const set = this.subscribers(id);
        const sent = this.sent.get(id);
        const late = this.joinedWhileFilling.get(id) ?? new Map<C, number>();
        this.joinedWhileFilling.delete(id);
        if (!live || !set?.size || sent === undefined) return;
        const to = live.log.version;
        this.sent.set(id, to);
        if (sent < to) this.broadcast(live, new Set([...set].filter((c) => !late.has(c))), () => stateAfter(live, sent), sent + 1, to);
        for (const [c, at] of late) if (set.has(c) && at < to) this.broadcast(live, new Set([c]), () => stateAfter(live, at), at + 1, to);
      });
    };
    fill().catch((err: unknown) => {
      this.filling.delete(id);
      logError(err);
    });
  }

  /** Real events from..to of `live` to each subscriber, through its own projection (once per viewer); `before()`: the real state before them. */
  private broadcast(live: Live, set: Set<C>, before: () => EncounterState, from: number, to: number): void {
    // per viewer, once: its events of this commit in its own numbering; '' when it has nothing to send
    const frames = new Map<string, string>();
    let prior: EncounterState | undefined;
    const id = live.row.id;
    let shown = this.lastState.get(id);
    if (!shown) this.lastState.set(id, (shown = new Map()));
    for (const c of set) {
      if (!c.principal) continue;
      const p = c.principal;
      const key = viewerKey(p);
      let text = frames.get(key);
      if (text === undefined) {
        const version = versionFor(live, p);
        const seen = eventsBetween(live, p, from, to);
        const state = JSON.stringify(stateFor(live, p, live.log.state, version));
        let unchanged = false;
        if (p.role === 'player') {
          const length = playerLog(live, p.playerId).events.length;
          // a commit a player sees nothing of (no event, the same state) sends it nothing: even a frame would
          // tell it that something happened. The state before, as projected for it last time when nothing it
          // depends on moved since (under fog what it remembers now may show the past otherwise: projected again)
          if (!seen.length) {
            prior ??= before();
            const last = shown.get(key);
            const was = last && last.real === prior && last.length === length && last.version === version && !visionOn(prior) ? last.state : JSON.stringify(stateFor(live, p, prior, version));
            unchanged = state === was;
          }
          shown.set(key, { real: live.log.state, length, version, state });
        }
        // the frame as JSON.stringify would write it, the state's JSON written once
        text = unchanged ? '' : `${JSON.stringify({ type: 'events', encounter: id, version, paused: live.row.paused, events: seen } satisfies { type: ServerMessage['type']; [key: string]: unknown }).slice(0, -1)},"state":${state}}`;
        frames.set(key, text);
      }
      if (text) this.send(c, text);
    }
  }
}

/** A player's state as last projected for a broadcast (Delivery.lastState). */
interface Shown {
  real: EncounterState;
  length: number;
  version: number;
  state: string;
}
