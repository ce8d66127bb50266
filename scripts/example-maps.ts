/**
 * Draws the examples' map art: one SVG per example, generated from the example's own terrain (rock and
 * walls as stone, water, mud and difficult ground, cover, heights, mountains), ground by theme (a cave, a
 * field, open sky), and writes `image: { src: maps/<name>.svg, credit }` into the example's `map:`.
 * Deterministic (a seed from the file name), so running it again changes nothing.
 *
 *   node --import tsx scripts/example-maps.ts
 *
 * The drawings are CC0 1.0 (examples/MAPS.md): made by this script, no one else's art.
 */
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { ROOT } from '../test/web/harness.ts';
import { rulesets } from '../src/rulesets/index.ts';
import { loadText } from '../src/rulesets/load.ts';
import type { BattleMap, EncounterState, GridMap } from '../src/engine/index.ts';
import { createEngine } from '../src/engine/index.ts';

const S = 64;
export const CREDIT = 'Map art drawn by Skirmish, CC0 1.0';

/** A small seeded stream (mulberry32): the same file always draws the same map. */
function stream(seed: string): () => number {
  let h = 1779033703 ^ seed.length;
  for (const ch of seed) h = Math.imul(h ^ ch.charCodeAt(0), 3432918353) >>> 0;
  return () => {
    h = (h + 0x6d2b79f5) >>> 0;
    let t = h;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Theme = 'cave' | 'field' | 'sky' | 'stone';
const GROUND: Record<Theme, [string, string]> = { cave: ['#3b3630', '#4a433a'], field: ['#5d7a3e', '#6d8c47'], sky: ['#8fb8de', '#a9c9e8'], stone: ['#8a8474', '#9a9382'] };

function themeOf(state: EncounterState, text: string): Theme {
  if (/surroundings:\s*(sky|space)/.test(text)) return 'sky';
  if (/cave|tunnel|mine/i.test(state.name)) return 'cave';
  if (/shrine|temple|mill|outpost/i.test(state.name)) return 'stone';
  return 'field';
}

/** A blob: an irregular closed shape inside one cell, for rocks, bushes and ripples. */
function blob(rnd: () => number, cx: number, cy: number, r: number, points = 7): string {
  const pts: string[] = [];
  for (let i = 0; i < points; i++) {
    const a = (i / points) * Math.PI * 2;
    const k = r * (0.75 + rnd() * 0.35);
    pts.push(`${Math.round(cx + Math.cos(a) * k)},${Math.round(cy + Math.sin(a) * k)}`);
  }
  return `M${pts.join('L')}Z`;
}

function gridSvg(map: GridMap, theme: Theme, rnd: () => number): string {
  const w = map.width * S;
  const h = map.height * S;
  const [g1, g2] = GROUND[theme];
  const out: string[] = [`<rect width="${w}" height="${h}" fill="${g1}"/>`];
  // ground: patches of a second tone, then specks
  for (let i = 0; i < map.width * map.height * 0.25; i++) out.push(`<path d="${blob(rnd, rnd() * w, rnd() * h, S * (0.3 + rnd() * 0.5), 9)}" fill="${g2}" opacity="${(0.35 + rnd() * 0.4).toFixed(2)}"/>`);
  if (theme === 'sky') for (let i = 0; i < map.width / 2; i++) out.push(`<ellipse cx="${(rnd() * w).toFixed(0)}" cy="${(rnd() * h).toFixed(0)}" rx="${(S * (1 + rnd() * 2)).toFixed(0)}" ry="${(S * (0.3 + rnd() * 0.4)).toFixed(0)}" fill="#fff" opacity="0.45"/>`);
  for (let i = 0; i < map.width * map.height * 0.5; i++) out.push(`<circle cx="${(rnd() * w).toFixed(0)}" cy="${(rnd() * h).toFixed(0)}" r="${(1 + rnd() * 2).toFixed(1)}" fill="#000" opacity="0.12"/>`);
  for (const [k, t] of Object.entries(map.cells)) {
    const [x, y] = k.split(',').map(Number);
    const cx = x * S + S / 2;
    const cy = y * S + S / 2;
    const tags = t.tags ?? [];
    if (tags.includes('water')) {
      out.push(`<rect x="${x * S}" y="${y * S}" width="${S}" height="${S}" fill="#2f5f8a"/>`);
      if ((x + y) % 2 === 0) out.push(`<path d="M${x * S + 8},${y * S + 30} q12,-6 24,0 t24,0" stroke="#9cc3e6" stroke-width="2" fill="none" opacity="0.7"/>`);
    } else if (tags.includes('bridge')) {
      out.push(`<rect x="${x * S}" y="${y * S + 6}" width="${S}" height="${S - 12}" fill="#8a6237"/>`);
      for (let i = 1; i < 4; i++) out.push(`<line x1="${x * S + i * 16}" y1="${y * S + 6}" x2="${x * S + i * 16}" y2="${y * S + S - 6}" stroke="#5b3f22" stroke-width="2"/>`);
    } else if (t.blocksMove) {
      out.push(`<path d="${blob(rnd, cx, cy, S * 0.52, 8)}" fill="${theme === 'cave' ? '#1e1b18' : '#5e5a55'}"/>`);
      out.push(`<path d="${blob(rnd, cx - 6, cy - 6, S * 0.3, 6)}" fill="${theme === 'cave' ? '#2c2824' : '#77726b'}"/>`);
    } else if ((t.cost ?? 1) > 1 || tags.some((x) => x === 'mud' || x === 'difficult' || x === 'hazard')) {
      out.push(`<rect x="${x * S + 2}" y="${y * S + 2}" width="${S - 4}" height="${S - 4}" rx="10" fill="#6b5433" opacity="0.85"/>`);
      for (let i = 0; i < 2; i++) out.push(`<path d="${blob(rnd, x * S + 10 + rnd() * (S - 20), y * S + 10 + rnd() * (S - 20), 5, 5)}" fill="#4a3a22"/>`);
    }
    if (t.cover) {
      const fill = t.cover === 'full' ? '#7b6a52' : '#b8a27a';
      out.push(`<rect x="${x * S + 10}" y="${y * S + 18}" width="${S - 20}" height="${S - 36}" rx="4" fill="${fill}" stroke="#3d3326" stroke-width="2"/>`);
    }
    if (t.elevation || tags.includes('mountain') || tags.includes('ridge')) {
      out.push(`<path d="M${x * S + 6},${y * S + S - 8} L${cx},${y * S + 10} L${x * S + S - 6},${y * S + S - 8} Z" fill="#8c8069" opacity="0.7"/>`);
    }
  }
  // a faint vignette frames the board
  out.push(`<rect width="${w}" height="${h}" fill="url(#vignette)"/>`);
  const defs = `<defs><radialGradient id="vignette" cx="50%" cy="50%" r="75%"><stop offset="60%" stop-color="#000" stop-opacity="0"/><stop offset="100%" stop-color="#000" stop-opacity="0.35"/></radialGradient></defs>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${w} ${h}" width="${w}" height="${h}">${defs}${out.join('')}</svg>\n`;
}

/** A zone battlefield's backdrop: a landscape strip from one side's rear to the other's. */
function zonesSvg(rnd: () => number): string {
  const w = 960;
  const h = 320;
  const out = [`<rect width="${w}" height="${h}" fill="#6d8c47"/>`, `<rect width="${w}" height="${h * 0.35}" fill="#9cc0de"/>`];
  for (let i = 0; i < 9; i++) out.push(`<path d="${blob(rnd, rnd() * w, h * 0.36, 40 + rnd() * 60, 9)}" fill="#55703a" opacity="0.8"/>`);
  for (let i = 0; i < 40; i++) out.push(`<path d="${blob(rnd, rnd() * w, h * 0.45 + rnd() * h * 0.5, 6 + rnd() * 10, 6)}" fill="#4f6634" opacity="0.6"/>`);
  out.push(`<rect x="${w / 3}" y="${h * 0.35}" width="${w / 3}" height="${h * 0.65}" fill="#7d6a47" opacity="0.45"/>`);
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${w} ${h}" width="${w}" height="${h}">${out.join('')}</svg>\n`;
}

/** The example's text with its map art named (once: a run after the first changes nothing). */
function withImageLine(text: string, src: string, zones: boolean): string {
  if (/^\s+image:\s*\{\s*src:/m.test(text)) return text;
  // a scenario holds its encounter one level in: the map goes where its `units:` (or `map:`) stands
  const image = (indent: string) => `${indent}  image: { src: ${src}, credit: "${CREDIT}" }`;
  if (zones) return text.replace(/^( *)units:/m, (_m, indent: string) => `${indent}map:\n${image(indent)}\n${indent}units:`);
  return text.replace(/^( *)map:\n/m, (_m, indent: string) => `${indent}map:\n${image(indent)}\n`);
}

export function drawExampleMaps(): string[] {
  const written: string[] = [];
  for (const id of Object.keys(rulesets)) {
    const dir = join(ROOT, 'examples', id);
    for (const f of readdirSync(dir).filter((x) => /\.ya?ml$/.test(x))) {
      const file = join(dir, f);
      const text = readFileSync(file, 'utf8');
      const r = loadText(text, f);
      if (!r.ok) throw new Error(`${file}: ${r.problems[0].message}`);
      const engine = createEngine(r.value.ruleset);
      const state = engine.replay(engine.create(r.value.doc));
      const map = state.map as BattleMap | undefined;
      if (!map) continue;
      const name = basename(f).replace(/\.ya?ml$/, '');
      const rnd = stream(`${id}/${name}`);
      const svg = map.kind === 'grid' ? gridSvg(map, themeOf(state, text), rnd) : zonesSvg(rnd);
      mkdirSync(join(dir, 'maps'), { recursive: true });
      writeFileSync(join(dir, 'maps', `${name}.svg`), svg);
      writeFileSync(file, withImageLine(text, `maps/${name}.svg`, map.kind === 'zones'));
      written.push(`examples/${id}/maps/${name}.svg`);
    }
  }
  return written;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const w of drawExampleMaps()) console.log(w);
}
