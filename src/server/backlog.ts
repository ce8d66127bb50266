/**
 * A subscriber's catch-up of a long log, a frame at a time (issue 17): a player reconnecting to a
 * 100,000-event encounter was sent every frame of it in one go — the loop held for a second, and the
 * 12 MB queued past the buffered-bytes ceiling, so the socket was dropped before it got any of it.
 *
 * Every frame but the last is sent without holding the encounter's turn (commands go on meanwhile; a
 * page of a player's numbered log costs what it holds), each once the client's socket took the one
 * before. The last frame, with the state, is the hub's, under the encounter's turn: from there the
 * subscriber is among those every commit is broadcast to, so it misses nothing and gets nothing twice.
 */
import type { WebSocket } from 'ws';
import { liveFor, type Context } from './context.ts';
import { eventsAfter, versionFor } from './numbering.ts';
import type { Principal } from './policy.ts';

/**
 * Send `ws` the events of encounter `id` after `after`, a chunk a frame, while more than a chunk is
 * left; `frame` sends one (false: the connection is gone). Returns the last seq sent (the rest is the hub's).
 */
export async function sendBacklog(ctx: Context, p: Principal, id: string, after: number, ws: WebSocket, frame: (text: string, written: () => void) => boolean): Promise<number> {
  const chunk = ctx.limits.catchUpChunk;
  for (;;) {
    // access checked again for every frame (a revoked player's socket closes), its log warmed in slices
    const { live, p: m } = await liveFor(ctx, p, id);
    const { events, more } = eventsAfter(live, m, after, chunk);
    if (!more) return after;
    const text = JSON.stringify({ type: 'events', encounter: id, version: versionFor(live, m), paused: live.row.paused, catchUp: true, events });
    // the next frame once this one is written to the socket (a client that stops reading holds only its own catch-up)
    const written = new Promise<void>((resolve) => {
      if (!frame(text, resolve)) resolve();
    });
    await written;
    // and a turn of the loop: a write taken at once calls back without one
    await new Promise((resolve) => setImmediate(resolve));
    if (ws.readyState !== ws.OPEN) return after;
    after = events[events.length - 1].seq;
  }
}
