// Physical cards on the page: a card asked reads "Which card?" and offers the cards left by name; a card
// dealt so far reads by its name, not its place in the deck.
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { RollView } from '../api/types.ts';
import { DicePrompt } from './DicePrompt.tsx';

const visible = (html: string) => html.replace(/<[^>]+>/g, '\n').split('\n').map((l) => l.trim()).filter(Boolean).join(' | ');

describe('a card asked at the table', () => {
  it('asks which card, offering the cards left, and shows a card dealt by its name', () => {
    const roll: RollView = {
      id: 'r1', yours: true, serverMay: true, cancelMay: false,
      asks: [{ unitName: 'Kara', for: 'hand card', die: 'card', sides: 3, count: 1, cards: ['A♠', '2♣', 'K♥'] }],
      rolled: [{ unitName: 'Kara', for: 'action card', sides: 4, face: 3, card: 'Q♥', by: 'player' }],
    };
    const text = visible(renderToStaticMarkup(createElement(DicePrompt, { api: undefined, encounterId: 'e', roll })));
    expect(text).toContain('Turn over your card | Kara: hand card | Which card?');
    expect(text).toContain('Which card? | Choose the card turned over | A♠ | 2♣ | K♥ | Enter the card');
    expect(text).toContain('Let the server deal it');
    expect(text).toContain('Kara: action card: | Q♥ | (turned over by the player)');
    expect(text).not.toContain('d3');
  });
});
