/**
 * The SQLite schema (sqlite.ts), with its migrations. One file holds every table of a server: tables (game tables), players, access
 * tokens (hashed), encounters, their append-only event logs, and the accepted commands by id
 * (idempotent retries), and the command behind each log command id (the engine decides a command
 * again when the GM replaces an earlier roll). `user_version` numbers the schema so later versions can migrate.
 *
 * Version 2 adds the roster (characters that outlive encounters), the library (reusable characters,
 * monsters and items) and each loaded encounter's file units (to offer them to the roster). Every
 * statement is CREATE ... IF NOT EXISTS, so opening a version 1 file migrates it in place.
 *
 * Version 3 adds `encounters.document`: the encounter file as the GM loaded it (the source document,
 * before defaults, as JSON), kept up to date with the units the GM adds in the file's shape. It is NULL
 * for encounters loaded before version 3, or imported without one: those cannot take file-shaped units. `migrate`
 * adds the column to an older file.
 *
 * Version 4 makes `encounters.document` the one record of an encounter's units as written: the roster
 * reads a document's units (those of the file and those the GM added in its shape) and sides from it,
 * and a GM's export carries it (an import may restore it). `encounter_files` is no longer written; it
 * keeps only the encounters loaded under version 2, which have no document. It cannot be folded into
 * `document`: it holds a file's units and sides, not its map and content, and a document promises a
 * whole file (one that validates, and can build a unit). `migrate` deletes its rows for encounters that
 * have a document (their units and sides are in it, with every unit added since), so each encounter's
 * units are kept in one place.
 */
import type Database from 'better-sqlite3';

export const SCHEMA_VERSION = 8;

/** The schema as version 4 shipped it; later versions change it by migration (MIGRATIONS). */
const SCHEMA_V4 = `
CREATE TABLE IF NOT EXISTS tables (
  id          TEXT PRIMARY KEY,
  name        TEXT NOT NULL,
  settings    TEXT NOT NULL,
  created_at  INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS players (
  table_id    TEXT NOT NULL REFERENCES tables(id),
  player_id   TEXT NOT NULL,
  name        TEXT NOT NULL,
  created_at  INTEGER NOT NULL,
  PRIMARY KEY (table_id, player_id)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS tokens (
  hash        TEXT PRIMARY KEY,
  table_id    TEXT NOT NULL REFERENCES tables(id),
  role        TEXT NOT NULL CHECK (role IN ('gm', 'player', 'invite')),
  player_id   TEXT,
  created_at  INTEGER NOT NULL
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS tokens_by_table ON tokens(table_id);
CREATE TABLE IF NOT EXISTS encounters (
  id          TEXT PRIMARY KEY,
  table_id    TEXT NOT NULL REFERENCES tables(id),
  ruleset     TEXT NOT NULL,
  name        TEXT NOT NULL,
  status      TEXT NOT NULL,
  version     INTEGER NOT NULL,
  paused      INTEGER NOT NULL DEFAULT 0,
  created_at  INTEGER NOT NULL,
  document    TEXT
);
CREATE INDEX IF NOT EXISTS encounters_by_table ON encounters(table_id);
CREATE TABLE IF NOT EXISTS events (
  encounter_id TEXT NOT NULL REFERENCES encounters(id),
  seq          INTEGER NOT NULL,
  cmd          TEXT NOT NULL,
  body         TEXT NOT NULL,
  PRIMARY KEY (encounter_id, seq)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS log_commands (
  encounter_id TEXT NOT NULL REFERENCES encounters(id),
  cmd          TEXT NOT NULL,
  body         TEXT NOT NULL,
  PRIMARY KEY (encounter_id, cmd)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS commands (
  encounter_id TEXT NOT NULL REFERENCES encounters(id),
  command_id   TEXT NOT NULL,
  body_hash    TEXT NOT NULL,
  result       TEXT NOT NULL,
  PRIMARY KEY (encounter_id, command_id)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS roster_entries (
  table_id    TEXT NOT NULL REFERENCES tables(id),
  entry_id    TEXT NOT NULL,
  position    INTEGER NOT NULL,
  body        TEXT NOT NULL,
  PRIMARY KEY (table_id, entry_id)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS library_entries (
  table_id    TEXT NOT NULL REFERENCES tables(id),
  kind        TEXT NOT NULL,
  entry_id    TEXT NOT NULL,
  position    INTEGER NOT NULL,
  body        TEXT NOT NULL,
  PRIMARY KEY (table_id, kind, entry_id)
) WITHOUT ROWID;
-- version 2 only: the units and sides of encounters without a document (see version 4)
CREATE TABLE IF NOT EXISTS encounter_files (
  encounter_id TEXT PRIMARY KEY REFERENCES encounters(id),
  body         TEXT NOT NULL
) WITHOUT ROWID;
`;

