/**
 * A Resolution is the working space of one `decide`: a draft of the state, the events emitted so far
 * (each applied to the draft at once, so later rules see earlier results), and the dice drawn,
 * recorded so every die lands in an event and replay needs no randomness.
 *
 * When no log is kept (`logging` false: bulk simulation), its own changers (changePool, setData,
 * applyEffect...) write the draft directly and step the version as their event would have: no event is
 * built, none kept — except the kinds `keep` names (what the simulator's tally reads). The ruleset calls
 * the same methods either way; events it builds itself go through `emit` as always.
 */
import { dealFrom, type DiceSource } from '../dice/source.ts';
import { compileDice, rollDice, type DiceExpr } from '../dice/index.ts';
import { addEffect, addPending, applyEvent, dropEffect, dropPending, type Appliers } from './apply.ts';
import { cloneValue } from './clone.ts';
import { ownData } from './fork.ts';
import { unitDataWritten } from './data-watch.ts';
import { ALL_KINDS, keptKinds, type KeptKinds } from './kept.ts';
import { cardsLeft, deckCards, deckCardsKey, deckKey } from './deck.ts';
import type { Breakdown, Term } from './breakdown.ts';
import type { DieDraw, GameEvent } from './events.ts';
import { ownPool, ownUnit } from './own.ts';
import { fail } from './rejection.ts';
import { zoneDistance } from './space/zones.ts';
import type { EncounterState, Effect, EffectClock, Json, Pending, Unit, UnitId } from './types.ts';

export class Resolution {
  /** The events built so far, in order (the turn flow's records not built are placed in it when `events` is read). */
  private readonly built: GameEvent[] = [];
  /**
   * The turn flow's turn records written without their event (unlogged, not kept): four entries each —
   * where it stands in `built`, its kind (0 started, 1 skipped, 2 ended), the unit, its slot or why —
   * placed in `events` as the events they would have been only if someone reads them (duel60 looks back
   * for a skipped turn; the GM's commands read what they added). Made on first use.
   */
  private unplaced: (number | string)[] | undefined;

  /** The events emitted so far, in order: every change's event when logged; unlogged, what was built and the turn flow's records. */
  get events(): GameEvent[] {
    if (this.unplaced !== undefined && this.unplaced.length !== 0) this.place();
    return this.built;
  }

  /** The events built, without the turn flow's records that were not (what an unlogged decide returns). */
  get builtEvents(): GameEvent[] {
    return this.built;
  }
  private draws: DieDraw[] = [];
  /** Set by a ruleset when the acting unit's turn is over; the flow then moves to the next turn. */
  turnOver = false;
  /**
   * The version at which the ruleset's outcome last found the fight undecided (flow.ts checkOutcome):
   * it is not asked again until something other than the turn flow's own records has changed.
   */
  undecidedAt = -1;

  constructor(
    /** The draft: mutated by every emitted event. */
    public state: EncounterState,
    private readonly source: DiceSource,
    private readonly appliers?: Appliers,
    /**
     * Checks and notes are built and kept. False in bulk simulation, where no one reads them: they
     * only step the version then (a breakdown given as a function is never built). Rulesets do not
     * branch on it: `check` and `note` do.
     */
    readonly logging = true,
    /**
     * When not logging: the event types still built and kept in `events` (the simulator's tally reads
     * `round.started`, `unit.status`...); `pool.changed/damage` keeps only a pool's damage. Absent: none.
     */
    private readonly keep?: ReadonlySet<string>,
  ) {
    this.kept = logging ? ALL_KINDS : keptKinds(keep);
  }

  /** Which of the engine's own changes are built as events (all when logging; else those `keep` names), as flags. */
  readonly kept: KeptKinds;

  /** Whether a change of this type is made by building and applying its event (always when logging). */
  builds(type: string): boolean {
    return this.logging || (this.keep !== undefined && this.keep.has(type));
  }

  emit(event: GameEvent): void {
    this.state = applyEvent(this.state, event, this.appliers);
    this.built.push(event);
    // a ruleset's own applier may do anything: the unit found last is looked up again
    if (event.type !== 'pool.changed' && event.type !== 'unit.status') this.lastId = undefined;
  }

