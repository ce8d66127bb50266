/**
 * Real PNG files for tests (server and browser): a map drawn with a grid of `cell` pixels whose lines start
 * `offset` pixels in (what the page's two-click fit measures), or noise, which does not compress (a map of
 * a given size in bytes, for measuring what it costs to send).
 */
import { crc32, deflateSync } from 'node:zlib';

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])) >>> 0, 0);
  return Buffer.concat([head, data, crc]);
}

/** A PNG of width×height RGB pixels, each given by `pixel(x, y)` as [r, g, b]. */
export function png(width: number, height: number, pixel: (x: number, y: number) => [number, number, number]): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // truecolour
  const rows = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    const at = y * (width * 3 + 1);
    for (let x = 0; x < width; x++) rows.set(pixel(x, y), at + 1 + x * 3);
  }
  return Buffer.concat([Buffer.from('\x89PNG\r\n\x1a\n', 'latin1'), chunk('IHDR', ihdr), chunk('IDAT', deflateSync(rows)), chunk('IEND', Buffer.alloc(0))]);
}

/** A cave floor with dark grid lines every `cell` pixels, the first `offset` pixels in from the top left. */
export function gridPng(width: number, height: number, cell: number, offset = 0): Buffer {
  return png(width, height, (x, y) => {
    const line = (x - offset) % cell === 0 || (y - offset) % cell === 0 || (x - offset) % cell === cell - 1 || (y - offset) % cell === cell - 1;
    if (line && x >= offset && y >= offset) return [40, 34, 28];
    const stone = ((x * 7 + y * 13) % 23) * 2;
    return [120 + stone, 104 + stone, 84 + stone];
  });
}

/** A PNG of noise (seeded, so each call with the same size and seed is the same file) about `bytes` long. */
export function noisePng(bytes: number, seed = 1): Buffer {
  const side = Math.ceil(Math.sqrt(bytes / 3));
  let s = seed >>> 0 || 1;
  const next = () => ((s = (Math.imul(s, 1664525) + 1013904223) >>> 0), s >>> 24);
  return png(side, side, () => [next(), next(), next()]);
}

export const dataUrl = (b: Buffer, type = 'image/png') => `data:${type};base64,${b.toString('base64')}`;
