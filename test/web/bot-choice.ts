/**
 * The browser bot's rule of play, apart from the page it reads: bot.ts looks at the action panel and the
 * board, says what it sees (a StepView) and clicks what this returns. Kept pure so a node test can play
 * whole fights by the same rule (bot-choice.test.ts) — a rule that never ends a fight fails there in
 * seconds, not after minutes in a browser.
 */

/** Offered choices that hurt a foe, by their group (an 'attack' group, when offered, goes first). */
export const OFFENSIVE = ['attack', 'spell', 'gadget', 'stream', 'skill', 'ability', 'technique', 'strike', 'shot'];

export interface TurnMemo {
  key: string;
  attacks: number;
  moved: number;
}

/** What one step can do now, as the page offers it. */
export interface StepView {
  /** A decision asks this unit for an answer. */
  answer: boolean;
  /** An attack (or other offensive choice) is offered and enabled. */
  offensive: boolean;
  /** A reachable cell is nearer the nearest standing foe than the unit is. */
  nearer: boolean;
  /** A move button (zones: no board cell to click). */
  zoneMove: boolean;
  /** A rest is offered (duel60: only while nothing else was done this turn). */
  rest: boolean;
  /** End the turn is offered. */
  endTurn: boolean;
}

export type StepChoice = 'answer' | 'attack' | 'move' | 'zone-move' | 'rest' | 'end';

/**
 * Answer if asked; attack (twice a turn at most: a refused second try moves on); walk toward the
 * nearest foe; rest when there is nothing to strike and nowhere nearer to go (a duel60 unit out of
 * stamina recovers only by resting, D60-STA-1 — a player who just ends the turn never strikes again);
 * else end the turn. `memo` counts this turn's tries; undefined: no way forward.
 */
export function chooseStep(view: StepView, memo: TurnMemo): StepChoice | undefined {
  if (view.answer) return 'answer';
  if (memo.attacks < 2 && view.offensive) {
    memo.attacks++;
    return 'attack';
  }
  if (memo.moved < 2) {
    memo.moved++;
    if (view.nearer) return 'move';
    if (view.zoneMove && memo.moved === 1) return 'zone-move';
  }
  if (view.rest) return 'rest';
  if (view.endTurn) return 'end';
  return undefined;
}
