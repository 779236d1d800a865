import type { Db } from '../db/open';
import { syncEndpointsFromConfig } from '../db/queries/endpoints';

/**
 * Applies the headless config file (REFLECTLAB_ENDPOINTS) before the worker claims anything, so a
 * run queued from the CLI can name an endpoint that only the file defines. A bad file is logged
 * and skipped: the registry keeps what it had.
 */
export function applyConfigFile(db: Db, log: (msg: string) => void): void {
  try {
    const synced = syncEndpointsFromConfig(db);
    if (synced) log(`endpoints from ${synced.file}: ${synced.created.length} created, ${synced.updated.length} updated`);
  } catch (e) {
    log(`config file not applied: ${e instanceof Error ? e.message : String(e)}`);
  }
}
