/**
 * The dice-faces probe of issue 37 as a test: an answer to a roll that waits for physical dice, with
 * faces out of range, the wrong count, huge lists, non-numbers and bodies of the wrong shape, is refused
 * with what and where — and the log does not move, and the same roll then takes a good answer.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { command, load, type TestTable } from './testing.ts';
import { CAVE, diceTable } from './testing/dice-cave.ts';

let t: TestTable;
beforeAll(async () => {
  t = await diceTable('dice-faces');
});
afterAll(() => t.close());

describe('an answer to a physical roll that a die could not give, or of the wrong shape', () => {
  it('is refused with its code and field, the log unmoved; the same roll then takes a good answer', async () => {
    const enc = await load(t, { text: CAVE });
    const start = await command(t.gm, enc, { type: 'start' });
    expect((await t.p1.post(`/api/encounters/${enc}/dice`, { roll: start.body.roll.id, faces: [12] })).body).toMatchObject({ done: true });
    const sent = await command(t.p1, enc, { type: 'attack', actor: 'kara', target: 'g1', weapon: 'spear' });
    expect(sent.status, sent.text).toBe(202);
    const R = sent.body.roll.id as string;
    const version = async () => (await t.gm.get(`/api/encounters/${enc}`)).body.encounter.version as number;
    const v0 = await version();
    const refusals: [string, unknown, string, string?][] = [
      ['face 0', { roll: R, faces: [0] }, 'dice/bad_face', 'faces[0]'],
      ['face 21', { roll: R, faces: [21] }, 'dice/bad_face', 'faces[0]'],
      ['face -1', { roll: R, faces: [-1] }, 'dice/bad_face', 'faces[0]'],
      ['face 1.5', { roll: R, faces: [1.5] }, 'dice/bad_face', 'faces[0]'],
      ['face 1e308', { roll: R, faces: [1e308] }, 'dice/bad_face', 'faces[0]'],
      ['face 2^53', { roll: R, faces: [2 ** 53] }, 'dice/bad_face', 'faces[0]'],
      ['no faces', { roll: R, faces: [] }, 'dice/wrong_count', 'faces'],
      ['200 faces', { roll: R, faces: Array(200).fill(1) }, 'dice/wrong_count', 'faces'],
      ['201 faces', { roll: R, faces: Array(201).fill(1) }, 'BAD_REQUEST', 'faces'],
      ['face "5"', { roll: R, faces: ['5'] }, 'BAD_REQUEST', 'faces[0]'],
      ['face null', { roll: R, faces: [null] }, 'BAD_REQUEST', 'faces[0]'],
      ['face [5]', { roll: R, faces: [[5]] }, 'BAD_REQUEST', 'faces[0]'],
      ['faces and server', { roll: R, faces: [5], server: 'these' }, 'BAD_REQUEST'],
      ['neither', { roll: R }, 'BAD_REQUEST'],
      ['server "all"', { roll: R, server: 'all' }, 'BAD_REQUEST', 'server'],
      ['roll 123', { roll: 123, faces: [5] }, 'BAD_REQUEST', 'roll'],
      ['extra field', { roll: R, faces: [5], by: 'gm' }, 'BAD_REQUEST', 'by'],
      ['roll id of 302 characters', { roll: 'r_' + 'x'.repeat(300), faces: [5] }, 'BAD_REQUEST', 'roll'],
    ];
    for (const [what, body, code, field] of refusals) {
      const r = await t.p1.post(`/api/encounters/${enc}/dice`, body);
      expect([what, r.body.error?.code, r.body.error?.field], r.text).toEqual([what, code, field]);
    }
    const raw = async (text: string) => (await t.p1.call('POST', `/api/encounters/${enc}/dice`, undefined, { raw: text })).body.error.code;
    expect(await raw(`{"roll":"${R}","faces":[5],"__proto__":{"x":1}}`)).toBe('BAD_REQUEST');
    expect(await raw(JSON.stringify({ roll: R, faces: [5], pad: 'x'.repeat(8000) }))).toBe('PAYLOAD_TOO_LARGE');
    expect(await raw(`{"roll":"${R}","faces":[NaN]}`)).toBe('BAD_JSON');
    expect(await raw(JSON.stringify({ roll: R, faces: Array(5000).fill(1) }))).toBe('PAYLOAD_TOO_LARGE');
    expect(await version()).toBe(v0);
    // 20 + General Skill 1 + Combat 2 = 23 > DV 12 (P20-ATK-2): a hit; the Spear's 1d8 asked next, 8 + strength 3 = 11
    const hit = await t.p1.post(`/api/encounters/${enc}/dice`, { roll: R, faces: [20] });
    expect(hit.body.roll.asks, hit.text).toEqual([{ unitName: 'Kara', for: 'attack roll', die: '1d8', sides: 8, count: 1 }]);
    expect((await t.p1.post(`/api/encounters/${enc}/dice`, { roll: R, faces: [8] })).body).toMatchObject({ done: true });
    expect((await t.gm.get(`/api/encounters/${enc}`)).body.state.units.g1.pools.hp.value).toBe(30 - 11);
  });
});
