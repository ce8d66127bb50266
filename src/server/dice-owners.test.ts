// Whose physical dice (pending-dice.ts): each die belongs to the unit it is rolled for. A player rolls its own
// units' dice, attacking and defending; the GM's units' dice are the GM's (here: the server's), even inside the
// player's own check (frontline's Dodge roll, duel60's defence d60); outerah's resist check is the defender's own.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { duel as outerahDuel } from '../rulesets/outerah/fixtures.ts';
import { command, load, testTable, type TestTable } from './testing.ts';

let t: TestTable;
beforeAll(async () => {
  t = await testTable({ testDiceSeed: 'dice-owners' });
  await t.gm.call('PATCH', `/api/tables/${t.tableId}/settings`, { physicalDice: 'off', players: { p1: 'required' } });
});
afterAll(() => t.close());

interface Ask { unitName: string; for: string; die: string }
interface Die { sides: number; face: number; label?: string; by?: string }

/**
 * Send `cmd` as `sender` and answer every die p1 is asked with `face` (a die p1 is asked must be for one of
 * `p1Units`), until the command is committed. Returns the asks, in order.
 */
async function play(enc: string, sender: 'gm' | 'p1', cmd: Record<string, unknown>, face: (a: Ask) => number): Promise<Ask[]> {
  const sent = await command(t[sender], enc, cmd);
  expect(sent.status, sent.text).toBeLessThan(300);
  const asks: Ask[] = [];
  let roll = sent.status === 202 ? sent.body.roll : undefined;
  while (roll) {
    // the sender may be the GM: p1 sees the same roll, and it is p1's to answer
    const a = roll.asks[0] as Ask;
    asks.push(a);
    const r = await t.p1.post(`/api/encounters/${enc}/dice`, { roll: roll.id, faces: [face(a)] });
    expect(r.status, r.text).toBe(200);
    roll = r.body.roll ?? undefined;
    if (!roll) expect(r.body).toMatchObject({ done: true });
  }
  return asks;
}

/** The logged checks (as the GM reads them) from `from` on, with their dice. */
async function checks(enc: string, from = 0): Promise<{ actor?: string; target?: string; dice: Die[]; breakdown: { label: string } }[]> {
  const events = (await t.gm.get(`/api/encounters/${enc}/events`)).body.events as { seq: number; type: string; actor?: string; target?: string; dice?: Die[]; breakdown: { label: string } }[];
  return events.filter((e) => e.seq > from && e.type === 'check' && e.dice?.length) as any;
}
const versionOf = async (enc: string) => (await t.gm.get(`/api/encounters/${enc}`)).body.encounter.version as number;

