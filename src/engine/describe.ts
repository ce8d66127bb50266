/**
 * One readable line per event, like a referee narrating: names instead of ids, breakdowns in full.
 * `state` is the state after the event (names of units that just left are still there).
 */
import { renderBreakdown } from './breakdown.ts';
import type { GameEvent } from './events.ts';
import type { Ruleset } from './ruleset.ts';
import type { CombatResult, EncounterState } from './types.ts';

/**
 * Events a reader of the narration does not need: per-turn resets and the ruleset's own bookkeeping.
 * They stay in the log (and in --json); the readable log leaves them out.
 */
export function isBookkeeping(e: GameEvent): boolean {
  return e.type === 'unit.data' || e.type === 'encounter.data' || e.type === 'turn.phase' || (e.type === 'pool.changed' && e.kind === 'set') || e.type === 'effect.changed';
}

/** A field or key in words: 'attackActions' → 'attack actions', 'move_points' → 'move points'. */
export function fieldWords(key: string): string {
  if (key === 'hp') return 'HP';
  return key.replace(/_/g, ' ').replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
}

/** A data value in words for the log: numbers, words and short lists as they are, anything deeper as changed. */
function valueWords(v: unknown): string | undefined {
  if (v === undefined || v === null) return undefined;
  if (typeof v === 'string') return v.replace(/_/g, ' ');
  if (typeof v === 'number') return String(v);
  if (typeof v === 'boolean') return v ? 'yes' : 'no';
  if (Array.isArray(v) && v.length <= 6 && v.every((x) => typeof x === 'string' || typeof x === 'number')) return v.length ? v.join(', ') : 'none';
  return undefined;
}

/** Fog of war turned on or off, in words (gm.vision, docs/fog.md). */
export const visionWords = (on: boolean): string => (on ? 'Fog of war: each player now sees only what their own units see' : 'Fog of war is lifted: players see the whole battlefield');

/** Whether a map has fog of war on. */
export const fogOn = (map: EncounterState['map']): boolean => map?.kind === 'grid' && !!map.vision?.on;

