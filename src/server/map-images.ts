/**
 * Map images on the server: checked by the one check of map-image.ts, kept once by the SHA-256 of their
 * bytes (the store's `images`), claimed per table within its bounds, and served by address
 * (`/maps/<hash>`, immutable). Every way an image comes in — the GM's upload, an encounter file, a
 * `gm.map_image` command, an import — ends here: a `data:` image is stored and its address kept instead,
 * so states, logs and socket frames carry ~80 characters, never the image.
 */
import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { checkImageBytes, dataImageBytes, IMAGE_MIME, imageSrcProblem, MAX_IMAGE_CHARS, STORED_MAP, type Base64Decoder, type Json } from '../engine/index.ts';
import { rowBody, type EventRows } from '../store/index.ts';
import type { Context } from './context.ts';
import { ApiError } from './errors.ts';
import type { Limits } from './limits.ts';

/** What an upload answers: the address to put in `image.src`, and what the checks read. */
export interface KeptImage {
  src: string;
  type: string;
  width: number;
  height: number;
  bytes: number;
}

const bounds = (l: Limits) => ({ perTable: l.mapImagesPerTable, bytesPerTable: l.mapImageBytesPerTable, bytesPerServer: l.mapImageBytesPerServer });

const badImage = (field: string, problem: string) => new ApiError('BAD_IMAGE', field ? `${field}: ${problem}` : problem, field || undefined);

function refusal(l: Limits, refused: 'perTable' | 'bytesPerTable' | 'bytesPerServer' | 'missing', field: string, src: string): ApiError {
  if (refused === 'missing') return badImage(field, `the map "${src}" is not on this server (an export names its map art by address: set the art again, or import where it was exported)`);
  if (refused === 'perTable') return new ApiError('LIMIT_REACHED', `a table holds at most ${l.mapImagesPerTable} map images`, field || undefined);
  if (refused === 'bytesPerTable') return new ApiError('LIMIT_REACHED', `a table holds at most ${(l.mapImageBytesPerTable / 1e6).toLocaleString('en')} MB of map images`, field || undefined);
  return new ApiError('LIMIT_REACHED', 'the server holds all the map art it may; try again later', field || undefined);
}

/** Check an image's bytes and keep them for the table: its address. BAD_IMAGE says what is wrong (map-image.ts), LIMIT_REACHED which bound. */
export async function keepImage(ctx: Context, tableId: string, body: Uint8Array, said: string | undefined, field = ''): Promise<KeptImage> {
  const checked = checkImageBytes(body, said);
  if (!checked.ok) throw badImage(field, checked.problem);
  const { type, width, height, bytes } = checked.facts;
  const hash = createHash('sha256').update(body).digest('hex');
  const src = `/maps/${hash}`;
  const put = await ctx.store.putImage(tableId, { hash, type: IMAGE_MIME[type], width, height, size: bytes }, body, bounds(ctx.limits));
  if (!put.ok) throw refusal(ctx.limits, put.refused, field, src);
  return { src, type: IMAGE_MIME[type], width, height, bytes };
}

/**
 * A map image's `src` as sent to a table, kept: a data: image checked and stored (its address), a stored
 * map's address claimed for the table (refused when the server has no such map), anything else as it is
 * for the engine's checks to word. Throws BAD_IMAGE naming `field`.
 */
export async function keptSrc(ctx: Context, tableId: string, src: unknown, field: string): Promise<unknown> {
  if (typeof src !== 'string') return src;
  const stored = STORED_MAP.exec(src);
  if (stored) {
    const put = await ctx.store.putImage(tableId, { hash: stored[1], type: '', width: 0, height: 0, size: 0 }, undefined, bounds(ctx.limits));
    if (!put.ok) throw refusal(ctx.limits, put.refused, field, src);
    return src;
  }
  if (!/^data:/i.test(src)) return src;
  // decoded once, by Node (a 1.9 MB address: ~2 ms, where a regular expression and atob take ~70 ms of the loop)
  const data = src.length > MAX_IMAGE_CHARS ? undefined : dataImageBytes(src, nodeBase64);
  if (!data) throw badImage(field, imageSrcProblem(src, 'table', nodeBase64) ?? 'a data: image is a PNG, JPEG or WebP in base64');
  return (await keepImage(ctx, tableId, data.bytes, IMAGE_MIME[data.said], field)).src;
}

/** base64 by Node's Buffer: what it decodes must encode back to the same text (Buffer skips what is not base64). */
const nodeBase64: Base64Decoder = (b64) => {
  const bytes = Buffer.from(b64, 'base64');
  let a = bytes.toString('base64');
  let b = b64;
  while (a.endsWith('=')) a = a.slice(0, -1);
  while (b.endsWith('=')) b = b.slice(0, -1);
  return a === b ? bytes : undefined;
};

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The `image` of a map-like object kept in place (keptSrc), when it has one. */
async function keepArtOf(ctx: Context, tableId: string, holder: unknown, field: string): Promise<void> {
  if (!isObj(holder) || !isObj(holder.image)) return;
  holder.image.src = await keptSrc(ctx, tableId, holder.image.src, `${field}.image.src`);
}