describe('frontline: the Dodge roll is the target\'s die', () => {
  const vault = (first: 'bram' | 'golem') => `
ruleset: frontline
name: Vault
sides:
  crew: { players: true }
  guardians: {}
content:
  weapons:
    - { id: axe, name: Axe, damage: 1d8, type: kinetic, reach: melee }
    - { id: slam, name: Slam, damage: 1d8, type: kinetic, reach: melee }
units:
  - { id: bram, name: Bram, side: crew, controller: p1, start: frontline, hp: 26, defense: 2, modifiers: { might: 3, dexterity: 2, personality: ${first === 'bram' ? 30 : -30}, dodge: 1 }, weapons: [axe] }
  - { id: golem, name: Slag Golem, side: guardians, start: frontline, hp: 40, defense: 2, modifiers: { might: 2, dexterity: 0, personality: 0, dodge: 5 }, weapons: [slam] }
`;
  /** Loaded and started; the GM types both initiative dice (d20 + Personality ±30 settles who goes first). */
  async function started(first: 'bram' | 'golem'): Promise<string> {
    const enc = await load(t, { text: vault(first) });
    const s = await command(t.gm, enc, { type: 'start' }, { dice: [10, 10] });
    expect(s.status, s.text).toBe(200);
    expect((await t.gm.get(`/api/encounters/${enc}`)).body.activeUnit).toBe(first);
    return enc;
  }

  it('FRL-ATK-1: Bram\'s player rolls Bram\'s attack die; the golem\'s Dodge roll is the server\'s, not asked of the player', async () => {
    const enc = await started('bram');
    const from = await versionOf(enc);
    const asks = await play(enc, 'p1', { type: 'attack', actor: 'bram', target: 'golem', weapon: 'axe' }, (a) => (a.for.startsWith('attack roll') ? 20 : 4));
    // a natural 20 hits whatever the golem's Dodge, so the Axe's damage die is Bram's to roll next
    expect(asks.map((a) => `${a.unitName}: ${a.for}, ${a.die}`)).toEqual(['Bram: attack roll, d20', 'Bram: damage roll, 1d8']);
    const attack = (await checks(enc, from)).find((c) => c.breakdown.label.startsWith('attack roll'))!;
    expect(attack.dice.map((d) => [d.label, d.face, d.by])).toEqual([
      ['attack roll', 20, 'player'],
      ['Dodge roll Slag Golem', expect.any(Number), undefined],
    ]);
  });

  it('FRL-ATK-1: the golem attacks Bram: the GM\'s command waits for Bram\'s Dodge roll, which his player types', async () => {
    const enc = await started('golem');
    const from = await versionOf(enc);
    const asks = await play(enc, 'gm', { type: 'attack', actor: 'golem', target: 'bram', weapon: 'slam' }, () => 17);
    expect(asks.map((a) => `${a.unitName}: ${a.for}, ${a.die}`)).toEqual(['Bram: Dodge roll, d20']);
    const attack = (await checks(enc, from)).find((c) => c.breakdown.label.startsWith('attack roll'))!;
    expect(attack.dice.map((d) => [d.label, d.face, d.by])).toEqual([
      ['attack roll', expect.any(Number), undefined],
      ['Dodge roll Bram', 17, 'player'],
    ]);
  });
});

describe('duel60: each side of a contest rolls its own d60', () => {
  // Kaela (p1) and Orrin (the GM's) stand face to face; Speed decides who acts first (D60-INIT-1), no dice
  const ring = (first: 'kaela' | 'orrin') => `
ruleset: duel60
name: Ring
map: { width: 6, height: 4 }
content:
  weapons:
    - { id: longsword, name: Longsword, damage: 11, type: pierce, stamina: 2 }
units:
  - { id: kaela, name: Kaela, side: blades, controller: p1, at: [2, 1], stats: { strength: 28, endurance: 22, agility: 24, speed: ${first === 'kaela' ? 34 : 10}, stamina: 12, control: 0, vitality: 12, health: 46 }, weapons: [longsword] }
  - { id: orrin, name: Orrin, side: fists, at: [3, 1], stats: { strength: 36, endurance: 26, agility: 18, speed: 26, stamina: 14, control: 0, vitality: 14, health: 52 } }
`;
  async function started(first: 'kaela' | 'orrin'): Promise<string> {
    const enc = await load(t, { text: ring(first) });
    const s = await command(t.gm, enc, { type: 'start' });
    expect(s.status, s.text).toBe(200);
    expect((await t.gm.get(`/api/encounters/${enc}`)).body.activeUnit).toBe(first);
    return enc;
  }
  const attackOf = async (enc: string, unit: string, c = t.gm) =>
    ((await c.get(`/api/encounters/${enc}/actions?unit=${unit}`)).body.actions as { command: Record<string, unknown> }[]).find((a) => a.command.type === 'attack')!.command;

  it('D60-HIT-1: Kaela\'s player rolls her attack d60; Orrin\'s defence d60 is not asked of her', async () => {
    const enc = await started('kaela');
    const from = await versionOf(enc);
    const asks = await play(enc, 'p1', await attackOf(enc, 'kaela', t.p1), () => 30);
    expect(asks.length).toBeGreaterThan(0);
    expect(asks.map((a) => `${a.unitName}: ${a.for}, ${a.die}`)).toEqual(asks.map(() => expect.stringMatching(/^Kaela: .+ attack, d60$/)));
    const contest = (await checks(enc, from))[0];
    expect(contest.dice.map((d) => [d.label?.replace(/^.*: /, ''), d.by])).toEqual([
      ['attack', 'player'],
      ['defence', undefined],
    ]);
  });

  it('D60-HIT-1: Orrin attacks Kaela: every defence d60 of hers is her player\'s; his attack dice are not', async () => {
    const enc = await started('orrin');
    const from = await versionOf(enc);
    const asks = await play(enc, 'gm', await attackOf(enc, 'orrin'), () => 41);
    // one contest a limb: Kaela is asked her defence die for each, and nothing else
    expect(asks.length).toBeGreaterThan(0);
    expect(asks.map((a) => `${a.unitName}: ${a.for}, ${a.die}`)).toEqual(asks.map(() => expect.stringMatching(/^Kaela: .+ defence, d60$/)));
    const contests = (await checks(enc, from)).filter((c) => c.dice.some((d) => d.label?.endsWith('defence')));
    expect(contests.length).toBe(asks.length);
    for (const c of contests) {
      expect(c.dice.map((d) => [d.label?.replace(/^.*: /, ''), d.face === 41 ? 41 : 'server', d.by])).toEqual([
        ['attack', 'server', undefined],
        ['defence', 41, 'player'],
      ]);
    }
  });
});

