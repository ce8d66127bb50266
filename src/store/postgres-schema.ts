/**
 * The PostgreSQL schema, as numbered migrations recorded in `schema_migrations`. Every process runs
 * `migratePostgres` at start; an advisory lock makes the second of two starting at once wait, then find
 * nothing left to do. A database newer than this server is refused, untouched.
 *
 * Version 1 is the SQLite schema at its version 5 (sqlite-schema.ts), less what only old SQLite files
 * need (`encounter_files`). Appends are serialised by the database twice over: the expected-version
 * update of `encounters` (a row lock: the second of two writers finds the version moved and writes
 * nothing) and the primary key (encounter_id, seq) of `events`.
 */
import type pg from 'pg';

export const PG_SCHEMA_VERSION = 4;

/** Any fixed number: the key of the advisory lock migrations hold. */
const MIGRATION_LOCK = 7_734_201;

const MIGRATIONS: { version: number; sql: string }[] = [
  {
    version: 1,
    sql: `
      CREATE TABLE tables (
        id             text PRIMARY KEY,
        name           text NOT NULL,
        settings       text NOT NULL,
        created_at     bigint NOT NULL,
        last_active_at bigint NOT NULL
      );
      CREATE INDEX tables_by_activity ON tables (last_active_at);
      CREATE TABLE players (
        table_id   text NOT NULL REFERENCES tables (id),
        player_id  text NOT NULL,
        name       text NOT NULL,
        created_at bigint NOT NULL,
        PRIMARY KEY (table_id, player_id)
      );
      CREATE TABLE tokens (
        hash       text PRIMARY KEY,
        table_id   text NOT NULL REFERENCES tables (id),
        role       text NOT NULL CHECK (role IN ('gm', 'player', 'invite')),
        player_id  text,
        created_at bigint NOT NULL
      );
      CREATE INDEX tokens_by_table ON tokens (table_id, player_id);
      CREATE TABLE encounters (
        id         text PRIMARY KEY,
        table_id   text NOT NULL REFERENCES tables (id),
        ruleset    text NOT NULL,
        name       text NOT NULL,
        status     text NOT NULL,
        version    integer NOT NULL,
        paused     boolean NOT NULL DEFAULT false,
        created_at bigint NOT NULL,
        document   text
      );
      CREATE INDEX encounters_by_table ON encounters (table_id, created_at, id);
      CREATE TABLE events (
        encounter_id text NOT NULL REFERENCES encounters (id),
        seq          integer NOT NULL,
        cmd          text NOT NULL,
        body         text NOT NULL,
        PRIMARY KEY (encounter_id, seq)
      );
      CREATE TABLE log_commands (
        encounter_id text NOT NULL REFERENCES encounters (id),
        cmd          text NOT NULL,
        body         text NOT NULL,
        PRIMARY KEY (encounter_id, cmd)
      );
      CREATE TABLE commands (
        encounter_id text NOT NULL REFERENCES encounters (id),
        command_id   text NOT NULL,
        body_hash    text NOT NULL,
        result       text NOT NULL,
        PRIMARY KEY (encounter_id, command_id)
      );
      CREATE TABLE roster_entries (
        table_id text NOT NULL REFERENCES tables (id),
        entry_id text NOT NULL,
        position integer NOT NULL,
        body     text NOT NULL,
        PRIMARY KEY (table_id, entry_id)
      );
      CREATE TABLE library_entries (
        table_id text NOT NULL REFERENCES tables (id),
        kind     text NOT NULL,
        entry_id text NOT NULL,
        position integer NOT NULL,
        body     text NOT NULL,
        PRIMARY KEY (table_id, kind, entry_id)
      );
    `,
  },
  {
    // the network a table was created from (src/server/upkeep.ts: tables one network holds); NULL before
    version: 2,
    sql: `
      ALTER TABLE tables ADD COLUMN creator text;
      CREATE INDEX tables_by_creator ON tables (creator);
    `,
  },
  {
    // map images, stored once by content hash, and which tables hold each (SQLite's version 7)
    version: 3,
    sql: `
      CREATE TABLE images (
        hash       text PRIMARY KEY,
        type       text NOT NULL,
        width      integer NOT NULL,
        height     integer NOT NULL,
        size       integer NOT NULL,
        body       bytea NOT NULL,
        created_at bigint NOT NULL
      );
      CREATE TABLE table_images (
        table_id text NOT NULL REFERENCES tables (id),
        hash     text NOT NULL REFERENCES images (hash),
        PRIMARY KEY (table_id, hash)
      );
      CREATE INDEX table_images_by_hash ON table_images (hash);
    `,
  },
  {
    // a table's chat and free rolls (src/server/chat.ts), numbered per table; only the last Limits.chatKept
    // are kept (version 3 is the map images')
    version: 4,
    sql: `
      CREATE TABLE chat_messages (
        table_id  text NOT NULL REFERENCES tables (id),
        seq       integer NOT NULL,
        id        text NOT NULL,
        at        bigint NOT NULL,
        writer    text NOT NULL,
        recipient text NOT NULL,
        body      text NOT NULL,
        PRIMARY KEY (table_id, seq)
      );
      CREATE UNIQUE INDEX chat_by_id ON chat_messages (table_id, id);
    `,
  },
];

/** Bring the database up to PG_SCHEMA_VERSION: each migration not yet recorded, in order, in one transaction. */
export async function migratePostgres(client: pg.ClientBase): Promise<void> {
  await client.query('BEGIN');
  try {
    await client.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
    await client.query('CREATE TABLE IF NOT EXISTS schema_migrations (version integer PRIMARY KEY, applied_at bigint NOT NULL)');
    const { rows } = await client.query<{ v: number | null }>('SELECT max(version) AS v FROM schema_migrations');
    const from = rows[0]?.v ?? 0;
    if (from > PG_SCHEMA_VERSION) throw new Error(`database schema ${from} is newer than this server (${PG_SCHEMA_VERSION})`);
    for (const m of MIGRATIONS) {
      if (m.version <= from) continue;
      await client.query(m.sql);
      await client.query('INSERT INTO schema_migrations (version, applied_at) VALUES ($1, $2)', [m.version, Date.now()]);
    }
    await client.query('COMMIT');
  } catch (err) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw err;
  }
}
