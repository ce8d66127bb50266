/**
 * The table's chat and free rolls, on the GM's and the players' pages: write to everyone or whisper to the
 * GM (the GM to one player), roll any dice openly or secretly (only the GM sees it), each roll with its
 * breakdown as the log shows one. What a page is sent is already only what it may see (the server
 * projects the chat per reader); this panel only says it in words.
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { Session } from '../api/session.ts';
import type { TableInfo } from '../api/types.ts';
import { BreakdownTable } from '../components/Breakdown.tsx';
import { friendly, type Problem } from '../model/errors.ts';
import type { ChatMessage } from './types.ts';
import { useChat } from './useChat.ts';
import './chat.css';

/** Refusals as a chat reader understands them (the server's words follow). */
function chatProblem(p: Problem): string {
  if (p.code === 'PAYLOAD_TOO_LARGE') return p.field === 'roll' ? 'That roll is too long.' : 'That message is too long.';
  if (p.code === 'RATE_LIMITED') return 'Too many messages at once — wait a moment.';
  if (p.code === 'dice/limit') return 'Too many dice for one roll.';
  if (p.code.startsWith('dice/')) return "Those dice can't be rolled.";
  return friendly(p);
}

function time(at: number): string {
  return new Date(at).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });
}

function Message({ m, name, me }: { m: ChatMessage; name: (id?: string) => string; me?: string }) {
  const who = m.from === 'gm' ? 'GM' : name(m.player);
  const mine = m.from === 'player' ? m.player === me : me === undefined;
  // a secret roll is told as who may read it, from where this page stands
  const secret = m.from === 'gm' ? 'secret roll: only you see it' : mine ? 'secret roll: only you and the GM see it' : 'secret roll, only the GM sees it';
  const aside = m.to === 'gm' ? (m.roll ? secret : 'whisper to the GM') : m.to === 'player' ? `whisper to ${m.toPlayer === me ? 'you' : name(m.toPlayer)}` : undefined;
  return (
    <li className={`chat-message${aside ? ' is-private' : ''}${mine ? ' is-mine' : ''}`} data-id={m.id}>
      <div className="chat-meta">
        <span className="chat-who">{who}</span>
        {aside && <span className="chat-aside">{aside}</span>}
        <time className="muted" dateTime={new Date(m.at).toISOString()}>{time(m.at)}</time>
      </div>
      {m.text !== undefined && <p className="chat-text">{m.text}</p>}
      {m.roll && (
        <div className="chat-roll">
          <p>
            rolls {m.roll.notation}
            {m.roll.label ? ` for ${m.roll.label}` : ''}: <strong className="chat-total">{m.roll.total}</strong>
          </p>
          <details>
            <summary>{m.roll.line}</summary>
            <BreakdownTable b={m.roll.breakdown} dice={m.roll.dice} />
          </details>
        </div>
      )}
    </li>
  );
}

export function ChatPanel({ session, table }: { session?: Session; table?: TableInfo }) {
  const chat = useChat(session, table?.id ?? '');
  const gm = table?.role === 'gm';
  const me = table?.role === 'player' ? table.playerId : undefined;
  const players = table?.players ?? [];
  const name = (id?: string) => players.find((p) => p.playerId === id)?.name ?? 'a player';
  const [to, setTo] = useState('table');
  const [text, setText] = useState('');
  const [dice, setDice] = useState('');
  const [label, setLabel] = useState('');
  const list = useRef<HTMLOListElement>(null);
  const atBottom = useRef(true);
  // a player who joined after this page read the table: ask for the table once more to learn the name
  const asked = useRef(new Set<string>());
  useEffect(() => {
    const unknown = chat.messages.flatMap((m) => [m.player, m.toPlayer]).filter((id): id is string => !!id && !players.some((p) => p.playerId === id) && !asked.current.has(id));
    if (!unknown.length || !session) return;
    for (const id of unknown) asked.current.add(id);
    void session.refreshTable();
  }, [chat.messages, players, session]);
  useEffect(() => {
    const el = list.current;
    if (el && atBottom.current) el.scrollTop = el.scrollHeight;
  }, [chat.messages.length]);
  if (!session || !table) return null;

  const say = async (e: FormEvent) => {
    e.preventDefault();
    if (!text.trim()) return;
    const target = to === 'table' ? { to: 'table' as const } : to === 'gm' ? { to: 'gm' as const } : { to: 'player' as const, player: to };
    if (await chat.send({ text, ...target })) setText('');
  };
  const roll = async (secret: boolean) => {
    if (!dice.trim()) return;
    const ok = await chat.send({ roll: dice, ...(label.trim() ? { label: label.trim() } : {}), to: secret ? 'gm' : 'table' });
    if (ok) setLabel('');
  };

  return (
    <section className="panel chat" aria-label="Chat and rolls">
      <h2>Chat and rolls</h2>
      {chat.more && (
        <button type="button" className="link-button" onClick={() => void chat.earlier()}>
          Earlier messages
        </button>
      )}
      <ol
        className="chat-messages"
        ref={list}
        aria-live="polite"
        aria-relevant="additions"
        tabIndex={0}
        aria-label="Messages"
        onScroll={(e) => {
          const el = e.currentTarget;
          atBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight < 40;
        }}
      >
        {chat.messages.length === 0 && <li className="muted chat-empty">No messages yet. Say hello, or roll some dice.</li>}
        {chat.messages.map((m) => (
          <Message key={m.id} m={m} name={name} me={me} />
        ))}
      </ol>
      {chat.error && (
        <div className="error-note" role="alert" data-code={chat.error.code}>
          <strong>{chatProblem(chat.error)}</strong>
          <span className="error-detail">{chat.error.message}</span>
          <button type="button" className="link-button" onClick={chat.clearError} aria-label="Dismiss">
            ✕
          </button>
        </div>
      )}
      <form className="chat-say" onSubmit={(e) => void say(e)}>
        <label>
          To{' '}
          <select value={to} onChange={(e) => setTo(e.target.value)} aria-label="Send to">
            <option value="table">Everyone</option>
            {gm ? players.map((p) => <option key={p.playerId} value={p.playerId}>{p.name} only (whisper)</option>) : <option value="gm">The GM only (whisper)</option>}
          </select>
        </label>
        <input value={text} onChange={(e) => setText(e.target.value)} aria-label="Message" placeholder="Say something…" maxLength={2000} />
        <button type="submit" disabled={chat.sending || !text.trim()}>Send</button>
      </form>
      <form
        className="chat-dice"
        onSubmit={(e) => {
          e.preventDefault();
          void roll(false);
        }}
      >
        <input value={dice} onChange={(e) => setDice(e.target.value)} aria-label="Dice to roll" placeholder="e.g. 1d20+5" maxLength={200} />
        <input value={label} onChange={(e) => setLabel(e.target.value)} aria-label="Roll for" placeholder="What for?" maxLength={100} />
        <button type="submit" disabled={chat.sending || !dice.trim()}>Roll</button>
        <button type="button" disabled={chat.sending || !dice.trim()} onClick={() => void roll(true)} title={gm ? 'Only you see it' : 'Only you and the GM see it'}>
          Roll secretly
        </button>
      </form>
    </section>
  );
}
