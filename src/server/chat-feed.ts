/**
 * Chat to the open pages of a table (the hub's half for chat): whatever the store holds past what this
 * process sent a table's pages — kept here, or told by another process (PostgreSQL NOTIFY) — is read from
 * the store in order and sent to each page that may see it (chat-view.ts), one frame per reader. A page
 * that may see none of it is sent nothing, not even a frame. Reads are one table at a time, a bounded page
 * each; a table's messages are numbered under its row's lock, so a later one is never read before an
 * earlier one committed.
 */
import type { Context, Member } from './context.ts';
import { chatMessage, mayRead } from './chat-view.ts';
import { logError, viewerKey, type Subscriber } from './delivery.ts';

/** How far back a table's first message heard here reads: one told out of order (another process's) still reaches the pages. Pages drop what they have (by id). */
const FIRST_READ_BACK = 10;
/** Rows per read: a page of the biggest messages (200-die rolls, about 10 KB each) is half a megabyte. */
const PAGE = 50;

export class ChatFeed<C extends Subscriber> {
  /** Per table with pages open here: the seq they have been sent up to. */
  private readonly sent = new Map<string, number>();
  /** Per table: the read under way (one at a time, in order). */
  private readonly reading = new Map<string, Promise<void>>();

  constructor(
    private readonly ctx: () => Context,
    private readonly pages: (tableId: string) => Iterable<C> | undefined,
    private readonly send: (c: C, text: string) => void,
  ) {}

  /** Message `seq` of the table was kept (here or by another process). */
  kept(tableId: string, seq: number): void {
    if (!this.open(tableId)) {
      this.sent.delete(tableId);
      return;
    }
    if (!this.sent.has(tableId)) this.sent.set(tableId, Math.max(0, seq - 1 - FIRST_READ_BACK));
    if (seq <= this.sent.get(tableId)!) return;
    this.catchUp(tableId);
  }

  /** Changes may have been missed (the change feed was down): every table with pages here reads on. */
  resync(): void {
    for (const tableId of [...this.sent.keys()]) this.catchUp(tableId);
  }

  forget(tableId: string): void {
    this.sent.delete(tableId);
  }

  private open(tableId: string): boolean {
    for (const c of this.pages(tableId) ?? []) if (c.principal) return true;
    return false;
  }

  private catchUp(tableId: string): void {
    const prior = this.reading.get(tableId) ?? Promise.resolve();
    const next = prior.then(() => this.readOn(tableId)).catch(logError);
    this.reading.set(tableId, next);
    void next.finally(() => {
      if (this.reading.get(tableId) === next) this.reading.delete(tableId);
    });
  }

  private async readOn(tableId: string): Promise<void> {
    for (;;) {
      const after = this.sent.get(tableId);
      if (after === undefined) return;
      const rows = await this.ctx().store.chat(tableId, { reader: { gm: true }, after, limit: PAGE });
      if (!rows.length || this.sent.get(tableId) === undefined) return;
      this.sent.set(tableId, rows[rows.length - 1].seq);
      const frames = new Map<string, string>();
      for (const c of this.pages(tableId) ?? []) {
        const p = c.principal as Member | undefined;
        if (!p) continue;
        const key = viewerKey(p);
        let text = frames.get(key);
        if (text === undefined) {
          const seen = rows.filter((r) => mayRead(r, p)).map(chatMessage);
          frames.set(key, (text = seen.length ? JSON.stringify({ type: 'chat', messages: seen }) : ''));
        }
        if (text) this.send(c, text);
      }
      if (rows.length < PAGE) return;
    }
  }
}