const CHAT_V8 = `
CREATE TABLE IF NOT EXISTS chat_messages (
  table_id    TEXT NOT NULL REFERENCES tables(id),
  seq         INTEGER NOT NULL,
  id          TEXT NOT NULL,
  at          INTEGER NOT NULL,
  writer      TEXT NOT NULL,
  recipient   TEXT NOT NULL,
  body        TEXT NOT NULL,
  PRIMARY KEY (table_id, seq)
) WITHOUT ROWID;
CREATE UNIQUE INDEX IF NOT EXISTS chat_by_id ON chat_messages(table_id, id);
`;

/**
 * Version 5 adds `tables.last_active_at` (ms): the last activity `touchTable` recorded, the creation for a
 * table made before it, so idle tables can be found (and expired) by an index.
 */
interface Migration {
  version: number;
  up(db: Database.Database, from: number): void;
}

const MIGRATIONS: Migration[] = [
  {
    // versions 1 to 4: every statement of SCHEMA_V4 is CREATE ... IF NOT EXISTS, so a file at any of them
    // gets what it lacks; then the columns later versions added to existing tables
    version: 4,
    up(db, from) {
      db.exec(SCHEMA_V4);
      const columns = (db.pragma('table_info(encounters)') as { name: string }[]).map((c) => c.name);
      // version 3: the encounter's source document (NULL: none kept)
      if (!columns.includes('document')) db.exec('ALTER TABLE encounters ADD COLUMN document TEXT');
      // version 4: an encounter with a document keeps its units there only
      if (from < 4) db.exec('DELETE FROM encounter_files WHERE encounter_id IN (SELECT id FROM encounters WHERE document IS NOT NULL)');
    },
  },
  {
    version: 5,
    up(db) {
      const columns = (db.pragma('table_info(tables)') as { name: string }[]).map((c) => c.name);
      if (!columns.includes('last_active_at')) db.exec('ALTER TABLE tables ADD COLUMN last_active_at INTEGER NOT NULL DEFAULT 0; UPDATE tables SET last_active_at = created_at');
      db.exec('CREATE INDEX IF NOT EXISTS tables_by_activity ON tables(last_active_at)');
    },
  },
  {
    // version 6: the network a table was created from (upkeep.ts: tables one network holds); NULL before
    version: 6,
    up(db) {
      const columns = (db.pragma('table_info(tables)') as { name: string }[]).map((c) => c.name);
      if (!columns.includes('creator')) db.exec('ALTER TABLE tables ADD COLUMN creator TEXT');
      db.exec('CREATE INDEX IF NOT EXISTS tables_by_creator ON tables(creator)');
    },
  },
  {
    // version 7: map images, stored once by content hash (`images`), and which tables hold each (`table_images`:
    // the per-table bound, and what a deleted table lets go); see src/server/map-art.ts
    version: 7,
    up(db) {
      db.exec(`
        CREATE TABLE IF NOT EXISTS images (
          hash       TEXT PRIMARY KEY,
          type       TEXT NOT NULL,
          width      INTEGER NOT NULL,
          height     INTEGER NOT NULL,
          size       INTEGER NOT NULL,
          body       BLOB NOT NULL,
          created_at INTEGER NOT NULL
        );
        CREATE TABLE IF NOT EXISTS table_images (
          table_id   TEXT NOT NULL REFERENCES tables(id),
          hash       TEXT NOT NULL REFERENCES images(hash),
          PRIMARY KEY (table_id, hash)
        ) WITHOUT ROWID;
        CREATE INDEX IF NOT EXISTS table_images_by_hash ON table_images(hash);
      `);
    },
  },
  {
    // version 8: a table's chat and free rolls (src/server/chat.ts), numbered per table; only the last
    // Limits.chatKept are kept (version 7 is the map images')
    version: 8,
    up(db) {
      db.exec(CHAT_V8);
    },
  },
];

/**
 * Bring a file at any earlier version up to SCHEMA_VERSION, in one transaction: each migration past the
 * file's `user_version`, in order. A file newer than this server is refused, untouched.
 */
export function migrate(db: Database.Database): void {
  db.transaction(() => {
    const from = db.pragma('user_version', { simple: true }) as number;
    if (from > SCHEMA_VERSION) throw new Error(`database schema ${from} is newer than this server (${SCHEMA_VERSION})`);
    for (const m of MIGRATIONS) if (from < m.version) m.up(db, from);
    db.pragma(`user_version = ${SCHEMA_VERSION}`);
  }).immediate();
}
