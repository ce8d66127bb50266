/**
 * Map images in PostgreSQL (schema version 3): bytes once per server by hash, a row per table that holds
 * one. Stores of every process take one advisory lock for the transaction, so the bounds counted are the
 * bounds kept (uploads are rare: one at a time costs nothing).
 */
import type pg from 'pg';
import type { ImageBounds, PutImage, StoredImage } from './store.ts';

/** Any fixed number: the key of the advisory lock image stores hold. */
const IMAGE_LOCK = 7_734_202;

export async function putImageIn(c: pg.ClientBase, tableId: string, image: StoredImage, body: Uint8Array | undefined, bounds: ImageBounds): Promise<PutImage> {
  await c.query('SELECT pg_advisory_xact_lock($1)', [IMAGE_LOCK]);
  if ((await c.query('SELECT 1 FROM table_images WHERE table_id = $1 AND hash = $2', [tableId, image.hash])).rowCount) return { ok: true, stored: false };
  const exists = !!(await c.query('SELECT 1 FROM images WHERE hash = $1', [image.hash])).rowCount;
  if (!exists && !body) return { ok: false, refused: 'missing' };
  const use = (await c.query<{ n: string; bytes: string }>('SELECT count(*) AS n, coalesce(sum(i.size), 0) AS bytes FROM table_images t JOIN images i ON i.hash = t.hash WHERE t.table_id = $1', [tableId])).rows[0];
  if (Number(use.n) + 1 > bounds.perTable) return { ok: false, refused: 'perTable' };
  if (Number(use.bytes) + image.size > bounds.bytesPerTable) return { ok: false, refused: 'bytesPerTable' };
  if (!exists) {
    const server = Number((await c.query<{ b: string }>('SELECT coalesce(sum(size), 0) AS b FROM images')).rows[0].b);
    if (server + image.size > bounds.bytesPerServer) return { ok: false, refused: 'bytesPerServer' };
    await c.query('INSERT INTO images (hash, type, width, height, size, body, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7)', [image.hash, image.type, image.width, image.height, image.size, Buffer.from(body!.buffer, body!.byteOffset, body!.byteLength), Date.now()]);
  }
  await c.query('INSERT INTO table_images (table_id, hash) VALUES ($1, $2)', [tableId, image.hash]);
  return { ok: true, stored: !exists };
}

/** Inside deleteTable's transaction: the table lets go of its images; those no table holds are deleted. */
export async function tableImagesDeleted(c: pg.ClientBase, tableId: string): Promise<void> {
  await c.query('SELECT pg_advisory_xact_lock($1)', [IMAGE_LOCK]);
  await c.query('DELETE FROM table_images WHERE table_id = $1', [tableId]);
  await c.query('DELETE FROM images i WHERE NOT EXISTS (SELECT 1 FROM table_images t WHERE t.hash = i.hash)');
}

export const IMAGE_SELECT = 'SELECT hash, type, width, height, size, body FROM images WHERE hash = $1';
