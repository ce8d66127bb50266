/**
 * The readable log: one line per event, worded by the ruleset (describeEvent), with its breakdown kept
 * for the expandable detail. Lines are built incrementally as events arrive, folding a working state so
 * each line names units as they were right after the event.
 */
import { applyEvent, emptyState, describeEvent, fogOn, isBookkeeping, visionWords, linksOf, undoneCommands, type Breakdown, type EncounterState, type LoggedEvent } from '../../../engine/index.ts';
import { rulesetById } from '../../../rulesets/index.ts';
import { linkChangeText } from './links.ts';

export interface LogLine {
  seq: number;
  cmd: string;
  type: string;
  text: string;
  breakdown?: Breakdown;
  /** Every die drawn, for a check or a note with dice. */
  dice?: { sides: number; face: number; label?: string; by?: 'player' | 'gm' }[];
  /** Units the event names, for the filter. */
  units: string[];
  bookkeeping: boolean;
  gmOnly: boolean;
  reason?: string;
  /** A change of who plays a unit: the page names the player (the engine knows players by id only). */
  controller?: { unit: string; player?: string };
}

function unitsOf(e: LoggedEvent): string[] {
  const r = e as unknown as Record<string, unknown>;
  const out = new Set<string>();
  for (const k of ['unit', 'actor', 'target', 'source']) if (typeof r[k] === 'string') out.add(r[k] as string);
  for (const k of ['targets', 'about']) if (Array.isArray(r[k])) for (const t of r[k] as unknown[]) if (typeof t === 'string') out.add(t);
  if (e.type === 'effect.applied') out.add(e.effect.target);
  if (e.type === 'unit.added') out.add(e.unit.id);
  return [...out];
}

/** Folds events into lines; keep one per encounter and feed it each batch in order. */
export class LogBuilder {
  private state: EncounterState = emptyState();
  readonly lines: LogLine[] = [];
  lastSeq = 0;
  /** The last command whose reason a line carries: every event of a GM's override carries it, the log says it once. */
  private reasonSaid?: { cmd: string; reason: string };

  add(events: readonly LoggedEvent[]): void {
    for (const e of events) {
      if (e.seq <= this.lastSeq) continue;
      this.lastSeq = e.seq;
      const ruleset = rulesetById(e.type === 'encounter.created' ? e.state.ruleset : this.state.ruleset);
      // applyEvent changes the state in place: a unit's links are read before
      const oldLinks = e.type === 'unit.data' && e.key === 'links' && this.state.units[e.unit] ? [...linksOf(this.state.units[e.unit])] : [];
      // and whether fog of war was on (a map set that turns it on or off says so)
      const fogWas = e.type === 'map.set' ? fogOn(this.state.map) : undefined;
      if (e.type !== 'undo' && e.type !== 'redo') {
        // a player's projection may lack pools an event touches; a line is still worth showing
        try {
          this.state = applyEvent(this.state, e, ruleset?.appliers);
        } catch {
          /* keep the previous state for naming */
        }
      }
      let text: string;
      try {
        // links (gm.link / gm.unlink) in words rather than as the data they are kept in
        text = e.type === 'unit.data' && e.key === 'links' ? linkChangeText(this.state, e.unit, oldLinks, e.value) : e.type === 'map.set' && fogWas !== fogOn(e.map) ? visionWords(fogOn(e.map)) : describeEvent(e, this.state, ruleset);
        // an undo or redo names the command by what it did, as its first line reads
        if (e.type === 'undo' || e.type === 'redo') {
          const first = this.lines.find((l) => l.cmd === e.command && !l.bookkeeping);
          if (first) text = `${e.type === 'undo' ? 'The GM takes back' : 'The GM puts back'}: ${first.text}`;
        }
      } catch {
        text = 'Something happened at the table';
      }
      const r = e as unknown as Record<string, unknown>;
      let reason = typeof r.reason === 'string' ? r.reason : undefined;
      if (reason !== undefined && this.reasonSaid?.cmd === e.cmd && this.reasonSaid.reason === reason) reason = undefined;
      else if (reason !== undefined) this.reasonSaid = { cmd: e.cmd, reason };
      this.lines.push({
        seq: e.seq,
        cmd: e.cmd,
        type: e.type,
        text,
        ...(e.type === 'check' ? { breakdown: e.breakdown, dice: e.dice } : {}),
        ...(e.type === 'note' && e.dice ? { dice: e.dice } : {}),
        units: unitsOf(e),
        // a GM's override carries its reason: worth a line even where the same event is bookkeeping (a pool set)
        bookkeeping: isBookkeeping(e) && typeof r.reason !== 'string',
        gmOnly: e.visibility === 'gm',
        ...(reason !== undefined ? { reason } : {}),
        ...(e.type === 'unit.controller' ? { controller: { unit: e.unit, ...(e.controller ? { player: e.controller } : {}) } } : {}),
      });
    }
  }
}

/** Commands currently undone, so their lines can be struck through. */
export function undoneSet(events: readonly LoggedEvent[]): Set<string> {
  return undoneCommands(events);
}
