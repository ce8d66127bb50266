// Seedable, splittable, serialisable random streams: xoshiro128** seeded through SplitMix64.
//
// - Generator: xoshiro128** (Blackman & Vigna): 128 bits of state held as four 32-bit integers,
//   period 2^128 − 1, passes BigCrush; every step is 32-bit integer work (Math.imul, shifts),
//   which JavaScript does fast and without allocating.
// - Seeding and splitting: a seed (safe integer or string) is hashed to 64 bits. Stream k of
//   seed s starts from z = mix64(h(s) + (k + 1)·φ), the (k+1)-th output of SplitMix64 started at
//   h(s) — a function of (s, k) alone, so stream k is the same whether 1 or 1000 streams exist.
//   z then seeds a SplitMix64 whose next two outputs fill the 128-bit state.
// - Integers: nextInt(n) uses Lemire's multiply-high method with rejection ("Fast Random
//   Integer Generation in an Interval", 2019): take the high 32 bits of x·n for a 32-bit x,
//   rejecting x when the low 32 bits fall below 2^32 mod n. The result is exactly uniform
//   (zero bias); the expected number of rejected draws is below n / 2^32.

const M64 = (1n << 64n) - 1n;
const GOLDEN = 0x9e3779b97f4a7c15n;
const TWO32 = 4294967296;

function mix64(z: bigint): bigint {
  z = ((z ^ (z >> 30n)) * 0xbf58476d1ce4e5b9n) & M64;
  z = ((z ^ (z >> 27n)) * 0x94d049bb133111ebn) & M64;
  return z ^ (z >> 31n);
}

const encoder = new TextEncoder();

/** 64-bit hash of a seed. Numbers and strings live in separate domains: 5 and "5" differ. */
function seedHash(seed: number | string): bigint {
  if (typeof seed === 'number') {
    if (!Number.isSafeInteger(seed)) throw new RangeError(`seed must be a safe integer or a string, got ${seed}`);
    return mix64(BigInt.asUintN(64, BigInt(seed)) ^ 0x6a09e667f3bcc908n);
  }
  if (typeof seed !== 'string') throw new TypeError('seed must be a safe integer or a string');
  // FNV-1a over the UTF-8 bytes, then SplitMix64's finaliser mixed with the length
  let h = 0xcbf29ce484222325n;
  for (const b of encoder.encode(seed)) h = ((h ^ BigInt(b)) * 0x100000001b3n) & M64;
  return mix64(h ^ mix64(BigInt(seed.length) ^ 0xbb67ae8584caa73bn));
}

/** Plain-JSON state of a RandomStream: save it with the encounter, resume with fromState. */
export interface StreamState {
  readonly algorithm: 'xoshiro128**';
  /** The four 32-bit state words, as unsigned integers. */
  readonly state: readonly [number, number, number, number];
}

const rotl = (x: number, k: number) => (x << k) | (x >>> (32 - k));

export class RandomStream {
  // state words as signed 32-bit integers
  private s0 = 0;
  private s1 = 0;
  private s2 = 0;
  private s3 = 0;

  /** Stream 0 of `seed` (same as RandomStream.stream(seed, 0)). */
  constructor(seed: number | string = 0) {
    this.seedFrom(seed, 0);
  }

  /** Stream `k` of `seed`: independent of how many other streams are made. */
  static stream(seed: number | string, k: number): RandomStream {
    const r = Object.create(RandomStream.prototype) as RandomStream;
    r.s0 = r.s1 = r.s2 = r.s3 = 0;
    r.seedFrom(seed, k);
    return r;
  }

