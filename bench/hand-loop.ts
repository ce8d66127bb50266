/**
 * The benchmark's yardstick: the fight of bench/fixtures/line-4v4.yaml written by hand with plain
 * arrays and numbers — no engine, no events, no objects per attack. It draws the same dice in the same
 * order as the engine (initiative d20s with the tie re-rolls, then per attack a d20 and on a hit the
 * weapon die), so fight i ends exactly as the engine's fight i does; bench/sim.bench.ts checks that.
 */
import { RandomStream } from '../src/dice/index.ts';

/** The fixture's numbers, read from the validated phase20 document. */
export interface HandFight {
  n: number;
  side: Int32Array;
  hp: Int32Array;
  dv: Int32Array;
  init: Int32Array;
  agility: Float64Array;
  intelligence: Float64Array;
  hit: Int32Array;
  die: Int32Array;
  dmg: Int32Array;
  /** 'first': attack the first standing enemy; 'weakest': the one with the fewest hit points (first on ties). */
  target: 'first' | 'weakest';
}

interface UnitDoc {
  side: string;
  hp: number;
  dv: number;
  attributes: Record<string, number>;
  modifiers: Record<string, number>;
  skilled: { weapons: string[] };
  classBonus: { attack: number };
  weapons: (string | { id: string })[];
}

/** Only what the bench fixture uses: one weapon "1dN", skilled, no roles, no effects. */
export function handFight(doc: { units: UnitDoc[]; content: { weapons: { id: string; damage: string; scale: string }[] } }, target: HandFight['target']): HandFight {
  const u = doc.units;
  const n = u.length;
  const sides = [...new Set(u.map((x) => x.side))];
  const f: HandFight = {
    n, target,
    side: new Int32Array(n), hp: new Int32Array(n), dv: new Int32Array(n), init: new Int32Array(n),
    agility: new Float64Array(n), intelligence: new Float64Array(n), hit: new Int32Array(n), die: new Int32Array(n), dmg: new Int32Array(n),
  };
  u.forEach((x, i) => {
    const wid = typeof x.weapons[0] === 'string' ? x.weapons[0] : x.weapons[0].id;
    const w = doc.content.weapons.find((y) => y.id === wid)!;
    const m = /^1d(\d+)$/.exec(w.damage);
    if (!m) throw new Error(`the hand loop handles "1dN" weapons only, not ${w.damage}`);
    const skilled = x.skilled.weapons.includes(wid);
    f.side[i] = sides.indexOf(x.side);
    f.hp[i] = x.hp;
    f.dv[i] = x.dv;
    f.init[i] = x.modifiers.initiative ?? 0;
    f.agility[i] = x.attributes.agility ?? 0;
    f.intelligence[i] = x.attributes.intelligence ?? 0;
    f.hit[i] = (x.modifiers.generalSkill ?? 0) + (skilled ? x.modifiers.combat ?? 0 : 0);
    f.die[i] = Number(m[1]);
    f.dmg[i] = (skilled ? x.modifiers[w.scale] ?? 0 : 0) + (x.classBonus.attack ?? 0);
  });
  return f;
}

export interface HandResult {
  /** Winning side index, -1 for a timeout. */
  winner: number;
  rounds: number;
  hp: Int32Array;
}

const d = (r: RandomStream, sides: number) => r.nextInt(sides) + 1;

/** Initiative re-rolls among units tied on total, Agility and Intelligence, until each is placed. */
function orderTied(r: RandomStream, group: number[]): number[] {
  const faces = group.map(() => d(r, 20));
  const idx = group.map((_, k) => k).sort((a, b) => faces[b] - faces[a]);
  const out: number[] = [];
  for (let i = 0; i < idx.length; ) {
    let j = i + 1;
    while (j < idx.length && faces[idx[j]] === faces[idx[i]]) j++;
    const sub = idx.slice(i, j).map((k) => group[k]);
    out.push(...(sub.length > 1 ? orderTied(r, sub) : sub));
    i = j;
  }
  return out;
}

/** Plays fight `i` of `seed` (dice stream 2i, as the simulator does). */
export function playHand(f: HandFight, seed: number | string, i: number, maxRounds: number, hp: Int32Array, order: number[], totals: Int32Array): HandResult {
  const r = RandomStream.stream(seed, 2 * i);
  const n = f.n;
  hp.set(f.hp);
  order.length = 0;
  for (let k = 0; k < n; k++) {
    totals[k] = d(r, 20) + f.init[k];
    order.push(k);
  }
  const cmp = (a: number, b: number) => totals[b] - totals[a] || f.agility[b] - f.agility[a] || f.intelligence[b] - f.intelligence[a];
  order.sort(cmp);
  for (let a = 0; a < n; ) {
    let b = a + 1;
    while (b < n && cmp(order[a], order[b]) === 0) b++;
    if (b - a > 1) order.splice(a, b - a, ...orderTied(r, order.slice(a, b)));
    a = b;
  }
  for (let round = 1; round <= maxRounds; round++) {
    for (let s = 0; s < n; s++) {
      const u = order[s];
      if (hp[u] <= 0) continue;
      let t = -1;
      for (let k = 0; k < n; k++) {
        if (f.side[k] === f.side[u] || hp[k] <= 0) continue;
        if (t < 0 || (f.target === 'weakest' && hp[k] < hp[t])) t = k;
        if (f.target === 'first') break;
      }
      if (t < 0) return { winner: f.side[u], rounds: round, hp };
      if (d(r, 20) + f.hit[u] > f.dv[t]) {
        const dmg = Math.max(0, d(r, f.die[u]) + f.dmg[u]);
        hp[t] = Math.max(0, hp[t] - dmg);
        if (hp[t] === 0) {
          // the last enemy standing fell: the fight is over
          let left = false;
          for (let k = 0; k < n; k++) if (f.side[k] === f.side[t] && hp[k] > 0) left = true;
          if (!left) return { winner: f.side[u], rounds: round, hp };
        }
      }
    }
  }
  return { winner: -1, rounds: maxRounds, hp };
}
