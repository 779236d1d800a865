import type { Db } from '../db/open';
import { syncEndpointsFromConfig } from '../db/queries/endpoints';
import { findEnvSpec } from '../lib/envs/registry';

/**
 * Applies the headless config file (REFLECTLAB_ENDPOINTS: endpoints and remote environments) before the worker claims anything, so a
 * run queued from the CLI can name an endpoint that only the file defines. A bad file is logged
 * and skipped: the registry keeps what it had.
 */
export function applyConfigFile(db: Db, log: (msg: string) => void): void {
  try {
    const synced = syncEndpointsFromConfig(db, { reservedEnvIds: (id) => !!findEnvSpec(id) });
    if (synced) {
      log(
        `config ${synced.file}: endpoints ${synced.created.length} created, ${synced.updated.length} updated; ` +
          `remote environments ${synced.environments.created.length} created, ${synced.environments.updated.length} updated`,
      );
    }
  } catch (e) {
    log(`config file not applied: ${e instanceof Error ? e.message : String(e)}`);
  }
}
