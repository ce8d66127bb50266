// Physical dice the page asks for (pending-dice.ts, dice-answers.ts): one roll at a time, in the rules' words.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { awaitingWords, viewOf, type PendingRoll } from './pending-dice.ts';
import type { Settings } from './schemas.ts';
import { command, load, WsClient, type Client, type TestTable } from './testing.ts';
import { CAVE, diceTable } from './testing/dice-cave.ts';

let t: TestTable;
beforeAll(async () => {
  t = await diceTable('pending-dice');
});
afterAll(() => t.close());

const answer = (c: Client, enc: string, body: Record<string, unknown>) => c.post(`/api/encounters/${enc}/dice`, body);
const dice = async (enc: string) => ((await t.gm.get(`/api/encounters/${enc}/events`)).body.events as { type: string; actor?: string; dice?: { sides: number; face: number; label?: string; by?: string }[] }[]).filter((e) => e.dice?.length);

/** A started fight: the GM's start asks p1 for Kara's initiative, p1 types 12. */
async function started(): Promise<{ enc: string; spear: Record<string, unknown> }> {
  const enc = await load(t, { text: CAVE });
  const start = await command(t.gm, enc, { type: 'start' });
  expect(start.status, start.text).toBe(202);
  expect(start.body.roll.asks).toEqual([{ unitName: 'Kara', for: 'initiative', die: 'd20', sides: 20, count: 1 }]);
  const done = await answer(t.p1, enc, { roll: start.body.roll.id, faces: [12] });
  expect(done.body, done.text).toMatchObject({ done: true });
  const acts = (await t.p1.get(`/api/encounters/${enc}/actions?unit=kara`)).body.actions as { command: Record<string, unknown> }[];
  const spear = acts.find((a) => a.command.type === 'attack' && a.command.target === 'g1')!.command;
  return { enc, spear };
}

