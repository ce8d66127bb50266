/**
 * The table's chat on this page: the newest page read over HTTP, new messages as the socket brings them,
 * earlier pages on request, read again after a reconnection (what was said meanwhile). Messages are kept
 * once each (by id), in the order they were said.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { Session } from '../api/session.ts';
import type { ChatMessage, ChatPost } from './types.ts';
import { problemOf } from '../model/useSender.ts';
import type { Problem } from '../model/errors.ts';

export interface Chat {
  messages: ChatMessage[];
  /** Older messages are kept by the server: "Earlier messages" reads them. */
  more: boolean;
  earlier(): Promise<void>;
  send(post: ChatPost): Promise<boolean>;
  sending: boolean;
  error?: Problem;
  clearError(): void;
}

function merged(have: ChatMessage[], add: ChatMessage[]): ChatMessage[] {
  const ids = new Set(have.map((m) => m.id));
  const fresh = add.filter((m) => !ids.has(m.id));
  if (!fresh.length) return have;
  // stable: ties keep the order they came in
  return [...have, ...fresh].sort((a, b) => a.at - b.at);
}

export function useChat(session: Session | undefined, tableId: string): Chat {
  const [messages, setMessages] = useState<ChatMessage[]>([]);
  const [more, setMore] = useState(false);
  const [next, setNext] = useState<string>();
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<Problem>();
  /** The ids this page holds (a read after a reconnection goes back until it meets one). */
  const held = useRef(new Set<string>());
  const add = useCallback((list: ChatMessage[]) => {
    for (const m of list) held.current.add(m.id);
    setMessages((have) => merged(have, list));
  }, []);

  useEffect(() => {
    if (!session) return;
    let gone = false;
    let welcomes = 0;
    // the newest page; after a reconnection, pages further back until one meets what this page holds
    // (what was said while it was away, however much), at most a few
    const readNewest = async (again: boolean) => {
      try {
        let page = await session.api.chat(tableId);
        const first = page;
        const pages = [page];
        while (again && page.more && page.next && !page.messages.some((m) => held.current.has(m.id)) && pages.length < 10) {
          page = await session.api.chat(tableId, page.next);
          pages.push(page);
        }
        if (gone) return;
        add(pages.flatMap((p) => p.messages));
        // the first read sets where "Earlier messages" starts; a later one only adds
        setNext((n) => n ?? first.next);
        setMore((m) => m || first.more);
      } catch {
        // offline: the next connection reads again
      }
    };
    void readNewest(false);
    const stop = session.socket.tap((msg) => {
      if (msg.type === 'chat') add(msg.messages as ChatMessage[]);
      // the first welcome may be this page's first connection: the read above covers it
      else if (msg.type === 'welcome') void readNewest(++welcomes > 1);
    });
    return () => {
      gone = true;
      stop();
    };
  }, [session, tableId, add]);

  const earlier = useCallback(async () => {
    if (!session || !next) return;
    try {
      const page = await session.api.chat(tableId, next);
      add(page.messages);
      setMore(page.more);
      setNext(page.next);
    } catch (err) {
      setError(problemOf(err));
    }
  }, [session, tableId, next, add]);

  const send = useCallback(
    async (post: ChatPost) => {
      if (!session) return false;
      setSending(true);
      setError(undefined);
      try {
        add([await session.api.sendChat(tableId, post)]);
        return true;
      } catch (err) {
        setError(problemOf(err));
        return false;
      } finally {
        setSending(false);
      }
    },
    [session, tableId, add],
  );

  return { messages, more, earlier, send, sending, error, clearError: () => setError(undefined) };
}
