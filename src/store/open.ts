/** Open the store a location names: a postgres:// URL is PostgreSQL, anything else a SQLite file path. */
import { PostgresStore, type PostgresOptions } from './postgres.ts';
import { SqliteStore, type Synchronous } from './sqlite.ts';
import type { Store } from './store.ts';

export interface OpenOptions {
  /** SQLite only: `synchronous` FULL (default) or NORMAL. */
  synchronous?: Synchronous;
  /** PostgreSQL only: pool size and connect timeout. */
  postgres?: PostgresOptions;
}

export const isPostgresUrl = (location: string): boolean => /^postgres(ql)?:\/\//i.test(location);

export async function openStore(location: string, options: OpenOptions = {}): Promise<Store> {
  if (isPostgresUrl(location)) return PostgresStore.open(location, options.postgres);
  return new SqliteStore({ path: location, synchronous: options.synchronous ?? 'full' });
}
