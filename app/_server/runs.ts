import 'server-only';
import { getDb } from '@/db/client';
import { insertRun } from '@/db/queries/runs';
import { getEndpointById } from '@/db/queries/endpoints';
import { getRemoteEnvironment } from '@/db/queries/environments';
import { findEnvSpec } from '@/lib/envs/registry';
import { ictConfigSchema, issuesByField, type IctConfig } from '@/lib/ict/config';

export type CreateRunResult = { ok: true; id: number } | { ok: false; error: string; fields: Record<string, string[]> };

/** Validates and queues a run; never runs it (the worker claims it). Shared by the form and the API. */
export function createRun(body: unknown): CreateRunResult {
  const parsed = ictConfigSchema.safeParse(withRemoteEnv(body));
  if (!parsed.success) {
    const fields = issuesByField(parsed.error);
    const first = Object.entries(fields)
      .map(([k, v]) => `${k}: ${v.join('; ')}`)
      .join(' · ');
    return { ok: false, error: `invalid run config — ${first}`, fields };
  }
  const db = getDb();
  const config = { ...parsed.data, actorEndpoint: undefined, reflectorEndpoint: undefined } as IctConfig;
  // The run keeps a snapshot of each endpoint as it was (never the key), so later edits to the
  // registry do not rewrite what a finished run used.
  const fields: Record<string, string[]> = {};
  for (const role of ['actor', 'reflector'] as const) {
    const choice = config[role];
    if (choice === 'offline') continue;
    const endpoint = getEndpointById(db, { id: choice });
    if (!endpoint) {
      fields[role] = [`${role} endpoint #${choice} does not exist`];
      continue;
    }
    const { maskedKey: _m, createdAt: _c, updatedAt: _u, ...snapshot } = endpoint;
    config[role === 'actor' ? 'actorEndpoint' : 'reflectorEndpoint'] = snapshot;
  }
  if (Object.keys(fields).length) {
    return { ok: false, error: `invalid run config — ${Object.entries(fields).map(([k, v]) => `${k}: ${v.join('; ')}`).join(' · ')}`, fields };
  }
  const id = insertRun(db, { name: config.name, kind: config.kind, config, seed: config.seed });
  return { ok: true, id };
}

/**
 * A run on a remote environment carries the registration as it was, so the worker (and later
 * readers) never depend on the registry row staying unchanged.
 */
function withRemoteEnv(body: unknown): unknown {
  if (typeof body !== 'object' || body === null) return body;
  const env = (body as { env?: unknown }).env;
  if (typeof env !== 'string' || findEnvSpec(env)) return { ...body, remoteEnv: undefined };
  const row = getRemoteEnvironment(getDb(), { id: env });
  return { ...body, remoteEnv: row?.config };
}

/** Route ids are positive integers; anything else is a 404, not a 500. */
export function parseId(raw: string): number | null {
  return /^[1-9]\d{0,15}$/.test(raw) ? Number(raw) : null;
}
