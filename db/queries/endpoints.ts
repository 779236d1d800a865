import { asc, eq } from 'drizzle-orm';
import { loadEndpointsConfigFile } from '../../lib/endpoints/config-file';
import { maskKey, type EndpointConfig, type EndpointSnapshot, type SamplingParams } from '../../lib/endpoints/schema';
import type { Db } from '../open';
import { upsertRemoteEnvironment } from './environments';
import { endpoints, type EndpointRow } from '../schema';

/** The database or a transaction on it. */
type Conn = Db | Parameters<Parameters<Db['transaction']>[0]>[0];

// The API key column is write-only for everything but getEndpointSecret: views are built from the
// row by toView, which keeps only whether a key is set and its masked form.

/** An endpoint as pages and the JSON API show it. */
export interface EndpointView extends EndpointSnapshot {
  /** e.g. "sk-…abcd"; null when no key is stored. */
  maskedKey: string | null;
  createdAt: number;
  updatedAt: number;
}

export class EndpointNameTakenError extends Error {
  constructor(readonly endpointName: string) {
    super(`an endpoint named "${endpointName}" already exists; choose another name`);
    this.name = 'EndpointNameTakenError';
  }
}

function toView({ apiKey, label, params, roleHints, ...row }: EndpointRow): EndpointView {
  return {
    ...row,
    params: params as SamplingParams,
    roleHints: roleHints as EndpointView['roleHints'],
    ...(label ? { label: label as EndpointView['label'] } : {}),
    hasApiKey: !!apiKey,
    maskedKey: maskKey(apiKey),
  };
}

function isNameTaken(e: unknown): boolean {
  const err = e as { code?: unknown; message?: unknown; cause?: { code?: unknown; message?: unknown } };
  return [err, err?.cause].some((x) => x?.code === 'SQLITE_CONSTRAINT_UNIQUE' && String(x.message).includes('endpoints.name'));
}

/** Stored keys: trimmed, and empty means none. */
const storedKey = (key: string) => key.trim() || null;

function columnsOf(config: EndpointConfig) {
  return {
    name: config.name,
    baseUrl: config.baseUrl,
    model: config.model,
    params: config.params,
    concurrency: config.concurrency,
    timeoutMs: config.timeoutMs,
    maxRetries: config.maxRetries,
    roleHints: config.roleHints,
    label: config.label ?? null,
  };
}

export function listEndpoints(db: Db): EndpointView[] {
  return db.select().from(endpoints).orderBy(asc(endpoints.name), asc(endpoints.id)).all().map(toView);
}

export function getEndpointById(db: Db, { id }: { id: number }): EndpointView | undefined {
  const row = db.select().from(endpoints).where(eq(endpoints.id, id)).get();
  return row && toView(row);
}

/**
 * The stored key, for building the model client on the server (worker, connection test). Never
 * pass its result to a page, a response, a log line or a run's stored config.
 */
export function getEndpointSecret(db: Db, { id }: { id: number }): { apiKey: string | null } | undefined {
  return db.select({ apiKey: endpoints.apiKey }).from(endpoints).where(eq(endpoints.id, id)).get();
}

/** Throws EndpointNameTakenError when the name is in use. */
export function insertEndpoint(db: Db, config: EndpointConfig): number {
  try {
    return db
      .insert(endpoints)
      .values({ ...columnsOf(config), apiKey: config.apiKey === undefined ? null : storedKey(config.apiKey) })
      .returning({ id: endpoints.id })
      .get().id;
  } catch (e) {
    if (isNameTaken(e)) throw new EndpointNameTakenError(config.name);
    throw e;
  }
}

/**
 * Replaces the endpoint's config. `config.apiKey` undefined keeps the stored key; `''` clears it.
 * Returns false when there is no such endpoint; throws EndpointNameTakenError on a taken name.
 */
export function updateEndpoint(db: Db, { id, config, now = Date.now() }: { id: number; config: EndpointConfig; now?: number }): boolean {
  try {
    const row = db
      .update(endpoints)
      .set({ ...columnsOf(config), ...(config.apiKey === undefined ? {} : { apiKey: storedKey(config.apiKey) }), updatedAt: now })
      .where(eq(endpoints.id, id))
      .returning({ id: endpoints.id })
      .get();
    return !!row;
  } catch (e) {
    if (isNameTaken(e)) throw new EndpointNameTakenError(config.name);
    throw e;
  }
}

export function deleteEndpoint(db: Db, { id }: { id: number }): boolean {
  return !!db.delete(endpoints).where(eq(endpoints.id, id)).returning({ id: endpoints.id }).get();
}

/** Inserts, or updates the endpoint of the same name (keeping its key when `apiKey` is undefined). */
export function upsertEndpointByName(db: Conn, config: EndpointConfig, now = Date.now()): { id: number; created: boolean } {
  const existed = db.select({ id: endpoints.id }).from(endpoints).where(eq(endpoints.name, config.name)).get();
  const set = { ...columnsOf(config), ...(config.apiKey === undefined ? {} : { apiKey: storedKey(config.apiKey) }), updatedAt: now };
  const row = db
    .insert(endpoints)
    .values({ ...columnsOf(config), apiKey: config.apiKey === undefined ? null : storedKey(config.apiKey), createdAt: now, updatedAt: now })
    .onConflictDoUpdate({ target: endpoints.name, set })
    .returning({ id: endpoints.id })
    .get();
  return { id: row.id, created: !existed };
}

/** All or nothing: one failing endpoint leaves the table as it was. */
export function upsertEndpointsByName(db: Db, configs: EndpointConfig[], now = Date.now()): { created: string[]; updated: string[] } {
  return db.transaction((tx) => {
    const out = { created: [] as string[], updated: [] as string[] };
    for (const config of configs) (upsertEndpointByName(tx, config, now).created ? out.created : out.updated).push(config.name);
    return out;
  });
}

/**
 * Applies the headless config file (REFLECTLAB_ENDPOINTS, else ./reflectlab.endpoints.json if
 * present): its endpoints by name and its remote environments by id, in one transaction. Returns
 * null when there is no file; throws EndpointsConfigError (listing every problem, writing nothing)
 * for a bad one. Entries not in the file are left alone. `reservedEnvIds` are the built-in ids.
 */
export function syncEndpointsFromConfig(
  db: Db,
  opts: { env?: Record<string, string | undefined>; cwd?: string; reservedEnvIds?: (id: string) => boolean } = {},
): { file: string; created: string[]; updated: string[]; environments: { created: string[]; updated: string[] } } | null {
  const loaded = loadEndpointsConfigFile(opts);
  if (!loaded) return null;
  const now = Date.now();
  return db.transaction((tx) => {
    const out = { file: loaded.file, created: [] as string[], updated: [] as string[], environments: { created: [] as string[], updated: [] as string[] } };
    for (const config of loaded.endpoints) (upsertEndpointByName(tx, config, now).created ? out.created : out.updated).push(config.name);
    for (const config of loaded.environments) {
      const r = upsertRemoteEnvironment(tx, config, opts.reservedEnvIds ?? (() => false), now);
      (r.created ? out.environments.created : out.environments.updated).push(r.id);
    }
    return out;
  });
}
