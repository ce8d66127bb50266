/**
 * The chat as each reader sees it (the chat's own projection, beside the encounters' in projection.ts):
 * a message to the table reaches everyone at it; a whisper — to the GM, or from the GM to one player —
 * only its writer, its recipient and the GM; a secret roll is a roll whispered to the GM. Every way chat
 * leaves the server (a page over HTTP, a frame over the WebSocket, here or from another process) goes
 * through `mayRead` or the store's filter of the same rule (src/store/chat-sql.ts), and out as `chatMessage`:
 * the table's numbering stays on the server, so no gap tells a player that someone whispered.
 */
import type { Breakdown } from '../engine/index.ts';
import type { ChatReader, ChatRow } from '../store/index.ts';
import type { Member } from './context.ts';

/** A free roll as kept and sent: the notation, the total, the line the log would print and its breakdown. */
export interface ChatRoll {
  /** The notation as the dice layer writes it (`4d6kh3 + 2`). */
  notation: string;
  /** What it was rolled for, when the roller said. */
  label?: string;
  total: number;
  /** The dice layer's one line, as a GM roll reads in the log: `4d6kh3 [6, 5, 3, 1d] + 2 = 16`. */
  line: string;
  /** The same roll as the log's breakdowns are kept (the page's Breakdown table reads it). */
  breakdown: Breakdown;
  /** Every face drawn, in order: replaying them through the notation gives this roll again. */
  dice: { sides: number; face: number }[];
}

/** What is kept in a row's body. */
export interface ChatBody {
  text?: string;
  roll?: ChatRoll;
}

/** One message as a reader receives it. */
export interface ChatMessage extends ChatBody {
  id: string;
  /** When it was kept (ms since the epoch). */
  at: number;
  from: 'gm' | 'player';
  /** The writer, when a player wrote it. */
  player?: string;
  /** Everyone at the table, the GM alone (a whisper, a secret roll), or one player (the GM's whisper). */
  to: 'table' | 'gm' | 'player';
  /** The player the GM whispered to. */
  toPlayer?: string;
}

/** A member as the store names writers and recipients. */
export const chatName = (p: Member): string => (p.role === 'gm' ? 'gm' : `p:${p.playerId}`);

export const readerOf = (p: Member): ChatReader => (p.role === 'gm' ? { gm: true } : { player: p.playerId });

/** Whether `p` may read `row`: the same rule as the store's filter. */
export function mayRead(row: Pick<ChatRow, 'writer' | 'recipient'>, p: Member): boolean {
  if (p.role === 'gm') return true;
  const me = chatName(p);
  return row.recipient === 'table' || row.writer === me || row.recipient === me;
}

export function chatMessage(row: ChatRow): ChatMessage {
  const body = JSON.parse(row.body) as ChatBody;
  const from = row.writer === 'gm' ? { from: 'gm' as const } : { from: 'player' as const, player: row.writer.slice(2) };
  const to = row.recipient === 'table' || row.recipient === 'gm' ? { to: row.recipient as 'table' | 'gm' } : { to: 'player' as const, toPlayer: row.recipient.slice(2) };
  return { id: row.id, at: row.at, ...from, ...to, ...body };
}