describe('physical dice asked one roll at a time', () => {
  it('P20-INIT-1: players roll their own initiative; the server rolls the GM units\' and the log marks whose is whose', async () => {
    const { enc } = await started();
    const init = (await dice(enc)).filter((e) => e.dice![0].label?.startsWith('initiative'));
    // Kara's face is the one p1 typed (12), marked as rolled by the player; the goblin's the server's
    expect(init.find((e) => e.actor === 'kara')!.dice).toEqual([{ sides: 20, face: 12, label: 'initiative Kara', by: 'player' }]);
    expect(init.find((e) => e.actor === 'g1')!.dice![0].by).toBeUndefined();
    const s = (await t.gm.get(`/api/encounters/${enc}`)).body;
    expect(s.activeUnit).toBe('kara'); // 12 + 10 = 22 beats any d20 + 0
  });

  it('P20-ATK-2: the hit check first; a wrong face is refused naming the die; damage is asked only on a hit', async () => {
    const { enc, spear } = await started();
    const sent = await command(t.p1, enc, spear);
    expect(sent.status, sent.text).toBe(202);
    const roll = sent.body.roll;
    expect(roll.asks).toEqual([{ unitName: 'Kara', for: 'hit check', die: 'd20', sides: 20, count: 1 }]);
    expect(roll).toMatchObject({ yours: true, serverMay: false, cancelMay: true });
    // a 21 on a d20: refused, nothing changes
    const before = (await t.gm.get(`/api/encounters/${enc}`)).body.encounter.version;
    const bad = await answer(t.p1, enc, { roll: roll.id, faces: [21] });
    expect(bad.status).toBe(422);
    expect(bad.body.error).toMatchObject({ code: 'dice/bad_face', field: 'faces[0]' });
    expect(bad.body.error.message).toContain('a d20 cannot show 21 (Kara: hit check, d20)');
    expect((await answer(t.p1, enc, { roll: roll.id, faces: [3, 4] })).body.error.code).toBe('dice/wrong_count');
    // while it waits, other commands wait too (the GM's included), and p2 cannot answer for p1
    expect((await command(t.gm, enc, { type: 'end_turn', actor: 'kara' })).body.error.code).toBe('DICE_AWAITED');
    expect((await answer(t.p2, enc, { roll: roll.id, faces: [20] })).status).toBe(403);
    // only the GM may let the server roll a required die
    expect((await answer(t.p1, enc, { roll: roll.id, server: 'these' })).status).toBe(403);
    // 20 + General Skill 1 + Combat 2 = 23 > DV 12: a hit, so the damage die is asked next — the Spear's 1d8,
    // which phase20 calls the attack roll (P20-ATK-3)
    const hit = await answer(t.p1, enc, { roll: roll.id, faces: [20] });
    expect(hit.body.roll.asks, hit.text).toEqual([{ unitName: 'Kara', for: 'attack roll', die: '1d8', sides: 8, count: 1 }]);
    expect(hit.body.roll.rolled).toEqual([{ unitName: 'Kara', for: 'hit check', sides: 20, face: 20, by: 'player' }]);
    const nine = await answer(t.p1, enc, { roll: roll.id, faces: [9] });
    expect(nine.body.error.message).toContain('a d8 cannot show 9 (Kara: attack roll, 1d8)');
    expect((await t.gm.get(`/api/encounters/${enc}`)).body.encounter.version).toBe(before);
    expect((await answer(t.p1, enc, { roll: roll.id, faces: [5] })).body).toMatchObject({ done: true });
    const attack = (await dice(enc)).filter((e) => e.actor === 'kara').slice(1);
    expect(attack.map((e) => e.dice!.map((d) => [d.face, d.by]))).toEqual([[[20, 'player']], [[5, 'player']]]);
    // the goblin took 5 + 3 (strength) = 8 of its 30
    expect((await t.gm.get(`/api/encounters/${enc}`)).body.state.units.g1.pools.hp.value).toBe(22);
  });

  it('P20-ATK-2: on a miss no damage die is asked', async () => {
    const { enc, spear } = await started();
    const roll = (await command(t.p1, enc, spear)).body.roll;
    // 1 + General Skill 1 + Combat 2 = 4, not above DV 12: a miss, the command is done with the one face
    expect((await answer(t.p1, enc, { roll: roll.id, faces: [1] })).body).toMatchObject({ done: true });
    const attack = (await dice(enc)).filter((e) => e.actor === 'kara').slice(1);
    expect(attack.map((e) => e.dice!.map((d) => d.face))).toEqual([[1]]);
  });

  it('the GM lets the server roll a die it asks; the GM and the asked player are told over the live link', async () => {
    const { enc, spear } = await started();
    const gmWs = new WsClient(t.url);
    await gmWs.auth(t.gm.token!);
    await gmWs.request({ type: 'subscribe', encounter: enc });
    const roll = (await command(t.p1, enc, spear)).body.roll;
    const told = await gmWs.next((m) => m.type === 'dice' && m.roll);
    expect(told.roll).toMatchObject({ id: roll.id, yours: true, serverMay: true, asks: [{ unitName: 'Kara', for: 'hit check', die: 'd20' }] });
    const r = await answer(t.gm, enc, { roll: roll.id, server: 'rest' });
    expect(r.body, r.text).toMatchObject({ done: true });
    const cleared = await gmWs.next((m) => m.type === 'dice' && m.roll === null);
    expect(cleared.encounter).toBe(enc);
    gmWs.close();
    // every die of the attack rolled by the server: none marked as typed
    const attack = (await dice(enc)).filter((e) => e.actor === 'kara').slice(1);
    expect(attack.length).toBeGreaterThan(0);
    expect(attack.flatMap((e) => e.dice!).every((d) => d.by === undefined)).toBe(true);
  });

  it('the sender may call the command off: nothing is committed, play goes on', async () => {
    const { enc, spear } = await started();
    const before = (await t.gm.get(`/api/encounters/${enc}`)).body.encounter.version;
    const roll = (await command(t.p1, enc, spear)).body.roll;
    expect((await t.p1.call('DELETE', `/api/encounters/${enc}/dice/${roll.id}`)).body).toEqual({ cancelled: true });
    expect((await answer(t.p1, enc, { roll: roll.id, faces: [4] })).status).toBe(404);
    expect((await t.gm.get(`/api/encounters/${enc}`)).body.encounter.version).toBe(before);
    expect((await command(t.p1, enc, { type: 'end_turn', actor: 'kara' })).status).toBe(200);
  });

  it('a player whose dice are optional may let the server roll its own; faces sent with the command are taken as they are', async () => {
    await t.gm.call('PATCH', `/api/tables/${t.tableId}/settings`, { players: { p1: 'optional' } });
    try {
      const { enc, spear } = await started();
      const roll = (await command(t.p1, enc, spear)).body.roll;
      expect(roll.serverMay).toBe(true);
      const r = await answer(t.p1, enc, { roll: roll.id, server: 'these' });
      expect(r.status, r.text).toBe(200);
      await t.p1.call('DELETE', `/api/encounters/${enc}/dice/${roll.id}`);
      // all faces at once (an API client, the CLI): decided with exactly those, nothing asked
      const all = await command(t.p1, enc, spear, { dice: [20, 4] });
      expect(all.status, all.text).toBe(200);
    } finally {
      await t.gm.call('PATCH', `/api/tables/${t.tableId}/settings`, { players: { p1: 'required' } });
    }
  });
});

