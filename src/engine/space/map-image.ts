/**
 * Map art, checked one way wherever it comes in: an encounter file, the builder (which validates as a
 * file), the GM's upload, the GM's `gm.map_image`, an import (its created state and every `map.set`).
 * One set of limits (MAX_IMAGE_BYTES, MAX_IMAGE_SIDE, MAX_IMAGE_PIXELS) for every path. An image is:
 * - a map stored on the server by its content hash, `/maps/<sha-256 in hex>` (an upload, or a `data:`
 *   image the server stored when a file, a command or an import brought it: frames carry the address,
 *   never the bytes);
 * - a PNG, JPEG or WebP as a `data:` address, whose bytes are that type's (their signature) with a sane
 *   size in pixels — what the server stores and then names by its address;
 * - one of the server's own example maps, `/maps/<ruleset>/<file>` (same origin);
 * - in a file on disk only, a map beside a shipped example (`maps/goblin-cave.svg`), which the server
 *   turns into its `/maps/…` address when it loads the example.
 * No other scheme (`javascript:`, `http:`, `https:`, another site's art the page would not show) and no
 * field but those below.
 */
import { z } from 'zod';
import type { MapImage } from '../types.ts';

/** The largest image, in bytes: as a data: address (MAX_IMAGE_CHARS) it still fits an encounter file (2,000,000 characters of text). */
export const MAX_IMAGE_BYTES = 1_400_000;
/** The longest image `src`: a data: address of MAX_IMAGE_BYTES of image. */
export const MAX_IMAGE_CHARS = 'data:image/jpeg;base64,'.length + Math.ceil(MAX_IMAGE_BYTES / 3) * 4;
/** The widest or tallest image, in pixels; and the most pixels (what a phone decodes without giving up). */
export const MAX_IMAGE_SIDE = 8192;
export const MAX_IMAGE_PIXELS = 40_000_000;

/** The image types a map may be, by the name a data: address gives them. */
export type ImageType = 'png' | 'jpeg' | 'webp';
export const IMAGE_MIME: Record<ImageType, string> = { png: 'image/png', jpeg: 'image/jpeg', webp: 'image/webp' };

const DATA_PREFIX = /^data:image\/(png|jpeg|webp);base64,/;

/** base64 to bytes, or undefined when it is not base64 (the server passes Node's, which is many times faster). */
export type Base64Decoder = (b64: string) => Uint8Array | undefined;

/** The browser's (and any runtime's) decoder: `atob` refuses what is not base64. */
const atobDecoder: Base64Decoder = (b64) => {
  let text: string;
  try {
    text = atob(b64);
  } catch {
    return undefined;
  }
  const bytes = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
  return bytes;
};
/** A map the server stores by the SHA-256 of its bytes. */
export const STORED_MAP = /^\/maps\/([0-9a-f]{64})$/;
const SERVED_MAP = /^\/maps\/[a-z0-9-]+\/[\w-]+\.(svg|png|jpe?g|webp)$/;
const BESIDE_EXAMPLE = /^maps\/[\w-]+\.(svg|png|jpe?g|webp)$/;

/** Where an image comes from: a file read from disk may name a map beside it; anything sent to a table may not. */
export type ImageOrigin = 'disk' | 'table';

