/** The chat as the server sends it (src/server/chat-view.ts; docs/api.md): what this page may see, nothing else. */
import type { Breakdown } from '../../../engine/index.ts';

export interface ChatRoll {
  notation: string;
  label?: string;
  total: number;
  /** The roll in one line, as the log prints a roll: `4d6kh3 [6, 5, 3, 1d] + 2 = 16`. */
  line: string;
  breakdown: Breakdown;
  dice: { sides: number; face: number }[];
}

export interface ChatMessage {
  id: string;
  at: number;
  from: 'gm' | 'player';
  player?: string;
  to: 'table' | 'gm' | 'player';
  toPlayer?: string;
  text?: string;
  roll?: ChatRoll;
}

export interface ChatPage {
  messages: ChatMessage[];
  more: boolean;
  next?: string;
}

export interface ChatPost {
  text?: string;
  roll?: string;
  label?: string;
  to?: 'table' | 'gm' | 'player';
  player?: string;
}
