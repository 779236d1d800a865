import 'server-only';
import { openDatabase, type Db } from './open';

// One connection per server process, kept on globalThis so dev-mode reloads do not open more.
const g = globalThis as unknown as { __reflectlabDb?: Db };

export function getDb(): Db {
  g.__reflectlabDb ??= openDatabase();
  return g.__reflectlabDb;
}
