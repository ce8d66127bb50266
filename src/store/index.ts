// Persistence: one SQLite file of tables, hashed tokens and append-only encounter logs.
export * from './store.ts';
export { SCHEMA_VERSION } from './schema.ts';