  /**
   * A turn begun (kind 0, `detail` its slot), skipped (1, `detail` why) or ended (2) by the turn flow
   * (flow.ts): its event when logged or kept, else the turn written directly — what the event's applier
   * does — and the record kept for whoever reads `events`. The version steps once either way.
   */
  turnRecord(kind: 0 | 1 | 2, unit: UnitId, detail: number | string): void {
    const kept = this.kept;
    if (kind === 0 ? kept.turnStarted : kind === 1 ? kept.turnSkipped : kept.turnEnded) {
      return this.emit(kind === 0 ? { type: 'turn.started', unit, index: detail as number } : kind === 1 ? { type: 'turn.skipped', unit, why: detail as string } : { type: 'turn.ended', unit });
    }
    const turn = this.state.turn;
    if (kind === 0) turn.index = detail as number;
    if (kind !== 1) turn.phase = undefined;
    this.state.version++;
    (this.unplaced ??= []).push(this.built.length, kind, unit, detail);
  }

  /** The turn flow's records put in `built` where they happened, as their events. */
  private place(): void {
    const u = this.unplaced!;
    for (let i = 0, shift = 0; i < u.length; i += 4, shift++) {
      const kind = u[i + 1];
      const unit = u[i + 2] as UnitId;
      const e: GameEvent = kind === 0 ? { type: 'turn.started', unit, index: u[i + 3] as number } : kind === 1 ? { type: 'turn.skipped', unit, why: u[i + 3] as string } : { type: 'turn.ended', unit };
      this.built.splice((u[i] as number) + shift, 0, e);
    }
    u.length = 0;
  }

  // ---- dice ----

  /**
   * Draw one die and remember it for the next `check`. `roller`: the unit whose die it is, when not the
   * check's actor (a defender's die in the attacker's check), so physical dice are asked of its player.
   */
  roll(sides: number, label?: string, roller?: UnitId): number {
    const face = roller === undefined ? this.source.roll(sides, label) : this.source.roll(sides, label, roller);
    if (!Number.isInteger(face) || face < 1 || face > sides) {
      fail('dice/bad_face', `a d${sides} cannot show ${face}${label ? ` (${label})` : ''}`);
    }
    this.draws.push(label === undefined ? { sides, face } : { sides, face, label });
    return face;
  }

  /**
   * Deal the top card of `deck` (deck.ts): the source says which of the cards left it is; it is recorded
   * for the next `check` like a die (with its name) and leaves the deck. `roller`: the unit it is dealt
   * to, when not the check's actor, so physical cards are asked of its player. Fails `deck/empty`.
   */
  draw(deck: string, label?: string, roller?: UnitId): string {
    const left = cardsLeft(this.state.data, deck);
    if (!left.length) fail('deck/empty', `the ${deck} deck has no cards left${label ? ` (${label})` : ''}`);
    const place = dealFrom(this.source, left, label, roller, deckCards(this.state.data, deck));
    if (!Number.isInteger(place) || place < 1 || place > left.length) fail('dice/bad_face', `there is no card ${place} among the ${left.length} left in the ${deck} deck`);
    const card = left[place - 1];
    const d: DieDraw = { sides: left.length, face: place, card, deck };
    if (label !== undefined) d.label = label;
    this.draws.push(d);
    this.setEncounterData(deckKey(deck), left.filter((_, i) => i !== place - 1));
    return card;
  }

  /** Put every one of `cards` in `deck`, in that order (the order a draw counts places in): a fresh shuffle. */
  shuffle(deck: string, cards: readonly string[]): void {
    this.setEncounterData(deckKey(deck), [...cards]);
    // the deck's make-up, what "which card?" offers at the table: recorded once, not every shuffle
    const known = deckCards(this.state.data, deck);
    if (known.length !== cards.length || known.some((c, i) => c !== cards[i])) this.setEncounterData(deckCardsKey(deck), [...cards]);
  }

  /** Roll several dice of one size; returns the faces. */
  rollMany(count: number, sides: number, label?: string): number[] {
    const faces: number[] = [];
    for (let i = 0; i < count; i++) faces.push(this.roll(sides, label));
    return faces;
  }