/** An image's type, read from its first bytes (a PNG's signature, a JPEG's start of image, a WebP's RIFF…WEBP). */
export function imageTypeOf(b: Uint8Array): ImageType | undefined {
  const at = (i: number, text: string) => [...text].every((c, k) => b[i + k] === c.charCodeAt(0));
  if (at(0, '\x89PNG\r\n\x1a\n')) return 'png';
  if (b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'jpeg';
  if (at(0, 'RIFF') && at(8, 'WEBP')) return 'webp';
  return undefined;
}

const u16be = (b: Uint8Array, i: number) => (b[i] << 8) | b[i + 1];
const u32be = (b: Uint8Array, i: number) => b[i] * 0x1000000 + ((b[i + 1] << 16) | (b[i + 2] << 8) | b[i + 3]);
const u24le = (b: Uint8Array, i: number) => b[i] | (b[i + 1] << 8) | (b[i + 2] << 16);

/** Its size in pixels, from its header (PNG IHDR, JPEG start of frame, WebP VP8/VP8L/VP8X); undefined when the header is not whole. */
function sizeOf(b: Uint8Array, type: ImageType): { width: number; height: number } | undefined {
  const tag = (i: number) => String.fromCharCode(b[i], b[i + 1], b[i + 2], b[i + 3]);
  if (type === 'png') return b.length >= 24 && tag(12) === 'IHDR' ? { width: u32be(b, 16), height: u32be(b, 20) } : undefined;
  if (type === 'webp') {
    if (b.length < 30) return undefined;
    const chunk = tag(12);
    if (chunk === 'VP8 ') return { width: (b[26] | (b[27] << 8)) & 0x3fff, height: (b[28] | (b[29] << 8)) & 0x3fff };
    if (chunk === 'VP8L' && b[20] === 0x2f) return { width: 1 + (((b[22] & 0x3f) << 8) | b[21]), height: 1 + (((b[24] & 0x0f) << 10) | (b[23] << 2) | ((b[22] & 0xc0) >> 6)) };
    if (chunk === 'VP8X') return { width: 1 + u24le(b, 24), height: 1 + u24le(b, 27) };
    return undefined;
  }
  // JPEG: walk the segments to the first start of frame (SOF0–SOF15 but DHT, JPG and DAC)
  let i = 2;
  while (i + 9 < b.length) {
    if (b[i] !== 0xff) return undefined;
    const marker = b[i + 1];
    if (marker === 0xff) {
      i++;
      continue;
    }
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      i += 2;
      continue;
    }
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) return { width: u16be(b, i + 7), height: u16be(b, i + 5) };
    if (marker === 0xd9 || marker === 0xda) return undefined;
    i += 2 + u16be(b, i + 2);
  }
  return undefined;
}

/** The words for an image of `bytes` bytes past MAX_IMAGE_BYTES (an upload refused by its declared length says the same). */
export const tooBig = (bytes: number) => `an image is at most ${MAX_IMAGE_BYTES.toLocaleString('en')} bytes (this one is ${bytes.toLocaleString('en')}): make it smaller`;

/** What the checks found in an image's bytes. */
export interface ImageFacts {
  type: ImageType;
  width: number;
  height: number;
  bytes: number;
}

/**
 * What is wrong with an image's bytes (words for a person), or its facts: at most MAX_IMAGE_BYTES, a PNG,
 * JPEG or WebP by its own first bytes (and the type it is sent as, when it says one), 1 to MAX_IMAGE_SIDE
 * pixels a side and at most MAX_IMAGE_PIXELS. The one check of an image's content, on every path.
 */
