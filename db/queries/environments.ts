import { asc, eq } from 'drizzle-orm';
import { defaultRemoteEnvId, type RemoteEnvConfig } from '../../lib/envs/remote/config';
import type { Db } from '../open';
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