describe('a roll told to each page in what it may know', () => {
  // Secretspy Vexa is hidden from the players; p2 plays her and rolls at the table, p1 does not (the server rolls Kara's)
  const SPY = `${CAVE}  - { id: spy, name: Secretspy Vexa, side: heroes, controller: p2, at: [0, 0], hidden: true, hp: 5, dv: 10, modifiers: { initiative: 50 }, weapons: [spear] }\n`;

  it('a hidden unit\'s dice: p2 is asked by name, p1 hears no dice frame and is told "another player\'s dice"', async () => {
    await t.gm.call('PATCH', `/api/tables/${t.tableId}/settings`, { players: { p1: 'off', p2: 'required' } });
    try {
      const enc = await load(t, { text: SPY });
      const sockets = { gm: new WsClient(t.url), p1: new WsClient(t.url), p2: new WsClient(t.url) };
      for (const [who, ws] of Object.entries(sockets)) {
        await ws.auth(t[who as 'gm' | 'p1' | 'p2'].token!);
        await ws.request({ type: 'subscribe', encounter: enc });
      }
      const start = await command(t.gm, enc, { type: 'start' });
      expect(start.body.roll.asks).toEqual([{ unitName: 'Secretspy Vexa', for: 'initiative', die: 'd20', sides: 20, count: 1 }]);
      const toP2 = await sockets.p2.next((m) => m.type === 'dice' && m.roll);
      expect(toP2.roll).toMatchObject({ yours: true, asks: [{ unitName: 'Secretspy Vexa', for: 'initiative' }] });
      // p1 tries to act meanwhile: the roll waits, told without the hidden name
      const p1Tries = await command(t.p1, enc, { type: 'end_turn', actor: 'kara' });
      expect(p1Tries.body.error).toMatchObject({ code: 'DICE_AWAITED', message: "waiting for another player's dice; the GM may let the server roll them or call the command off" });
      // p2, asked, hears its own words; the GM hears whose dice they are
      expect((await command(t.p2, enc, { type: 'end_turn', actor: 'kara' })).body.error.code).toBe('FORBIDDEN');
      expect((await command(t.gm, enc, { type: 'end_turn', actor: 'kara' })).body.error.message).toBe("waiting for Secretspy Vexa's dice (initiative, d20); you may let the server roll them or call the command off");
      expect((await t.p2.post(`/api/encounters/${enc}/dice`, { roll: start.body.roll.id, faces: [9] })).body).toMatchObject({ done: true });
      await sockets.gm.next((m) => m.type === 'dice' && m.roll === null);
      await sockets.p2.next((m) => m.type === 'dice' && m.roll === null);
      // p1 saw the start's events come in, and not one dice frame: nothing says someone was rolling
      await sockets.p1.next((m) => m.type === 'events' && m.events.some((e: { type: string }) => e.type === 'round.started'));
      expect(sockets.p1.messages.filter((m) => m.type === 'dice')).toEqual([]);
      expect(sockets.p1.frames.join('\n')).not.toMatch(/Secretspy|Vexa/);
      for (const ws of Object.values(sockets)) ws.close();
    } finally {
      await t.gm.call('PATCH', `/api/tables/${t.tableId}/settings`, { players: { p1: 'required', p2: 'off' } });
    }
  });

  it('the player who sent the command sees the hidden unit\'s die asked without its name; the asked player and the GM with it', () => {
    const roll: PendingRoll = {
      id: 'r_1', encounter: 'e', tableId: 't', sender: { role: 'player', tableId: 't', playerId: 'p1' }, req: { id: 'c', expectedVersion: 3, command: { type: 'attack' } }, command: { type: 'attack' }, version: 3, faces: [], serverRest: false,
      asks: [{ unit: 'spy', unitName: 'Secretspy Vexa', player: 'p2', for: 'resist Poison', die: 'd20', sides: 20, count: 1, hidden: true }],
    };
    const settings = { physicalDice: 'required', players: {} } as unknown as Settings;
    const as = (playerId: string) => viewOf(roll, { role: 'player', tableId: 't', playerId }, settings);
    expect(as('p1')!.asks).toEqual([{ die: 'd20', sides: 20, count: 1 }]);
    expect(as('p2')!.asks).toEqual([{ unitName: 'Secretspy Vexa', for: 'resist Poison', die: 'd20', sides: 20, count: 1 }]);
    expect(viewOf(roll, { role: 'gm', tableId: 't' }, settings)!.asks[0].unitName).toBe('Secretspy Vexa');
    // a player neither asked nor sending sees nothing of it
    expect(as('p3')).toBeUndefined();
    expect(awaitingWords(roll, { role: 'player', tableId: 't', playerId: 'p3' })).toBe("waiting for another player's dice; the GM may let the server roll them or call the command off");
    expect(awaitingWords(roll, { role: 'player', tableId: 't', playerId: 'p2' })).toBe('waiting for your dice: Secretspy Vexa, resist Poison, d20');
  });
});
