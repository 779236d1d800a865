import { asc, eq } from 'drizzle-orm';
import { defaultRemoteEnvId, type RemoteEnvConfig } from '../../lib/envs/remote/config';
import type { Db } from '../open';

/** The database or a transaction on it. */
type Conn = Db | Parameters<Parameters<Db['transaction']>[0]>[0];
import { remoteEnvironments } from '../schema';

export class EnvironmentIdTakenError extends Error {
  constructor(readonly envId: string) {
    super(`an environment with id "${envId}" already exists; choose another name or id`);
    this.name = 'EnvironmentIdTakenError';
  }
}

export function remoteEnvIdOf(config: RemoteEnvConfig): string {
  return config.id ?? defaultRemoteEnvId(config.name);
}

export function listRemoteEnvironments(db: Db) {
  return db.select().from(remoteEnvironments).orderBy(asc(remoteEnvironments.name)).all();
}

export function getRemoteEnvironment(db: Db, { id }: { id: string }) {
  return db.select().from(remoteEnvironments).where(eq(remoteEnvironments.id, id)).get();
}

/** The id is fixed at registration: runs and episodes refer to it. */
export function insertRemoteEnvironment(db: Db, config: RemoteEnvConfig, reserved: (id: string) => boolean): string {
  const id = remoteEnvIdOf(config);
  if (reserved(id) || getRemoteEnvironment(db, { id })) throw new EnvironmentIdTakenError(id);
  db.insert(remoteEnvironments).values({ id, name: config.name, config: { ...config, id } }).run();
  return id;
}

export function deleteRemoteEnvironment(db: Db, { id }: { id: string }): boolean {
  return db.delete(remoteEnvironments).where(eq(remoteEnvironments.id, id)).run().changes > 0;
}

/** Inserts, or replaces the registration with the same id (the headless config file). */
export function upsertRemoteEnvironment(db: Conn, config: RemoteEnvConfig, reserved: (id: string) => boolean, now = Date.now()): { id: string; created: boolean } {
  const id = remoteEnvIdOf(config);
  if (reserved(id)) throw new EnvironmentIdTakenError(id);
  const existed = db.select({ id: remoteEnvironments.id }).from(remoteEnvironments).where(eq(remoteEnvironments.id, id)).get();
  const values = { name: config.name, config: { ...config, id }, updatedAt: now };
  db.insert(remoteEnvironments)
    .values({ id, ...values, createdAt: now })
    .onConflictDoUpdate({ target: remoteEnvironments.id, set: values })
    .run();
  return { id, created: !existed };
}
