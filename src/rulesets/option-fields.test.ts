// Options carry their facts as typed fields (ActionOption: move, range, area, targets), so the page and
// the policies read data, never a label's words: every option listed in the first rounds of every
// example of every registered ruleset, played by the file's own policies, is checked against the
// command it stands for, the board and — where a label states a cost — the label itself. On the way,
// every narrow question a policy may ask (listing.ts: of, except) must get exactly the full listing's
// options of those types: a ruleset that skips building what was not asked for never skips more.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { RandomStream, streamSource } from '../dice/index.ts';
import { createEngine, currentUnit, listingOf, type ActionOption, type Cell, type EncounterState, type GridMap, type Unit } from '../engine/index.ts';
import { distance } from '../engine/space/grid.ts';
import { policyFor } from '../sim/policies.ts';
import { rulesets } from './index.ts';
import { idsUnderTest } from './under-test.ts';
import { loadText } from './load.ts';

const ROUNDS = 3;
const FIGHTS = 3;

/** A command that moves a unit to a cell or zone of its own choosing (the actor, or a pet on its order). */
const isMove = (o: ActionOption) => ['move', 'backpedal', 'dismount'].includes(o.command.type) || (o.command.type === 'pet' && o.command.order === 'move');
const inside = (area: Cell[], c: Cell | undefined) => c !== undefined && area.some((a) => a.x === c.x && a.y === c.y);

function checkOption(state: EncounterState, actor: Unit, o: ActionOption, where: string): void {
  const c = o.command;
  const at = `${where}: ${o.label}`;
  if (isMove(o)) {
    expect(o.move, `${at}: a move says where it ends and what it costs`).toBeDefined();
    expect(Number.isFinite(o.move!.cost) && o.move!.cost > 0, `${at}: cost ${o.move!.cost}`).toBe(true);
    if (Array.isArray(c.to)) expect(o.move!.to, at).toEqual({ x: c.to[0], y: c.to[1] });
    else expect(state.map?.kind === 'zones' && state.map.zones.includes(o.move!.to as string), `${at}: ends in a zone of the map`).toBe(true);
    // the cost a label states (the page parsed it out of the words until now) is the typed one
    const said = /(\d+(?:\.\d+)?) movement\b/i.exec(o.label);
    if (said) expect(o.move!.cost, at).toBe(Number(said[1]));
  }
  if (typeof c.target === 'string') {
    expect(o.targets?.[0], `${at}: the one aimed at comes first in targets`).toBe(c.target);
  }
  if (o.targets) {
    expect(new Set(o.targets).size, `${at}: no unit twice`).toBe(o.targets.length);
    for (const id of o.targets) expect(state.units[id], `${at}: ${id} is a unit`).toBeDefined();
  }
  if (typeof c.zone === 'string') {
    expect(o.targets?.length, `${at}: a zone's targets`).toBeGreaterThan(0);
    for (const id of o.targets!) expect(state.units[id].zone, at).toBe(c.zone);
  }
  if (o.range !== undefined) {
    expect(Number.isFinite(o.range) && o.range >= 0, `${at}: range ${o.range}`).toBe(true);
    const t = typeof c.target === 'string' ? state.units[c.target] : undefined;
    if (t?.position && actor.position && c.type !== 'pet') expect(distance(actor.position, t.position), `${at}: the target is within range`).toBeLessThanOrEqual(o.range);
  }
  if (o.area) {
    const map = state.map as GridMap;
    expect(o.area.length, at).toBeGreaterThan(0);
    for (const cell of o.area) expect(cell.x >= 0 && cell.y >= 0 && cell.x < map.width && cell.y < map.height, `${at}: (${cell.x}, ${cell.y}) on the map`).toBe(true);
    expect(o.targets?.length, `${at}: an area lists whom it takes`).toBeGreaterThan(0);
    for (const id of o.targets!) expect(inside(o.area, state.units[id].position), `${at}: ${id} stands in the area`).toBe(true);
    // everyone standing inside on the side of the one aimed at is taken too
    const side = state.units[o.targets![0]].side;
    for (const id of state.unitOrder) {
      const u = state.units[id];
      if (u.side === side && u.status === 'active' && inside(o.area, u.position)) expect(o.targets, `${at}: ${u.name} is inside`).toContain(id);
    }
  }
}

describe('listed options carry their move, range, area and targets as data', () => {
  for (const id of idsUnderTest()) {
    const dir = join('examples', id);
    for (const f of readdirSync(dir).filter((x) => x.endsWith('.yaml'))) {
      it(`${id}/${f}: the first ${ROUNDS} rounds' options`, () => {
        const loaded = loadText(readFileSync(join(dir, f), 'utf8'), f);
        if (!loaded.ok) throw new Error(loaded.problems[0].message);
        const engine = createEngine(rulesets[id]);
        const seen = { moves: 0, aimed: 0, areas: 0 };
        for (let fight = 0; fight < FIGHTS; fight++) {
          let state = engine.replay(engine.create(loaded.value.doc));
          const dice = streamSource(RandomStream.stream(7, 2 * fight));
          const choices = RandomStream.stream(7, 2 * fight + 1);
          const pick = (n: number) => choices.nextInt(n);
          let d = engine.decide(state, { type: 'start' }, dice, { inPlace: true });
          for (let n = 0; d.ok && d.state.status === 'active' && d.state.turn.round <= ROUNDS && n < 400; n++) {
            state = d.state;
            const p = state.pending[0];
            const who = p ? (p.answeredBy === 'gm' ? undefined : p.answeredBy) : currentUnit(state)!;
            if (who === undefined) {
              d = engine.decide(state, { type: 'answer', pending: p!.id, choice: p!.options[pick(p!.options.length)] }, dice, { inPlace: true });
              continue;
            }
            const options = engine.legalActions(state, who);
            // a narrow question gets exactly the full listing's options of those types (listing.ts)
            const types = [...new Set(options.map((o) => o.command.type))];
            for (const type of [...types, 'move']) {
              expect(engine.listing(state, who).of(type), `${f}: of('${type}')`).toEqual(options.filter((o) => o.command.type === type));
              expect(engine.listing(state, who).except(type), `${f}: except('${type}')`).toEqual(options.filter((o) => o.command.type !== type));
            }
            for (const o of options) {
              checkOption(state, state.units[who], o, `${f} round ${state.turn.round}`);
              if (o.move) seen.moves++;
              if (o.targets) seen.aimed++;
              if (o.area) seen.areas++;
            }
            const cmd = options.length ? policyFor(engine.ruleset, state, who)(state, who, listingOf(options), pick).command : { type: 'end_turn', actor: who };
            d = engine.decide(state, cmd, dice, { inPlace: true });
          }
          expect(d.ok, `${f}: ${!d.ok && d.rejection.message}`).toBe(true);
        }
        // the fields were there to check: every example lists aimed options, and one with an area spell its areas
        expect(seen.aimed).toBeGreaterThan(0);
        if (/radius/.test(readFileSync(join(dir, f), 'utf8'))) expect(seen.areas).toBeGreaterThan(0);
      }, 60_000);
    }
  }
});