/** A `gm.map_image` command with its image kept (the command then carries the address, and so does the log). */
export async function keptImageCommand<C extends { type: string; image?: unknown }>(ctx: Context, tableId: string, command: C): Promise<C> {
  if (command.type !== 'gm.map_image' || !isObj(command.image)) return command;
  return { ...command, image: { ...command.image, src: await keptSrc(ctx, tableId, command.image.src, 'image.src') } };
}

/**
 * A player's suggestion of map art names it by address (what the GM would accept goes into the state as it
 * is): a data: image in one is refused, so no image reaches a state or a frame but by address.
 */
export function refuseSuggestedArt(command: { type: string; proposal?: unknown }): void {
  const proposal = command.proposal;
  if (command.type !== 'suggest' || !isObj(proposal) || proposal.type !== 'gm.map_image' || !isObj(proposal.image)) return;
  if (typeof proposal.image.src === 'string' && /^data:/i.test(proposal.image.src)) throw badImage('proposal.image.src', 'a suggested map names its art by address (/maps/…): the GM uploads the image');
}

/**
 * Every map image a new encounter brings (a file's, an import's) kept, in place: the created state's map
 * and every `map.set`, every `gm.map_image` among its commands, and its source document's map (a scenario's too).
 */
export async function keepImagesOf(ctx: Context, tableId: string, enc: { events: readonly unknown[]; commands?: Record<string, unknown>; document?: Record<string, Json> }, where: string): Promise<void> {
  for (const [i, e] of enc.events.entries()) await keepArtOfEvent(ctx, tableId, e, `${where}events[${i}]`);
  await keepArtOfRest(ctx, tableId, enc, where);
}

/**
 * An import's encounter, its log as rows written in the reader thread (import-plan.ts): only the events that
 * carry map art (`art`, found there) are parsed here, kept as keepImagesOf keeps them, and written again.
 */
export async function keepImagesOfRows(ctx: Context, tableId: string, enc: { events: EventRows; art: readonly number[]; commands?: Record<string, unknown>; document?: Record<string, Json> }, where: string): Promise<void> {
  for (const i of enc.art) {
    const e = JSON.parse(rowBody(enc.events, i)) as unknown;
    await keepArtOfEvent(ctx, tableId, e, `${where}events[${i}]`);
    (enc.events.changed ??= new Map()).set(i, JSON.stringify(e));
  }
  await keepArtOfRest(ctx, tableId, enc, where);
}

/** Whether a logged event carries map art (what keepArtOfEvent looks at). */
export function eventHasArt(e: unknown): boolean {
  if (!isObj(e)) return false;
  const map = e.type === 'encounter.created' && isObj(e.state) ? e.state.map : e.type === 'map.set' ? e.map : undefined;
  return isObj(map) && isObj(map.image);
}

async function keepArtOfEvent(ctx: Context, tableId: string, e: unknown, field: string): Promise<void> {
  if (!isObj(e)) return;
  if (e.type === 'encounter.created' && isObj(e.state)) await keepArtOf(ctx, tableId, e.state.map, `${field}.state.map`);
  else if (e.type === 'map.set') await keepArtOf(ctx, tableId, e.map, `${field}.map`);
}

/** The art of an encounter's commands and source document. */
async function keepArtOfRest(ctx: Context, tableId: string, enc: { commands?: Record<string, unknown>; document?: Record<string, Json> }, where: string): Promise<void> {
  for (const [cmd, c] of Object.entries(enc.commands ?? {})) if (isObj(c) && c.type === 'gm.map_image') await keepArtOf(ctx, tableId, c, `${where}commands.${cmd}`);
  const doc = enc.document;
  if (doc) {
    await keepArtOf(ctx, tableId, doc.map, `${where}document.map`);
    if (isObj(doc.encounter)) await keepArtOf(ctx, tableId, doc.encounter.map, `${where}document.encounter.map`);
  }
}

/** GET /maps/<hash>: a stored map's bytes, as its own type, cached for good (an address names one content forever). */
export async function serveImage(ctx: Context, req: IncomingMessage, res: ServerResponse, hash: string): Promise<void> {
  const common = { 'x-content-type-options': 'nosniff', 'referrer-policy': 'no-referrer', 'content-security-policy': "default-src 'none'; sandbox" };
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    res.writeHead(405, { ...common, 'content-type': 'text/plain; charset=utf-8', allow: 'GET, HEAD' }).end('method not allowed\n');
    return;
  }
  const etag = `"${hash}"`;
  if (req.headers['if-none-match'] === etag) {
    res.writeHead(304, { ...common, etag, 'cache-control': 'public, max-age=31536000, immutable' }).end();
    return;
  }
  const image = await ctx.store.image(hash);
  if (!image) {
    res.writeHead(404, { ...common, 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' }).end('not found\n');
    return;
  }
  res.writeHead(200, { ...common, 'content-type': image.type, 'content-length': image.body.byteLength, etag, 'cache-control': 'public, max-age=31536000, immutable' });
  res.end(req.method === 'HEAD' ? undefined : image.body);
}
