// A ruleset's words and data that name a hidden unit, as a player reads them: a unit's own decision stays
// answerable with neutral words; data values naming the unit go, in the state and in the log alike.
import { describe, expect, it } from 'vitest';
import { newEncounter } from './apply.ts';
import type { GameEvent, LoggedEvent } from './events.ts';
import type { EncounterState, Pending, Unit } from './types.ts';
import { NEUTRAL_UNIT_PROMPT } from './view-mentions.ts';
import { introducedItems, viewLog, viewState } from './view.ts';

const p1 = { role: 'player' as const, player: 'p1' };

const unit = (id: string, name: string, side: string, over: Partial<Unit> = {}): Unit => ({
  id, name, side, status: 'active', stats: {}, pools: { hp: { value: 10, max: 10 } }, data: {}, ...over,
});

/** Kara (p1) against the Brute; the Sneak (hidden) on the Brute's side. */
function encounter(over: (s: EncounterState) => void = () => {}): EncounterState {
  const units = {
    kara: unit('kara', 'Kara', 'a', { controller: 'p1' }),
    brute: unit('brute', 'Brute', 'b'),
    sneak: unit('sneak', 'Sneak', 'b', { hidden: true }),
  };
  const s = newEncounter({ ruleset: 'toy', name: 'mentions', units, unitOrder: Object.keys(units), sides: ['a', 'b'] });
  s.data.projectiles = [];
  over(s);
  return s;
}

/** Kara's reaction to a javelin: its prompt names the Sneak, one option and its data too. */
const reaction: Pending = {
  id: 'p7', kind: 'reaction', answeredBy: 'kara', prompt: "Block or Evade the Sneak's javelin?",
  options: [{ reaction: 'block' }, { reaction: 'evade', to: [2, 2] }, { reaction: 'counter', target: 'sneak' }],
  data: { projectile: 'pr1', thrower: 'sneak' },
};

const javelins = [{ id: 'pr1', owner: 'sneak', name: 'Javelin' }, { id: 'pr2', owner: 'brute', name: 'Javelin' }];

describe("a player's view of words and data naming a hidden unit", () => {
  it("rewords a unit's own decision and keeps it answerable: its id, kind and the options naming no hidden unit", () => {
    const s = encounter((x) => x.pending.push(reaction));
    const [seen] = viewState(s, p1).pending;
    expect(seen).toEqual({
      id: 'p7', kind: 'reaction', answeredBy: 'kara', prompt: NEUTRAL_UNIT_PROMPT,
      options: [{ reaction: 'block' }, { reaction: 'evade', to: [2, 2] }], data: { projectile: 'pr1' },
    });
    // the GM's view is the rules' own words
    expect(viewState(s, { role: 'gm' }).pending[0]).toBe(reaction);
    // a decision naming no hidden unit is as the rules word it
    const plain = { ...reaction, prompt: 'Block or Evade the javelin?', options: [{ reaction: 'block' }], data: { projectile: 'pr2' } };
    expect(viewState(encounter((x) => x.pending.push(plain)), p1).pending[0]).toEqual(plain);
    // brought into a player's log as its state shows it
    const held = { unit: () => true, effect: () => false, pending: () => false };
    expect(introducedItems(s, held)).toEqual([{ type: 'pending.opened', pending: seen }]);
  });

  it('leaves out data values naming a hidden unit: list items naming it, other values whole', () => {
    // a list of only the hidden unit's items is an empty list, as if they had never been put in it
    expect(viewState(encounter((x) => (x.data.projectiles = [javelins[0]])), p1).data.projectiles).toEqual([]);
    const s = encounter((x) => {
      x.data.projectiles = javelins;
      x.data.weather = 'rain';
      x.units.kara.data = { mount: { unit: 'sneak', state: 'riding' }, grudge: 'the Sneak took my purse', stance: 'guard' };
      x.units.brute.data = { petOf: 'sneak' };
    });
    const v = viewState(s, p1);
    expect(v.data).toEqual({ projectiles: [javelins[1]], weather: 'rain' });
    expect(v.units.kara.data).toEqual({ stance: 'guard' });
    expect(v.units.brute.data).toEqual({});
    expect(JSON.stringify(v)).not.toMatch(/sneak|Sneak/);
    // revealed, the Sneak is named again
    const open = structuredClone(s);
    open.units.sneak.hidden = false;
    expect(viewState(open, p1).data.projectiles).toEqual(javelins);
  });

  it('in the log: the decision shows reworded, its closing without an answer naming the hidden unit, data as the player sees it', () => {
    const events: GameEvent[] = [
      { type: 'encounter.data', key: 'projectiles', value: [javelins[0]] },
      { type: 'encounter.data', key: 'projectiles', value: javelins },
      { type: 'pending.opened', pending: reaction },
      { type: 'pending.closed', id: 'p7', answer: { reaction: 'counter', target: 'sneak' } },
      { type: 'unit.data', unit: 'kara', key: 'mount', value: { unit: 'sneak', state: 'riding' } },
      { type: 'encounter.data', key: 'projectiles', value: [javelins[1]] },
      { type: 'encounter.data', key: 'projectiles', value: [] },
    ];
    const log = [{ type: 'encounter.created', state: encounter() } as GameEvent, ...events].map((e, i) => ({ ...e, seq: i + 1, cmd: `c${i + 1}` }) as LoggedEvent);
    const seen = viewLog(log, p1).slice(1).map(({ seq: _s, cmd: _c, ...e }) => e);
    expect(seen).toEqual([
      // the Sneak's javelin alone: nothing new to the player (withheld); the Brute's joins: the list as it sees it
      { type: 'encounter.data', key: 'projectiles', value: [javelins[1]] },
      { type: 'pending.opened', pending: { ...reaction, prompt: NEUTRAL_UNIT_PROMPT, options: reaction.options.slice(0, 2), data: { projectile: 'pr1' } } },
      { type: 'pending.closed', id: 'p7', answer: null, said: 'Decided' },
      // Kara's mount naming the Sneak: nothing to see; the Sneak's javelin gone: nothing new; then the list empties
      { type: 'encounter.data', key: 'projectiles', value: [] },
    ]);
    expect(JSON.stringify(seen)).not.toMatch(/sneak|Sneak/);
  });
});