export function checkImageBytes(b: Uint8Array, said?: string): { ok: true; facts: ImageFacts } | { ok: false; problem: string } {
  const no = (problem: string) => ({ ok: false as const, problem });
  if (b.length > MAX_IMAGE_BYTES) return no(tooBig(b.length));
  const type = imageTypeOf(b);
  const named = said?.replace(/^image\//, '').replace(/^jpg$/, 'jpeg').toUpperCase();
  if (!type) return no(named ? `the data is not a ${named} image (its first bytes are not one's)` : 'the data is not a PNG, JPEG or WebP image (its first bytes are not one\'s)');
  if (named && named !== type.toUpperCase()) return no(`the data is not a ${named} image (its first bytes are a ${type.toUpperCase()}'s)`);
  const size = sizeOf(b, type);
  if (!size) return no(`the ${type.toUpperCase()} image is cut short or damaged (its size in pixels cannot be read)`);
  const { width, height } = size;
  if (width < 1 || height < 1 || width > MAX_IMAGE_SIDE || height > MAX_IMAGE_SIDE) return no(`an image is 1 to ${MAX_IMAGE_SIDE} pixels a side (this one is ${width}×${height})`);
  if (width * height > MAX_IMAGE_PIXELS) return no(`an image has at most ${MAX_IMAGE_PIXELS.toLocaleString('en')} pixels (this one is ${width}×${height})`);
  return { ok: true, facts: { type, width, height, bytes: b.length } };
}

/** A data: image's bytes (undefined when it is not a base64 PNG, JPEG or WebP address, or its base64 is broken). */
export function dataImageBytes(src: string, decode: Base64Decoder = atobDecoder): { said: ImageType; bytes: Uint8Array } | undefined {
  const m = DATA_PREFIX.exec(src);
  const bytes = m ? decode(src.slice(m[0].length)) : undefined;
  return bytes && { said: m![1] as ImageType, bytes };
}

/** What is wrong with an image's `src` (words for a person), or undefined when it may be shown. */
export function imageSrcProblem(src: string, origin: ImageOrigin, decode?: Base64Decoder): string | undefined {
  // a data: address too long to hold MAX_IMAGE_BYTES is refused in the words its bytes would be, unread
  if (src.length > MAX_IMAGE_CHARS) {
    const b64 = src.slice(src.indexOf(',') + 1);
    const bytes = Math.floor((b64.length * 3) / 4) - (b64.endsWith('==') ? 2 : b64.endsWith('=') ? 1 : 0);
    return /^data:/.test(src) ? tooBig(bytes) : `an image address is at most ${MAX_IMAGE_CHARS} characters (this one is ${src.length})`;
  }
  if (DATA_PREFIX.test(src)) {
    const data = dataImageBytes(src, decode);
    if (!data) return 'a data: image is a PNG, JPEG or WebP in base64 (data:image/png;base64,…), and this one\'s base64 is broken';
    const checked = checkImageBytes(data.bytes, data.said);
    return checked.ok ? undefined : checked.problem;
  }
  if (STORED_MAP.test(src) || SERVED_MAP.test(src)) return undefined;
  if (BESIDE_EXAMPLE.test(src)) return origin === 'disk' ? undefined : `"${src}" is a file beside an encounter; an image sent here is the image itself (a PNG, JPEG or WebP upload)`;
  const data = /^data:([^;,]*)/i.exec(src);
  if (data) return `a data: image is a PNG, JPEG or WebP in base64 (data:image/png;base64,…), not "${data[1] || 'untyped'}"`;
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(src);
  if (scheme) return `the page shows only images it is sent (a PNG, JPEG or WebP upload) or its own maps, not a "${scheme[1].toLowerCase()}:" address`;
  return 'an image is a PNG, JPEG or WebP upload (a data: address) or one of the server\'s maps (/maps/…)';
}

const imageFields = {
  x: z.number().finite().optional(),
  y: z.number().finite().optional(),
  width: z.number().positive().finite().optional(),
  height: z.number().positive().finite().optional(),
  opacity: z.number().min(0).max(1).optional(),
  credit: z.string().max(300).optional(),
};

function schemaFor(origin: ImageOrigin) {
  return z.strictObject({
    src: z
      .string()
      .min(1)
      .superRefine((s, ctx) => {
        const problem = imageSrcProblem(s, origin);
        if (problem) ctx.addIssue({ code: 'custom', message: problem });
      }),
    ...imageFields,
  });
}

/**
 * Map art as a file writes it: `image: { src, x?, y?, width?, height?, opacity?, credit? }`, in cells. A
 * shipped example may name a map beside it (`maps/goblin-cave.svg`).
 */
export const mapImageSchema = schemaFor('disk');
/** Map art sent to a table (the GM's command, an import): the image itself or one of the server's maps. */
export const tableImageSchema = schemaFor('table');

/** A map image as the engine keeps it: only the fields given. */
export function mapImageFrom(doc: z.output<typeof mapImageSchema>): MapImage {
  return Object.fromEntries(Object.entries(doc).filter(([, v]) => v !== undefined)) as unknown as MapImage;
}

/** What is wrong with map art sent to a table, as `path: words` (path under the image), or undefined. */
export function tableImageProblem(image: unknown): { path: string; message: string } | undefined {
  const r = tableImageSchema.safeParse(image);
  if (r.success) return undefined;
  const issue = r.error.issues[0];
  const path = issue.path.map(String).join('.');
  const message = issue.code === 'unrecognized_keys' ? `no field ${issue.keys.map((k) => `"${k}"`).join(', ')} in a map image (src, x, y, width, height, opacity, credit)` : issue.message;
  return { path, message };
}
