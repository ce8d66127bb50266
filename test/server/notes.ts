// The two-process tests' GM notes: written on one process, read off another's watchers.
import { expect } from 'vitest';
import type { LoggedEvent } from '../../src/engine/index.ts';
import { Client, type WsClient } from '../../src/server/testing.ts';

/** The texts of the notes `ws` was sent live for `enc` (a catch-up's left out), in order. */
export const notes = (ws: WsClient, enc: string): string[] =>
  ws.messages.filter((m) => m.type === 'events' && m.encounter === enc && !m.catchUp).flatMap((m) => (m.events as LoggedEvent[]).filter((e) => e.type === 'note').map((e) => (e as { text: string }).text));

/**
 * A public GM note on an encounter through one process, each at the version the one before left (the first
 * reads it). `where` is asked at each note: the tests set their servers up in beforeAll.
 */
export function gmNoter(where: () => { url: string; gmToken: string; enc: string }): (id: string, text: string) => Promise<void> {
  let version = 0;
  return async (id, text) => {
    const { url, gmToken, enc } = where();
    if (!version) version = (await new Client(url, gmToken).get(`/api/encounters/${enc}`)).body.encounter.version as number;
    const r = await new Client(url, gmToken).post(`/api/encounters/${enc}/commands`, { id, expectedVersion: version, command: { type: 'gm.note', text, public: true } });
    expect(r.status, r.text).toBe(200);
    version = r.body.version;
  };
}