export function describeEvent(e: GameEvent, state: EncounterState, ruleset?: Ruleset): string {
  const own = ruleset?.describe?.(e, state);
  if (own !== undefined) return own;
  const name = (id: string | undefined) => (id === undefined ? '?' : state.units[id]?.name ?? id);
  switch (e.type) {
    case 'encounter.created': return `Encounter "${e.state.name}" (${ruleset?.name ?? e.state.ruleset}) set up with ${e.state.unitOrder.length} units`;
    case 'encounter.started': return 'Combat begins';
    case 'round.started': return `— Round ${e.round} —`;
    case 'round.ended': return `End of round ${e.round}`;
    case 'turn.order': return `Turn order (${e.why}): ${e.order.map((s) => `${name(s.unit)}${s.label !== undefined ? ` ${s.label}` : s.initiative !== undefined ? ` ${s.initiative}` : ''}${s.kind && s.kind !== 'normal' ? ` [${s.kind}]` : ''}`).join(', ')}`;
    case 'turn.started': return `${name(e.unit)}'s turn`;
    case 'turn.ended': return `${name(e.unit)} ends the turn`;
    case 'turn.skipped': return `${name(e.unit)} cannot act (${e.why})`;
    case 'turn.phase': return `${name(e.unit)} enters the ${e.phase} phase`;
    case 'check': {
      const who = e.actor ? `${name(e.actor)}${e.target ? ` → ${name(e.target)}` : ''}: ` : '';
      return `${who}${e.breakdown.label}: ${renderBreakdown(e.breakdown)}`;
    }
    case 'pool.changed': {
      // the rules' own names: its pool's ("Wounds"), its harm's ("wounds", not "damage")
      const pool = ruleset?.keyNames?.[e.pool] ?? fieldWords(e.pool);
      const harm = ruleset?.harm ?? 'damage';
      if (e.kind === 'set') return `${name(e.unit)}'s ${pool} is now ${e.value}${e.rule ? ` [${e.rule}]` : ''}`;
      // healing the pool's top cut short: said as such, not as "heals 0" after a line that said it heals
      const cut = e.kind === 'heal' && e.asked !== undefined && e.asked > e.delta;
      const heal = cut ? (e.delta === 0 ? `is already at full ${pool}: the ${e.asked} healing changes nothing` : `heals ${e.delta} of ${e.asked}, up to full ${pool}`) : `heals ${e.delta}`;
      const verb = e.kind === 'damage' ? `takes ${-e.delta}${e.damageType ? ` ${e.damageType}` : ''} ${harm}` : e.kind === 'heal' ? heal : e.delta < 0 ? `spends ${-e.delta} ${pool}` : `gains ${e.delta} ${pool}`;
      // a value the reader may not know (another side's secret pool) is left out, not shown as "?"
      const now = e.value === undefined || e.value === null ? '' : ` (${pool} ${e.value})`;
      return `${name(e.unit)} ${verb}${e.source && e.kind === 'damage' ? ` from ${name(e.source)}` : e.unseen ? ' from something unseen' : ''}${now}${e.rule ? ` [${e.rule}]` : ''}`;
    }
    case 'pool.max': return `${name(e.unit)}'s maximum ${fieldWords(e.pool)} becomes ${e.max}${e.rule ? ` [${e.rule}]` : ''}`;
    case 'pool.added': return `${name(e.unit)} gains a ${fieldWords(e.pool)} pool (${e.value.value}/${e.value.max})`;
    case 'stat.set': return `${name(e.unit)}'s ${fieldWords(e.stat)} becomes ${e.value}`;
    case 'unit.status': return `${name(e.unit)} is ${e.status === 'active' ? 'back in the fight' : e.status} (${e.cause})${e.rule ? ` [${e.rule}]` : ''}`;
    case 'unit.moved': return `${name(e.unit)} ${e.forced ? `is ${e.forced} to` : 'moves to'} (${e.to.x}, ${e.to.y})${e.cost !== undefined ? `, cost ${e.cost}` : ''}`;
    case 'unit.zone': return `${name(e.unit)} moves to ${e.to.replace(/_/g, ' ')}`;
    case 'unit.faced': return `${name(e.unit)} faces ${e.facing}`;
    case 'unit.elevation': return `${name(e.unit)} is now at elevation ${e.elevation}`;
    case 'unit.data': {
      const v = valueWords(e.value);
      return e.value === undefined ? `${name(e.unit)}'s ${fieldWords(e.key)} is cleared` : `${name(e.unit)}'s ${fieldWords(e.key)} ${v === undefined ? 'changes' : `is now ${v}`}`;
    }
    case 'unit.added': return `${e.unit.name} joins the fight (${e.unit.side})`;
    case 'unit.removed': return `${name(e.unit)} is removed from the fight`;
    case 'unit.side': return `${name(e.unit)} now fights for ${e.side}`;
    // the page words it with the player's name; the engine knows players only by id
    case 'unit.controller': return `${name(e.unit)} is now played by ${e.controller ? 'a player' : 'the GM'}`;
    case 'unit.hidden': return `${name(e.unit)} is ${e.hidden ? 'hidden' : 'revealed'}`;
    case 'encounter.data': {
      const v = valueWords(e.value);
      return e.value === undefined ? `The ${fieldWords(e.key)} are cleared` : `The ${fieldWords(e.key)} ${v === undefined ? 'change' : `are now ${v}`}`;
    }
    case 'map.set': {
      // fog of war turned on or off (gm.vision, docs/fog.md): said so; the sight rows a player's map carries are its own
      const was = fogOn(state.map);
      const now = fogOn(e.map);
      if (was !== now) return visionWords(now);
      return e.map.image ? 'The map art changes' : 'The battlefield changes';
    }
    case 'effect.applied': return e.text ?? `${name(e.effect.target)} gains ${e.effect.name}${e.effect.remaining !== undefined ? `(${e.effect.remaining})` : ''}${e.effect.stacks > 1 ? ` ×${e.effect.stacks}` : ''}${e.effect.source ? ` from ${name(e.effect.source)}` : ''}`;
    case 'effect.changed': {
      const fx = state.effects.find((f) => f.id === e.id);
      const parts = [e.stacks !== undefined ? `${e.stacks} stacks` : '', e.remaining !== undefined ? `${e.remaining} left` : '', e.tier !== undefined ? `tier ${e.tier}` : ''].filter(Boolean);
      return `${fx ? `${name(fx.target)}'s ${fx.name}` : 'An effect'}: ${parts.join(', ') || 'updated'}`;
    }
    case 'effect.removed': return `${e.target ? `${name(e.target)}'s ` : ''}${e.name ?? 'effect'} ends (${e.why})`;
    case 'pending.opened': return `Waiting for ${e.pending.answeredBy === 'gm' ? 'the GM' : name(e.pending.answeredBy)}: ${e.pending.prompt}`;
    case 'pending.closed': return e.said ?? 'Decided';
    case 'combat.ended': return `Combat ends: ${resultText(e.result)} (${e.result.reason})`;
    case 'note': return e.by === 'gm' ? `GM: ${e.text}` : e.text;
    // which command: the page names it by its first line (the engine's line knows only its number)
    case 'undo': return 'The GM takes back a command';
    case 'redo': return 'The GM puts back a command';
    default: return fieldWords(String((e as { type: string }).type).replace(/^[a-z0-9]+:/, '').replace(/\./g, ' '));
  }
}

/**
 * How a fight ended, in words: "victory for heroes", and "defeat, bandits win" — the winner of a defeat
 * is the other side, and "defeat for bandits" would read as if the bandits had lost.
 */
export function resultText(result: CombatResult): string {
  if (!result.winner) return result.outcome;
  return result.outcome === 'victory' ? `victory for ${result.winner}` : `${result.outcome}, ${result.winner} win`;
}