  static fromState(s: StreamState): RandomStream {
    if (!s || s.algorithm !== 'xoshiro128**' || !Array.isArray(s.state) || s.state.length !== 4) {
      throw new TypeError('not a RandomStream state (expected { algorithm: "xoshiro128**", state: [4 words] })');
    }
    for (const w of s.state) {
      if (!Number.isInteger(w) || w < 0 || w >= TWO32) throw new TypeError(`state word ${w} is not an unsigned 32-bit integer`);
    }
    if (s.state.every((w) => w === 0)) throw new TypeError('xoshiro128** state must not be all zero');
    const r = Object.create(RandomStream.prototype) as RandomStream;
    r.s0 = s.state[0] | 0;
    r.s1 = s.state[1] | 0;
    r.s2 = s.state[2] | 0;
    r.s3 = s.state[3] | 0;
    return r;
  }

  private seedFrom(seed: number | string, k: number): void {
    if (!Number.isSafeInteger(k) || k < 0) throw new RangeError(`stream index must be a non-negative safe integer, got ${k}`);
    // made twice per simulated fight: the 64-bit SplitMix steps in 32-bit halves (as seedFromBig, without a BigInt each step)
    hashOf(seed);
    const k1 = k + 1;
    mul64(Math.floor(k1 / TWO32), k1 >>> 0, GOLDEN_HI, GOLDEN_LO);
    add64(hashHi, hashLo, H, L);
    mix64h(H, L);
    let zh = H;
    let zl = L;
    add64(zh, zl, GOLDEN_HI, GOLDEN_LO);
    zh = H;
    zl = L;
    mix64h(zh, zl);
    this.s0 = L | 0;
    this.s1 = H | 0;
    add64(zh, zl, GOLDEN_HI, GOLDEN_LO);
    mix64h(H, L);
    this.s2 = L | 0;
    this.s3 = H | 0;
    if ((this.s0 | this.s1 | this.s2 | this.s3) === 0) this.s0 = 1; // never all zero
  }

  getState(): StreamState {
    return { algorithm: 'xoshiro128**', state: [this.s0 >>> 0, this.s1 >>> 0, this.s2 >>> 0, this.s3 >>> 0] };
  }

  /** An independent copy at the same position. */
  clone(): RandomStream {
    return RandomStream.fromState(this.getState());
  }

  /** Uniform integer in 0 .. 2^32 − 1. */
  nextUint32(): number {
    const s0 = this.s0;
    const s1 = this.s1;
    const result = Math.imul(rotl(Math.imul(s1, 5), 7), 9) >>> 0;
    const t = s1 << 9;
    let s2 = this.s2 ^ s0;
    let s3 = this.s3 ^ s1;
    this.s1 = s1 ^ s2;
    this.s0 = s0 ^ s3;
    s2 ^= t;
    s3 = rotl(s3, 11);
    this.s2 = s2;
    this.s3 = s3;
    return result;
  }

  /**
   * Uniform integer in 0 .. n − 1 for an integer 1 ≤ n ≤ 2^32, with zero bias (Lemire's
   * multiply-high with rejection). For n ≤ 2^21 the 53-bit product x·n is exact in a double.
   */
  nextInt(n: number): number {
    if (n <= 0x200000 && n >= 1 && n === (n | 0)) {
      // x·n < 2^53 is exact; its low 32 bits are Math.imul(x, n) >>> 0
      let x = this.nextUint32();
      let low = Math.imul(x, n) >>> 0;
      if (low < n) {
        const threshold = (TWO32 - n) % n;
        while (low < threshold) {
          x = this.nextUint32();
          low = Math.imul(x, n) >>> 0;
        }
      }
      return ((x * n) / TWO32) | 0;
    }
    if (!Number.isInteger(n) || n < 1 || n > TWO32) throw new RangeError(`nextInt needs an integer 1 ≤ n ≤ 2^32, got ${n}`);
    // 64-bit product from 16-bit halves of x, each partial product exact (< 2^48)
    const threshold = (TWO32 - n) % n;
    for (;;) {
      const x = this.nextUint32();
      const a = (x >>> 16) * n;
      const b = (x & 0xffff) * n;
      const mid = (a % 65536) * 65536 + b; // < 2^32 + 2^48, exact
      const low = mid % TWO32;
      if (low >= threshold) return Math.floor(a / 65536) + Math.floor(mid / TWO32);
    }
  }

