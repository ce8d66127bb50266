/**
 * Map art, checked one way wherever it comes in: an encounter file, the builder (which validates as a
 * file), the GM's `gm.map_image`, an import (its created state and every `map.set`). The page shows it
 * under `img-src 'self' data:`, so an image is exactly what that lets through:
 * - a PNG, JPEG or WebP as a `data:` address (the GM's upload), at most MAX_IMAGE_CHARS characters;
 * - one of the server's own example maps, `/maps/<ruleset>/<file>` (same origin);
 * - in a file on disk only, a map beside a shipped example (`maps/goblin-cave.svg`), which the server
 *   turns into its `/maps/…` address when it loads the example.
 * No other scheme (`javascript:`, `http:`, `https:`, another site's art the page would not show) and no
 * field but those below. One schema, so a later change (images stored once, sent by reference) has one
 * function to call.
 */
import { z } from 'zod';
import type { MapImage } from '../types.ts';

/** The longest image `src`: a data: address of ~185 KB of image, which also fits a command's 256 KB body. */
export const MAX_IMAGE_CHARS = 250_000;

const DATA_IMAGE = /^data:image\/(png|jpeg|webp);base64,[A-Za-z0-9+/]*={0,2}$/;
const SERVED_MAP = /^\/maps\/[a-z0-9-]+\/[\w-]+\.(svg|png|jpe?g|webp)$/;
const BESIDE_EXAMPLE = /^maps\/[\w-]+\.(svg|png|jpe?g|webp)$/;

/** Where an image comes from: a file read from disk may name a map beside it; anything sent to a table may not. */
export type ImageOrigin = 'disk' | 'table';

/** The first bytes each type's data begins with (a PNG's signature, a JPEG's start of image, a WebP's RIFF…WEBP). */
const SIGNATURES: Record<string, (head: string) => boolean> = {
  png: (h) => h.startsWith('\x89PNG\r\n\x1a\n'),
  jpeg: (h) => h.startsWith('\xff\xd8\xff'),
  webp: (h) => h.startsWith('RIFF') && h.slice(8, 12) === 'WEBP',
};

/** Whether a data: image's bytes begin as its type's do (a `data:image/png` holding HTML is not a PNG). */
function dataIsItsType(src: string): boolean {
  const type = /^data:image\/(png|jpeg|webp);base64,/.exec(src)!;
  let head: string;
  try {
    head = atob(src.slice(type[0].length, type[0].length + 16));
  } catch {
    return false;
  }
  return SIGNATURES[type[1]](head);
}

/** What is wrong with an image's `src` (words for a person), or undefined when it may be shown. */
export function imageSrcProblem(src: string, origin: ImageOrigin): string | undefined {
  if (src.length > MAX_IMAGE_CHARS) return `an image is at most ${MAX_IMAGE_CHARS} characters (this one is ${src.length}): make it smaller`;
  if (DATA_IMAGE.test(src)) return dataIsItsType(src) ? undefined : `the data is not a ${/^data:image\/(\w+)/.exec(src)![1].toUpperCase()} image (its first bytes are not one's)`;
  if (SERVED_MAP.test(src)) return undefined;
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
