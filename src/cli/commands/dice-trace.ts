/**
 * `skirmish run --explain-dice`: the dice a scenario's script is asked for, in order — which step drew each,
 * what for (the die's own label), and whether the file's `dice:` gave it or the seed had to. Written for the
 * one counting dice by hand: the d12 Speed checks of mounts and pets, a restart's, a tie's die are all there.
 */
import { dealFrom, scriptedSource, seededSource } from '../../dice/index.ts';
import type { Command, DiceSource, Engine, GameEvent } from '../../engine/index.ts';
import { playFight } from '../../sim/fight.ts';
import { ScriptError } from '../../sim/script.ts';

export interface DrawnDie {
  /** 0 = the start; n = the script's step n (as the file lists them). */
  step: number;
  sides: number;
  label: string;
  value: number;
  /** From the file's `dice:` (else the seed's stream). */
  scripted: boolean;
  /** A card dealt (`ctx.draw`): its name; `sides` is then the cards that were left. */
  card?: string;
}

/** A dice source that writes down every die drawn by the start and the first `steps` commands after it. */
export function traceDice(scripted: DiceSource & { remaining(): number; card(cards: readonly string[], label?: string): number }, seeded: DiceSource, steps: number) {
  const drawn: DrawnDie[] = [];
  let step = 0;
  const source: DiceSource = {
    roll(sides, label) {
      const fromFile = scripted.remaining() > 0;
      const value = fromFile ? scripted.roll(sides, label) : seeded.roll(sides, label);
      if (step <= steps) drawn.push({ step, sides, label: label ?? '', value, scripted: fromFile });
      return value;
    },
    card(cards, label) {
      const fromFile = scripted.remaining() > 0;
      const value = fromFile ? scripted.card(cards, label) : dealFrom(seeded, cards, label);
      if (step <= steps) drawn.push({ step, sides: cards.length, label: label ?? '', value, scripted: fromFile, card: cards[value - 1] });
      return value;
    },
  };
  /** One command of the script is closed (played, refused as expected, or skipped). */
  const next = (): void => {
    step++;
  };
  return { source, drawn, next };
}

const stepWords = (n: number, commands: readonly Command[]): string => {
  if (n === 0) return 'start';
  const c = commands[n - 1] as Command & { actor?: unknown; decisionOf?: unknown };
  const who = typeof c.actor === 'string' ? c.actor : typeof c.decisionOf === 'string' ? `decision of ${c.decisionOf}` : '';
  return `step ${n} (${c.type}${who ? ` ${who}` : ''})`;
};

/** The list in words, one die a line, then what comes after the script. */
export function explainDice(drawn: readonly DrawnDie[], commands: readonly Command[], fileDice: number): string[] {
  const out = [`Dice the scenario asks for, in order (the start and ${commands.length} scripted step${commands.length === 1 ? '' : 's'}):`];
  let fromFile = 0;
  drawn.forEach((d, i) => {
    const source = d.scripted ? `the file's dice #${++fromFile}` : 'the seed (the file\'s dice ran out)';
    const what = d.card !== undefined ? `a card, ${d.label || 'unnamed'} — ${stepWords(d.step, commands)} — ${d.card}` : `d${d.sides} ${d.label || 'unnamed'} — ${stepWords(d.step, commands)} — ${d.value}`;
    out.push(`${String(i + 1).padStart(3)}. ${what}, from ${source}`);
  });
  if (!drawn.length) out.push('  none');
  const unused = fileDice - fromFile;
  out.push(unused > 0 ? `The file gives ${unused} more di${unused === 1 ? 'e' : 'ce'} than the script asks for: the policies that play on take them first.` : 'After the script the policies play on; their dice come from the seed.');
  return out;
}

/**
 * Play the start and the script with every die written down (the policies play on after it, unlisted, as
 * `run` would), and say them. `disagreement`: the script and the fight disagreed (the run's exit 3).
 */
export function explainScenario(engine: Engine, created: readonly GameEvent[], s: { commands: Command[]; dice: (number | string)[]; seed: number | string; maxRounds: number }): { lines: string[]; disagreement?: string } {
  const trace = traceDice(scriptedSource(s.dice), seededSource(s.seed, 0), s.commands.length);
  const choices = seededSource(s.seed, 1);
  // each callback closes one command: the start first, then the script's steps
  const closed = () => trace.next();
  let disagreement: string | undefined;
  try {
    playFight(engine, created, { dice: trace.source, pick: (n) => choices.roll(n) - 1, commands: s.commands, maxRounds: s.maxRounds, keepLog: true, onEvents: closed, onRefused: closed, onSkipped: closed });
  } catch (err) {
    if (!(err instanceof ScriptError)) throw err;
    disagreement = err.message;
  }
  return { lines: explainDice(trace.drawn, s.commands, s.dice.length), ...(disagreement ? { disagreement } : {}) };
}
