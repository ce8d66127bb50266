// Persistence behind one contract (store.ts): SQLite by default, PostgreSQL for several server processes.
export * from './store.ts';
export type { EncounterFile } from './roster.ts';
export { SqliteStore, type Synchronous } from './sqlite.ts';
export { PostgresStore, redact, type PostgresOptions } from './postgres.ts';
export { PG_SCHEMA_VERSION } from './postgres-schema.ts';
export { SCHEMA_VERSION } from './sqlite-schema.ts';
export { openStore, isPostgresUrl, type OpenOptions } from './open.ts';
