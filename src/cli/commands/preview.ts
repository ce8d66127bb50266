/**
 * `skirmish preview <scenario>`: the exact odds of the scenario's last command, as the table page shows
 * them (src/engine/odds.ts), with every command before it played first on the scenario's dice. Nothing
 * is rolled for the previewed command. `--json` prints what the server's preview endpoint sends.
 */
import { createEngine, hitBars, isRejection, oddsLines, pct, type Command, type EncounterState } from '../../engine/index.ts';
import { previewJson } from '../../server/projection.ts';
import { diceFor } from '../../sim/runner.ts';
import { table } from '../../sim/format.ts';
import { CliExit } from '../exit.ts';
import { loadFile } from '../files.ts';
import type { AddCommand } from './index.ts';

/** The option's label when the command is one `legalActions` lists, else the command as written. */
function labelOf(engine: ReturnType<typeof createEngine>, state: EncounterState, cmd: Command): string {
  const who = typeof cmd.actor === 'string' ? cmd.actor : undefined;
  const same = (o: { command: Command }) => JSON.stringify(o.command) === JSON.stringify(cmd);
  const option = who ? engine.legalActions(state, who).find(same) : undefined;
  const actor = who ? state.units[who]?.name ?? who : undefined;
  return option ? `${actor}: ${option.label}` : JSON.stringify(cmd);
}

export const addPreview: AddCommand = (program) => {
  program
    .command('preview')
    .description("the exact odds of a scenario's last command (its commands before it played first), as the table page shows them")
    .argument('<scenario>', 'a scenario file: an encounter, its dice and commands; the last command is the one previewed')
    .option('--seed <seed>', "seed for dice the scenario does not script (default: the scenario's, else 1)")
    .option('--json', 'print the odds as the server sends them (damage as [value, chance] pairs)')
    .action((file: string, opts: { seed?: string; json?: boolean }) => {
      const loaded = loadFile(file);
      const next = loaded.commands.at(-1);
      if (!next) throw new CliExit(2, `skirmish: ${file} has no commands: the last command of a scenario is the one previewed`);
      const seed = opts.seed !== undefined ? (/^-?\d+$/.test(opts.seed) ? Number(opts.seed) : opts.seed) : loaded.seed ?? 1;
      const engine = createEngine(loaded.ruleset);
      const dice = diceFor({ ruleset: loaded.ruleset.id, doc: loaded.doc, seed, maxRounds: 1, policies: {}, ...(loaded.dice ? { dice: loaded.dice } : {}) }, 0);
      let state = engine.replay(engine.create(loaded.doc));
      const before = [{ type: 'start' } as Command, ...loaded.commands.slice(0, -1)];
      before.forEach((cmd, i) => {
        const d = engine.decide(state, cmd, dice);
        if (!d.ok) throw new CliExit(2, `skirmish: ${file}: ${i === 0 ? 'the start' : `command ${i} (${JSON.stringify(cmd)})`} was refused: ${d.rejection.code}: ${d.rejection.message}`);
        state = d.state;
      });
      const p = engine.preview(state, next);
      if (isRejection(p)) throw new CliExit(2, `skirmish: ${file}: no odds for its last command (${JSON.stringify(next)}): ${p.code}: ${p.message}`);
      const json = previewJson(p);
      if (opts.json) {
        process.stdout.write(JSON.stringify({ command: next, round: state.turn.round, preview: json }, null, 2) + '\n');
        return;
      }
      const played = loaded.commands.length - 1;
      const out = [`${labelOf(engine, state, next)}  (round ${state.turn.round}, after the scenario's ${played ? `${played} command${played === 1 ? '' : 's'}` : 'start'})`];
      const lines = oddsLines(json);
      out.push(lines.length ? table(lines) : 'No roll involved.');
      if (json.why) out.push(json.why);
      for (const a of (json.affected ?? []).slice(1)) out.push(`also ${state.units[a.unit]?.name ?? a.unit}: ${oddsLines(a).map(([k, v]) => `${k.toLowerCase()} ${v}`).join(', ') || 'affected'}${a.note ? ` (${a.note})` : ''}`);
      if (json.risk) out.push(`risk: ${json.risk}`);
      const bars = json.damage ? hitBars(json.damage.pmf) : undefined;
      if (bars) {
        const top = Math.max(...bars.map(([, c]) => c));
        out.push('', 'damage on a hit (share of all outcomes)');
        const w = Math.max(...bars.map(([v]) => String(v).length));
        for (const [v, c] of bars) out.push(`  ${String(v).padStart(w)} │${'█'.repeat(Math.round((c / top) * 30)).padEnd(30)} ${pct(c).padStart(6)}`);
      }
      for (const n of json.notes ?? []) out.push(`note: ${n}`);
      process.stdout.write(out.join('\n') + '\n');
    });
};
