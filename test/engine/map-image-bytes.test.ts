// The one check of a map image's content (map-image.ts): its bytes are the type they say, with a sane size
// in pixels, within one set of limits; real PNGs, and hand-made JPEG and WebP headers.
import { describe, expect, it } from 'vitest';
import { gridPng, noisePng } from '../../src/server/testing/images.ts';
import { checkImageBytes, imageSrcProblem, MAX_IMAGE_BYTES, MAX_IMAGE_CHARS } from '../../src/engine/space/map-image.ts';

const bytes = (...parts: (number[] | string)[]) => new Uint8Array(parts.flatMap((p) => (typeof p === 'string' ? [...p].map((c) => c.charCodeAt(0)) : p)));
// a JPEG's start of image, an APP0 segment, then a baseline start of frame: 600 high, 800 wide
const JPEG = bytes([0xff, 0xd8, 0xff, 0xe0, 0, 16], 'JFIF\0', [1, 1, 0, 0, 1, 0, 1, 0, 0], [0xff, 0xc0, 0, 17, 8, 0x02, 0x58, 0x03, 0x20, 3]);
// WebP extended (VP8X): canvas 1024×512 stored less one, little-endian
const WEBP = bytes('RIFF', [0, 0, 0, 0], 'WEBP', 'VP8X', [10, 0, 0, 0, 0, 0, 0, 0], [0xff, 0x03, 0], [0xff, 0x01, 0]);

describe('map image bytes', () => {
  it('reads the type and size of a PNG, a JPEG and a WebP from their headers', () => {
    expect(checkImageBytes(gridPng(120, 80, 40), 'image/png')).toEqual({ ok: true, facts: { type: 'png', width: 120, height: 80, bytes: gridPng(120, 80, 40).length } });
    expect(checkImageBytes(JPEG, 'image/jpeg')).toMatchObject({ ok: true, facts: { type: 'jpeg', width: 800, height: 600 } });
    expect(checkImageBytes(WEBP)).toMatchObject({ ok: true, facts: { type: 'webp', width: 1024, height: 512 } });
  });

  it('refuses bytes that are not the type they say, a cut header, absurd sizes and too many bytes', () => {
    const no = (b: Uint8Array, said?: string) => {
      const r = checkImageBytes(b, said);
      return r.ok ? 'accepted' : r.problem;
    };
    expect(no(bytes('<html><script>alert(1)</script>'), 'image/png')).toBe("the data is not a PNG image (its first bytes are not one's)");
    expect(no(JPEG, 'image/png')).toBe("the data is not a PNG image (its first bytes are a JPEG's)");
    expect(no(gridPng(10, 10, 5).subarray(0, 20), 'image/png')).toBe('the PNG image is cut short or damaged (its size in pixels cannot be read)');
    const wide = Buffer.from(gridPng(10, 10, 5));
    wide.writeUInt32BE(100_000, 16);
    expect(no(wide)).toBe('an image is 1 to 8192 pixels a side (this one is 100000×10)');
    wide.writeUInt32BE(8000, 16);
    wide.writeUInt32BE(8000, 20);
    expect(no(wide)).toBe('an image has at most 40,000,000 pixels (this one is 8000×8000)');
    expect(no(noisePng(MAX_IMAGE_BYTES + 10_000))).toMatch(/^an image is at most 1,400,000 bytes \(this one is 1,4\d\d,\d\d\d\): make it smaller$/);
  });

  it('a data: image is held to the same checks, in the same words, and a stored map is named by its hash', () => {
    const big = noisePng(MAX_IMAGE_BYTES + 10_000);
    expect(imageSrcProblem(`data:image/png;base64,${big.toString('base64')}`, 'table')).toBe(checkImageBytes(big).ok ? undefined : (checkImageBytes(big) as { problem: string }).problem);
    expect(`data:image/png;base64,${noisePng(MAX_IMAGE_BYTES - 20_000).toString('base64')}`.length).toBeLessThanOrEqual(MAX_IMAGE_CHARS);
    expect(imageSrcProblem(`data:image/png;base64,${Buffer.from(JPEG).toString('base64')}`, 'table')).toBe("the data is not a PNG image (its first bytes are a JPEG's)");
    expect(imageSrcProblem(`/maps/${'a'.repeat(64)}`, 'table')).toBeUndefined();
    expect(imageSrcProblem(`/maps/${'a'.repeat(63)}`, 'table')).toMatch(/an image is a PNG, JPEG or WebP upload/);
  });
});
