/**
 * A player's suggestion as the GM reads it: who suggests (the player, by name — not the unit they sent it
 * as), what they said, and what accepting would do, as a sentence. The proposal is a GM command the page
 * reads field by field; nothing of its shape (type names, JSON) reaches the words.
 */
import type { EncounterState, Json, Pending } from '../../../engine/index.ts';
import { keyName } from './keyNames.ts';
import { playedBy } from './players.ts';

export interface SuggestionWords {
  /** "Ana suggests": the player, whichever of their units the suggestion was sent as. */
  who: string;
  /** What the player wrote. */
  text: string;
  /** "Accepting sets Kara's HP to 10." */
  accepting: string;
}

const str = (v: Json | undefined) => (typeof v === 'string' ? v : undefined);

/** The change a proposal makes, as the end of "Accepting …": "sets Kara's HP to 10". */
export function proposalWords(proposal: Json | undefined, state: EncounterState, said?: string): string {
  if (!proposal || typeof proposal !== 'object' || Array.isArray(proposal)) return 'changes nothing';
  const p = proposal as Record<string, Json>;
  const unitId = str(p.unit);
  const who = unitId ? (state.units[unitId]?.name ?? 'a unit') : 'a unit';
  const num = (v: Json | undefined) => (typeof v === 'number' ? String(v) : '?');
  switch (p.type) {
    case 'gm.note': {
      const text = str(p.text) ?? '';
      const whom = p.public === true ? 'for everyone' : 'for the GM only';
      // the page's own suggestions propose their words as the note: no need to say them twice
      return text.trim() === said?.trim() ? `puts it in the log ${whom}` : `puts in the log ${whom}: “${text}”`;
    }
    case 'gm.set_pool':
      return `sets ${who}'s ${keyName(state.ruleset, str(p.pool) ?? 'hp')} to ${num(p.value)}${typeof p.max === 'number' ? ` (most ${p.max})` : ''}`;
    case 'gm.set_stat':
      return `sets ${who}'s ${keyName(state.ruleset, str(p.stat) ?? '')} to ${num(p.value)}`;
    case 'gm.heal':
      return `heals ${who} by ${num(p.amount)}`;
    case 'gm.damage':
      return `deals ${num(p.amount)} damage to ${who}`;
    case 'gm.move':
      return Array.isArray(p.to) ? `moves ${who} to (${p.to.join(', ')})` : `moves ${who} to ${(str(p.zone) ?? 'another zone').replace(/_/g, ' ')}`;
    case 'gm.set_status':
      return `makes ${who} ${str(p.status) ?? 'something else'}`;
    case 'gm.hide':
      return p.hidden === false ? `shows ${who} to the players` : `hides ${who} from the players`;
    case 'gm.remove_unit':
      return `takes ${who} out of the fight`;
    case 'gm.set_side':
      return `puts ${who} on the side ${str(p.side) ?? '?'}`;
    case 'gm.extra_turn':
      return `gives ${who} an extra turn`;
    case 'gm.cancel_extra_turn':
      return `takes back ${who}'s extra turn`;
    case 'gm.delay':
      return `delays ${who}'s turn`;
    case 'gm.end_turn':
      return 'ends the turn now';
    case 'gm.end_round':
      return 'ends the round now';
    case 'gm.apply_effect': {
      const e = p.effect && typeof p.effect === 'object' && !Array.isArray(p.effect) ? (p.effect as Record<string, Json>) : {};
      const target = str(e.target);
      return `puts ${str(e.name) ?? 'an effect'} on ${target ? (state.units[target]?.name ?? 'a unit') : who}`;
    }
    case 'gm.set_effect':
    case 'gm.remove_effect': {
      const fx = state.effects.find((e) => e.id === p.id);
      const what = fx ? `${fx.name}${state.units[fx.target]?.name ? ` on ${state.units[fx.target].name}` : ''}` : 'an effect';
      return p.type === 'gm.remove_effect' ? `ends ${what}` : `changes ${what}`;
    }
    default:
      // a GM change the page has no sentence for: say so in words, never the command's shape
      return unitId ? `makes a change to ${who} only the GM can make` : 'makes a change only the GM can make';
  }
}

/** The words of one waiting suggestion; `name` names players by id (the table's list). */
export function suggestionWords(p: Pending, state: EncounterState, name: (id: string) => string | undefined): SuggestionWords {
  const text = str(p.data.text) ?? p.prompt;
  const from = str(p.data.from);
  const unit = from ? state.units[from] : undefined;
  // the player who plays the unit it was sent as; a suggestion made as a GM's unit is the GM's own
  const player = unit ? playedBy(unit.controller, name) : 'the GM';
  const who = unit ? `${player.charAt(0).toUpperCase()}${player.slice(1)} suggests` : 'A suggestion';
  return { who, text, accepting: `Accepting ${proposalWords(p.data.proposal, state, text)}.` };
}