  /** Roll a dice expression (notation) through the recorded source; returns total and a dice term. */
  rollNotation(expr: string | DiceExpr, label: string): { total: number; term: Term } {
    const recorder = new Recorder(this, label);
    const compiled = compileDice(expr);
    if (isPlainSum(compiled.expr)) {
      // dice without modifiers, added up: every face counts, so the term is the faces drawn and the
      // total — the same term rollDice gives, without building its per-die records and text
      const from = this.draws.length;
      const total = compiled.total(recorder);
      const faces: number[] = [];
      for (let i = from; i < this.draws.length; i++) faces.push(this.draws[i].face);
      return { total, term: { kind: 'dice', label: compiled.notation, faces, value: total } };
    }
    const r = rollDice(expr, recorder);
    const faces = r.dice.map((d) => d.face);
    const dropped = r.dice.flatMap((d, i) => (d.kept ? [] : [i]));
    const t: Term = dropped.length
      ? { kind: 'dice', label: r.notation, faces, dropped, value: r.total }
      : { kind: 'dice', label: r.notation, faces, value: r.total };
    return { total: r.total, term: t };
  }

  /** Roll a dice expression for its total alone, each die recorded as `rollNotation` records it. */
  rollTotal(expr: string | DiceExpr, label: string): number {
    const compiled = compileDice(expr);
    const recorder = new Recorder(this, label);
    return isPlainSum(compiled.expr) ? compiled.total(recorder) : rollDice(expr, recorder).total;
  }

  /** The dice drawn since the last call (they belong to the next recorded resolution). */
  takeDraws(): DieDraw[] {
    const d = this.draws;
    this.draws = [];
    return d;
  }

  /**
   * Record a resolution: its breakdown and the dice drawn for it. Give the breakdown as a function
   * (`ctx.check(() => ({ label, terms, ... }))`) and it is built only when someone keeps the log: in
   * bulk simulation the check is only counted (the version steps as the event would have).
   */
  check(breakdown: Breakdown | (() => Breakdown), actor?: UnitId, target?: UnitId): void {
    if (!this.logging) return this.unlogged();
    const e: GameEvent = { type: 'check', breakdown: typeof breakdown === 'function' ? breakdown() : breakdown, dice: this.takeDraws() };
    if (actor !== undefined) e.actor = actor;
    if (target !== undefined) e.target = target;
    this.emit(e);
  }

  /** In place of a check or note when not logging: the version steps as the event would have, and the dice drawn for it are let go. */
  private unlogged(): void {
    this.state.version++;
    if (this.draws.length) this.draws = [];
  }

  // ---- reading ----

  unit(id: UnitId): Unit {
    // a rule asks for the same unit many times a command (the actor, mostly): the last one found is
    // kept with the units record it came from (a unit object is never replaced in its record: an id
    // is added once, and a record is replaced whole — encounter.created, a copy)
    const units = this.state.units;
    if (id === this.lastId && units === this.lastRecord) return this.lastUnit!;
    const u = ownUnit(units, id);
    if (!u) fail('unit/unknown', `there is no unit "${id}"`, 'unit');
    this.lastId = id;
    this.lastRecord = units;
    this.lastUnit = u;
    return u;
  }

  /** The unit `unit` found last, by its id, in its units record. */
  private lastId: UnitId | undefined;
  private lastRecord: EncounterState['units'] | undefined;
  private lastUnit: Unit | undefined;

  newId(prefix: string): string {
    // effects and pending decisions bump nextId when applied, so ids are stable under replay
    return `${prefix}${this.state.nextId}`;
  }

  // ---- common changes ----

  /** Put a unit in a zone (zone maps); the event carries the metres between the zones, when the map spaces them. */
  moveToZone(unit: UnitId, to: string): void {
    const u = this.unit(unit);
    if (!this.kept.unitZone) {
      u.zone = to;
      this.state.version++;
      return;
    }
    const from = u.zone;
    const map = this.state.map;
    const metres = from !== undefined && map?.kind === 'zones' ? zoneDistance(map, from, to) : undefined;
    const e: GameEvent = { type: 'unit.zone', unit, to };
    if (from !== undefined) e.from = from;
    if (metres !== undefined) e.metres = metres;
    this.emit(e);
  }

