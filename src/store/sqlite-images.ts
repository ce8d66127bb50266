/**
 * Map images in SQLite (schema version 7): bytes once per server by hash, a row per table that holds one.
 * The bounds are counted and the rows written in one immediate transaction, so two uploads at once cannot
 * both slip under a bound.
 */
import type Database from 'better-sqlite3';
import type { ImageBounds, PutImage, StoredImage } from './store.ts';

export function imageStatements(db: Database.Database) {
  const st = {
    held: db.prepare('SELECT 1 FROM table_images WHERE table_id = ? AND hash = ?').pluck(),
    exists: db.prepare('SELECT 1 FROM images WHERE hash = ?').pluck(),
    tableUse: db.prepare('SELECT count(*) AS n, coalesce(sum(i.size), 0) AS bytes FROM table_images t JOIN images i ON i.hash = t.hash WHERE t.table_id = ?'),
    serverBytes: db.prepare('SELECT coalesce(sum(size), 0) FROM images').pluck(),
    insertImage: db.prepare('INSERT INTO images (hash, type, width, height, size, body, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)'),
    hold: db.prepare('INSERT INTO table_images (table_id, hash) VALUES (?, ?)'),
    image: db.prepare('SELECT hash, type, width, height, size, body FROM images WHERE hash = ?'),
    letGo: db.prepare('DELETE FROM table_images WHERE table_id = ?'),
    unheld: db.prepare('DELETE FROM images WHERE NOT EXISTS (SELECT 1 FROM table_images t WHERE t.hash = images.hash)'),
  };

  const put = db.transaction((tableId: string, image: StoredImage, body: Uint8Array | undefined, bounds: ImageBounds): PutImage => {
    if (st.held.get(tableId, image.hash)) return { ok: true, stored: false };
    const exists = !!st.exists.get(image.hash);
    if (!exists && !body) return { ok: false, refused: 'missing' };
    const use = st.tableUse.get(tableId) as { n: number; bytes: number };
    if (use.n + 1 > bounds.perTable) return { ok: false, refused: 'perTable' };
    if (use.bytes + image.size > bounds.bytesPerTable) return { ok: false, refused: 'bytesPerTable' };
    if (!exists) {
      if ((st.serverBytes.get() as number) + image.size > bounds.bytesPerServer) return { ok: false, refused: 'bytesPerServer' };
      st.insertImage.run(image.hash, image.type, image.width, image.height, image.size, Buffer.from(body!.buffer, body!.byteOffset, body!.byteLength), Date.now());
    }
    st.hold.run(tableId, image.hash);
    return { ok: true, stored: !exists };
  });

  return {
    put: (tableId: string, image: StoredImage, body: Uint8Array | undefined, bounds: ImageBounds) => put.immediate(tableId, image, body, bounds),
    get: (hash: string) => st.image.get(hash) as (StoredImage & { body: Uint8Array }) | undefined,
    /** Inside deleteTable's transaction: the table lets go of its images; those no table holds are deleted. */
    tableDeleted(tableId: string) {
      st.letGo.run(tableId);
      st.unheld.run();
    },
  };
}
