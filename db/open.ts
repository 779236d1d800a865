import Database from 'better-sqlite3';
import { drizzle, type BetterSQLite3Database } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import fs from 'node:fs';
import path from 'node:path';
import * as schema from './schema';

export type Db = BetterSQLite3Database<typeof schema> & { $client: Database.Database };

export const DEFAULT_DB_FILE = './data/reflectlab.db';

export function dbFileFromEnv(): string {
  return process.env.REFLECTLAB_DB || DEFAULT_DB_FILE;
}

function migrationsFolder(): string {
  return process.env.REFLECTLAB_MIGRATIONS || path.join(process.cwd(), 'db', 'migrations');
}

/**
 * Opens (creating if needed) and migrates a database file, or `:memory:`. The app wraps this in
 * db/client.ts to keep one connection per process; the CLI and tests call it directly.
 */
export function openDatabase(file: string = dbFileFromEnv()): Db {
  if (file !== ':memory:') fs.mkdirSync(path.dirname(path.resolve(/*turbopackIgnore: true*/ file)), { recursive: true });
  const sqlite = new Database(file);
  // WAL lets the pages read while the worker writes; busy_timeout absorbs the CLI and the app
  // writing the same file at once.
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const db = drizzle({ client: sqlite, schema }) as Db;
  migrate(db, { migrationsFolder: migrationsFolder() });
  return db;
}