  /** Change a pool by `delta`, clamped to [min, max]; returns the amount actually changed. */
  changePool(
    unit: UnitId,
    pool: string,
    delta: number,
    kind: 'damage' | 'heal' | 'spend' | 'gain' | 'set',
    extra?: { source?: UnitId; damageType?: string; rule?: string },
  ): number {
    const p = ownPool(this.unit(unit).pools, pool);
    if (!p) fail('unit/no_pool', `${this.unit(unit).name} has no ${pool}`);
    const min = p.min ?? 0;
    const value = Math.max(min, Math.min(p.max, p.value + delta));
    const real = value - p.value;
    if (!this.kept.all && !this.keepsPool(kind)) {
      // what applying the event does (apply.ts), without the event
      p.value = value;
      this.state.version++;
      return real;
    }
    // field by field rather than `...extra`: a spread after fixed fields is a slow path, and every
    // damage and every spent action comes through here
    const e: GameEvent & Record<string, unknown> = { type: 'pool.changed', unit, pool, delta: real, value, kind };
    // kept so a secret pool can be told as dealt, not as what the bounds let through (which gives it away)
    if (real !== delta) e.asked = delta;
    // the caller's fields in its order, as a for-in would copy them, in one native call (none given:
    // no default object is made for every spent action)
    if (extra !== undefined) Object.assign(e, extra);
    this.emit(e);
    return real;
  }

  /** Whether an unlogged pool change of this kind is built. */
  private keepsPool(kind: string): boolean {
    const k = this.kept.pools;
    return k === 2 || (k === 1 && kind === 'damage');
  }

  damage(unit: UnitId, amount: number, extra?: { source?: UnitId; damageType?: string; rule?: string }): number {
    return -this.changePool(unit, 'hp', -Math.max(0, amount), 'damage', extra);
  }

  heal(unit: UnitId, amount: number, extra?: { source?: UnitId; damageType?: string; rule?: string }): number {
    return this.changePool(unit, 'hp', Math.max(0, amount), 'heal', extra);
  }

  /**
   * The phase of `unit`'s turn (phase20's Action and Preparation Phases): a `turn.phase` event, or when
   * no log is kept the turn's phase set directly, as `ctx.emit({ type: 'turn.phase', ... })` would.
   */
  setPhase(unit: UnitId, phase: string): void {
    if (this.kept.turnPhase) return this.emit({ type: 'turn.phase', unit, phase });
    this.state.turn.phase = phase;
    this.state.version++;
  }

  /**
   * A unit's data under `key` (undefined: removed). Unlogged, written directly: a copy of the value
   * (the caller may change its own afterwards), made in one step for a flat one (clone.ts cloneValue).
   * Either way the write says which key it touched (data-watch.ts `unitDataWritten`).
   */
  setData(unit: UnitId, key: string, value: Json | undefined): void {
    if (this.kept.unitData) return this.emit({ type: 'unit.data', unit, key, value });
    const data = ownData(this.unit(unit));
    if (value === undefined) delete data[key];
    else data[key] = cloneValue(value);
    // the rulesets' indexes that read this key are made again (data-watch.ts)
    unitDataWritten(this.state, key);
    this.state.version++;
  }

  /** The encounter's data under `key`; unlogged, written directly as setData writes. */
  setEncounterData(key: string, value: Json | undefined): void {
    if (this.kept.encounterData) return this.emit({ type: 'encounter.data', key, value });
    if (value === undefined) delete this.state.data[key];
    else this.state.data[key] = cloneValue(value);
    this.state.version++;
  }