  /** Uniform double in [0, 1) with 53 random bits. */
  nextFloat(): number {
    const hi = this.nextUint32() >>> 5; // 27 bits
    const lo = this.nextUint32() >>> 6; // 26 bits
    return (hi * 67108864 + lo) / 9007199254740992;
  }
}

/** The first words seedFrom gives stream k of a seed, by BigInt arithmetic: the reference its 32-bit steps are tested against. */
export function seedWordsBig(seed: number | string, k: number): [number, number, number, number] {
  let z = mix64((seedHash(seed) + (BigInt(k) + 1n) * GOLDEN) & M64);
  const next = () => {
    z = (z + GOLDEN) & M64;
    return mix64(z);
  };
  const a = next();
  const b = next();
  const w = [Number(a & 0xffffffffn) | 0, Number(a >> 32n) | 0, Number(b & 0xffffffffn) | 0, Number(b >> 32n) | 0] as [number, number, number, number];
  if ((w[0] | w[1] | w[2] | w[3]) === 0) w[0] = 1;
  return w;
}

// ---- 64-bit steps in 32-bit halves: each result lands in H (high word) and L (low word), unsigned ----
const GOLDEN_HI = 0x9e3779b9;
const GOLDEN_LO = 0x7f4a7c15;
let H = 0;
let L = 0;

/** (ah·2^32 + al) + (bh·2^32 + bl) mod 2^64. */
function add64(ah: number, al: number, bh: number, bl: number): void {
  const lo = (al >>> 0) + (bl >>> 0);
  L = lo >>> 0;
  H = (ah + bh + (lo >= TWO32 ? 1 : 0)) >>> 0;
}

/** (ah·2^32 + al) · (bh·2^32 + bl) mod 2^64: the low words' full product from 16-bit pieces, each exact in a double. */
function mul64(ah: number, al: number, bh: number, bl: number): void {
  al >>>= 0;
  bl >>>= 0;
  const a0 = al & 0xffff;
  const a1 = al >>> 16;
  const b0 = bl & 0xffff;
  const b1 = bl >>> 16;
  const p00 = a0 * b0;
  const p01 = a0 * b1;
  const p10 = a1 * b0;
  const mid = (p00 >>> 16) + (p01 & 0xffff) + (p10 & 0xffff);
  L = (((mid & 0xffff) << 16) | (p00 & 0xffff)) >>> 0;
  const high = a1 * b1 + (p01 >>> 16) + (p10 >>> 16) + (mid >>> 16);
  H = (high + Math.imul(al, bh) + Math.imul(ah, bl)) >>> 0;
}

/** z ^ (z >> s), 0 < s < 32, into H and L. */
function xorShift(h: number, l: number, s: number): void {
  L = (l ^ ((l >>> s) | (h << (32 - s)))) >>> 0;
  H = (h ^ (h >>> s)) >>> 0;
}

/** mix64 (SplitMix64's finaliser) on halves. */
function mix64h(h: number, l: number): void {
  xorShift(h, l, 30);
  mul64(H, L, 0xbf58476d, 0x1ce4e5b9);
  xorShift(H, L, 27);
  mul64(H, L, 0x94d049bb, 0x133111eb);
  xorShift(H, L, 31);
}

/** The seed's hash in halves, kept for the last seed asked (a simulation makes every stream of one seed). */
let hashSeed: number | string | undefined;
let hashHi = 0;
let hashLo = 0;
function hashOf(seed: number | string): void {
  if (seed === hashSeed) return;
  const h = seedHash(seed);
  hashHi = Number(h >> 32n) >>> 0;
  hashLo = Number(h & 0xffffffffn) >>> 0;
  hashSeed = seed;
}