describe('outerah: a resist check is the defender\'s die', () => {
  // Hero (p1) and Foe (the GM's) both know Venom; Foe's Charisma 100 makes its hit certain:
  // 50 + 100 − Agility 20 − head-on 10 = 120 ≥ any D100 (OUT-HIT-1)
  const doc = JSON.stringify(outerahDuel({ hero: { controller: 'p1', skills: ['poison'] }, foe: { skills: ['poison'], stats: { strength: 10, vitality: 10, agility: 20, charisma: 100, intelligence: 20, wisdom: 10 } } }));
  async function started(dice: number[]): Promise<string> {
    const enc = await load(t, { text: doc });
    const s = await command(t.gm, enc, { type: 'start' }, { dice });
    expect(s.status, s.text).toBe(200);
    return enc;
  }

  it('OUT-EFF-3: Hero\'s player rolls Hero\'s critical and hit checks; Foe\'s resist roll is not asked of the player', async () => {
    const enc = await started([5, 1]);
    expect((await t.gm.get(`/api/encounters/${enc}`)).body.activeUnit).toBe('hero');
    const from = await versionOf(enc);
    // crit D100(50) > 5: none; hit D100(30) ≤ 50 + Charisma 30 − Agility 20 − head-on 10 = 50: a hit, so Foe resists
    const asks = await play(enc, 'p1', { type: 'cast', actor: 'hero', skill: 'poison', target: 'foe' }, (a) => (a.for === 'critical check' ? 50 : 30));
    expect(asks.map((a) => `${a.unitName}: ${a.for}, ${a.die}`)).toEqual(['Hero: critical check, d100', 'Hero: hit check, d100']);
    const resist = (await checks(enc, from)).find((c) => c.breakdown.label.startsWith('resist'))!;
    expect(resist.actor).toBe('foe');
    expect(resist.dice[0].by).toBeUndefined();
  });

  it('OUT-EFF-3: Foe\'s Venom on Hero: the GM\'s command waits for Hero\'s resist roll, typed by the player', async () => {
    const enc = await started([1, 12]);
    expect((await t.gm.get(`/api/encounters/${enc}`)).body.activeUnit).toBe('foe');
    const from = await versionOf(enc);
    const asks = await play(enc, 'gm', { type: 'cast', actor: 'foe', skill: 'poison', target: 'hero' }, () => 95);
    expect(asks.map((a) => `${a.unitName}: ${a.for}, ${a.die}`)).toEqual(['Hero: resist Poison, d100']);
    const resist = (await checks(enc, from)).find((c) => c.breakdown.label.startsWith('resist'))!;
    // D100(95) + Vitality 20 = 115 > 100: resisted
    expect(resist.dice).toEqual([{ sides: 100, face: 95, label: 'resist Poison', by: 'player' }]);
    expect((await t.gm.get(`/api/encounters/${enc}`)).body.state.effects).toEqual([]);
  });
});