  /**
   * Put an effect on a unit. `says`: the ruleset's own line for the log (its rule id in it), which then
   * stands in for the engine's "<target> gains <effect>", so the log does not say it twice; a function
   * is called only when the log is kept.
   */
  applyEffect(fx: Omit<Effect, 'id' | 'stacks'> & { stacks?: number }, says?: string | (() => string)): Effect {
    // what `{ ...fx, id, stacks }` makes, key by key: a spread followed by fields is V8's slow path (Node 20:
    // some microseconds an effect, 4-6 % of outerah's trainer-and-knight where every fall starts a countdown)
    const effect = {} as Effect;
    for (const k in fx) (effect as unknown as Record<string, unknown>)[k] = (fx as Record<string, unknown>)[k];
    effect.id = this.newId('fx');
    effect.stacks = fx.stacks ?? 1;
    if (!this.kept.effectApplied) {
      addEffect(this.state, effect);
      this.state.version++;
      return effect;
    }
    if (says !== undefined && this.logging) this.emit({ type: 'effect.applied', effect, text: typeof says === 'string' ? says : says() });
    else this.emit({ type: 'effect.applied', effect });
    return effect;
  }

  removeEffect(id: string, why: 'expired' | 'cleansed' | 'removed' | 'resisted' | 'replaced' | 'ended' = 'removed'): void {
    if (!this.kept.effectRemoved) {
      dropEffect(this.state, id);
      this.state.version++;
      return;
    }
    const fx = this.state.effects.find((f) => f.id === id);
    this.emit(fx ? { type: 'effect.removed', id, why, name: fx.name, target: fx.target } : { type: 'effect.removed', id, why });
  }

  effectsOn(unit: UnitId, name?: string): Effect[] {
    return this.state.effects.filter((f) => f.target === unit && (name === undefined || f.name === name));
  }

  openPending(p: Omit<Pending, 'id'>): Pending {
    const pending: Pending = { ...p, id: this.newId('p') };
    if (!this.kept.pendingOpened) {
      addPending(this.state, pending);
      this.state.version++;
      return pending;
    }
    this.emit({ type: 'pending.opened', pending });
    return pending;
  }

  /** Close a decision that no longer matters (the rules settled it): `said` tells the log why. */
  closePending(id: string, said: string): void {
    if (!this.kept.pendingClosed) {
      dropPending(this.state, id);
      this.state.version++;
      return;
    }
    this.emit({ type: 'pending.closed', id, answer: null, said });
  }

  /**
   * A line for the log; `about` names the units it concerns (a player who cannot see them never gets it).
   * Words that take work to build may come as a function, called only when someone keeps the log.
   */
  note(text: string | (() => string), options: { about?: UnitId[]; visibility?: 'gm'; by?: 'gm' } = {}): void {
    if (!this.logging) return this.unlogged();
    const dice = this.takeDraws();
    const words = typeof text === 'function' ? text() : text;
    const e: GameEvent = dice.length ? { type: 'note', text: words, dice } : { type: 'note', text: words };
    if (options.about?.length) e.about = options.about;
    if (options.visibility) e.visibility = options.visibility;
    if (options.by) e.by = options.by;
    this.emit(e);
  }

  endTurn(): void {
    this.turnOver = true;
  }
}

/** The source rollNotation hands the dice layer: each face goes through Resolution.roll and is recorded. */
class Recorder implements DiceSource {
  constructor(
    private readonly ctx: Resolution,
    private readonly label: string,
  ) {}

  /** Each die is named by what it is rolled for, then the dice it is one of ("attack roll: 1d8"). */
  roll(sides: number, label?: string): number {
    return this.ctx.roll(sides, label && label !== this.label ? `${this.label}: ${label}` : this.label);
  }
}

const plainCache = new WeakMap<DiceExpr, boolean>();

/** Standard or percentile dice without modifiers, numbers, + and − only (e.g. "1d8", "2d6+1"). */
function isPlainSum(e: DiceExpr): boolean {
  let plain = plainCache.get(e);
  if (plain === undefined) {
    plain = plainNode(e);
    plainCache.set(e, plain);
  }
  return plain;
}

function plainNode(e: DiceExpr): boolean {
  switch (e.type) {
    case 'number': return true;
    case 'dice': return e.die.kind !== 'fudge' && e.modifiers.length === 0;
    case 'group': return plainNode(e.expr);
    case 'negate': return plainNode(e.arg);
    case 'binary': return (e.op === '+' || e.op === '-') && plainNode(e.left) && plainNode(e.right);
    default: return false;
  }
}

export type { EffectClock };
