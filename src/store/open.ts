/** Open the store a location names: a postgres:// URL is PostgreSQL, anything else a SQLite file path. */
import { SqliteStore, type Synchronous } from './sqlite.ts';
import type { Store } from './store.ts';

export interface OpenOptions {
  /** SQLite only: `synchronous` FULL (default) or NORMAL. */
  synchronous?: Synchronous;
}

export const isPostgresUrl = (location: string): boolean => /^postgres(ql)?:\/\//i.test(location);

export async function openStore(location: string, options: OpenOptions = {}): Promise<Store> {
  if (isPostgresUrl(location)) throw new Error('this server build has no PostgreSQL store');
  return new SqliteStore({ path: location, synchronous: options.synchronous ?? 'full' });
}
