/**
 * The table's chat on this page: the newest page read over HTTP, new messages as the socket brings them,
 * earlier pages on request, read again after a reconnection (what was said meanwhile). Messages are kept
 * once each (by id), in the order they were said.
 */
import { useCallback, useEffect, useState } from 'react';
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

  useEffect(() => {
    if (!session) return;
    let gone = false;
    const readNewest = () =>
      session.api.chat(tableId).then(
        (page) => {
          if (gone) return;
          setMessages((have) => merged(have, page.messages));
          // the first read sets where "Earlier messages" starts; a later one (a reconnection) only adds
          setNext((n) => n ?? page.next);
          setMore((m) => m || page.more);
        },
        () => undefined,
      );
    void readNewest();
    const stop = session.socket.tap((msg) => {
      if (msg.type === 'chat') setMessages((have) => merged(have, msg.messages as ChatMessage[]));
      else if (msg.type === 'welcome') void readNewest();
    });
    return () => {
      gone = true;
      stop();
    };
  }, [session, tableId]);

  const earlier = useCallback(async () => {
    if (!session || !next) return;
    try {
      const page = await session.api.chat(tableId, next);
      setMessages((have) => merged(have, page.messages));
      setMore(page.more);
      setNext(page.next);
    } catch (err) {
      setError(problemOf(err));
    }
  }, [session, tableId, next]);

  const send = useCallback(
    async (post: ChatPost) => {
      if (!session) return false;
      setSending(true);
      setError(undefined);
      try {
        const m = await session.api.sendChat(tableId, post);
        setMessages((have) => merged(have, [m]));
        return true;
      } catch (err) {
        setError(problemOf(err));
        return false;
      } finally {
        setSending(false);
      }
    },
    [session, tableId],
  );

  return { messages, more, earlier, send, sending, error, clearError: () => setError(undefined) };
}
