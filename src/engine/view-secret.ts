/**
 * Ruleset state no player receives (`Ruleset.secret`): the decks whose cards left are secret, encounter
 * data keys, and unit data keys a player sees only on its own side's units. A secret deck's list of
 * cards left is dropped from the state and its changes from the log, and so is every draw from it in a
 * check's or note's dice: a draw's place among the cards left and their count say what is still in the
 * deck (and so what a hidden hand holds). The card's name reaches players only where the rules tell it.
 */
import { deckCardsKey, deckKey } from './deck.ts';
import type { DieDraw, LoggedEvent } from './events.ts';
import type { Ruleset } from './ruleset.ts';
import type { Json, Unit } from './types.ts';
import type { ViewRules } from './view-seen.ts';

/** The view rules a ruleset's `secret` adds: secret data keys (its decks' among them), secret decks, and unit data folded into `projectData`. */
export function secretRulesOf(ruleset: Ruleset): Pick<ViewRules, 'secretData' | 'secretDecks' | 'projectData'> {
  const s = ruleset.secret;
  const own = ruleset.projectData ? (d: Record<string, Json>, u: Unit) => ruleset.projectData!(d, u) : undefined;
  if (!s) return own ? { projectData: own } : {};
  const out: Pick<ViewRules, 'secretData' | 'secretDecks' | 'projectData'> = {};
  const decks = s.decks ?? [];
  // a secret deck's make-up too: no player needs it in the state (the player asked is offered it), and it
  // names every card, a hidden hand's among them
  const data = [...(s.data ?? []), ...decks.flatMap((d) => [deckKey(d), deckCardsKey(d)])];
  if (data.length) out.secretData = data;
  if (decks.length) out.secretDecks = [...decks];
  const keys = s.unitData ?? [];
  if (keys.length) {
    out.projectData = (d, u) => {
      const base = own ? own(d, u) : d;
      if (!keys.some((k) => Object.hasOwn(base, k))) return base;
      const kept = { ...base };
      for (const k of keys) delete kept[k];
      return kept;
    };
  } else if (own) out.projectData = own;
  return out;
}

/** Encounter data without its secret keys (the same object when it holds none). */
export function dataWithoutSecrets<T extends Record<string, Json>>(data: T, rules: ViewRules): T {
  const keys = rules.secretData;
  if (!keys?.some((k) => Object.hasOwn(data, k))) return data;
  const out = { ...data };
  for (const k of keys) delete out[k];
  return out;
}

const secretDraw = (rules: ViewRules) => (d: DieDraw) => d.deck !== undefined && !!rules.secretDecks?.includes(d.deck);

/**
 * An event as a player may have it as far as secret state goes: a change to secret data withheld, draws
 * from a secret deck taken out of its dice; the event itself when nothing in it is secret.
 */
export function eventWithoutSecrets(e: LoggedEvent, rules: ViewRules): LoggedEvent | undefined {
  if (!rules.secretData && !rules.secretDecks) return e;
  if (e.type === 'encounter.data') return rules.secretData?.includes(e.key) ? undefined : e;
  if ((e.type === 'check' || e.type === 'note') && e.dice?.some(secretDraw(rules))) {
    return { ...e, dice: e.dice.filter((d) => !secretDraw(rules)(d)) } as LoggedEvent;
  }
  return e;
}
