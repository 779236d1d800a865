import 'server-only';
import { getDb } from '@/db/client';
import { EnvironmentIdTakenError, getRemoteEnvironment, insertRemoteEnvironment, listRemoteEnvironments } from '@/db/queries/environments';
import { issuesByField } from '@/lib/ict/config';
import { describeEnv, findEnvSpec, listEnvSpecs } from '@/lib/envs/registry';
import { createRemoteEnvSpec } from '@/lib/envs/remote/adapter';
import { remoteEnvConfigSchema } from '@/lib/envs/remote/config';
import type { EnvSpec } from '@/lib/envs/types';

export type EnvironmentListItem = ReturnType<typeof describeEnv> & { kind: 'built-in' | 'remote'; baseUrl?: string };

/** Built-in and registered remote environments, as pages and `GET /api/environments` show them. */
export function listAllEnvironments(): EnvironmentListItem[] {
  const builtIn = listEnvSpecs().map((s) => ({ ...describeEnv(s), kind: 'built-in' as const }));
  const remote = listRemoteEnvironments(getDb()).map((r) => ({
    ...describeEnv(createRemoteEnvSpec(r.config)),
    kind: 'remote' as const,
    baseUrl: r.config.baseUrl,
  }));
  return [...builtIn, ...remote];
}

/** Any environment by id: built-in first, then the remote registry. */
export function resolveEnvSpec(id: string): EnvSpec | undefined {
  const builtIn = findEnvSpec(id);
  if (builtIn) return builtIn;
  const row = getRemoteEnvironment(getDb(), { id });
  return row ? createRemoteEnvSpec(row.config) : undefined;
}

export type RegisterResult =
  | { ok: true; id: string }
  | { ok: false; error: string; fields: Record<string, string[]>; reason: 'invalid' | 'taken' };

export function registerRemoteEnvironment(body: unknown): RegisterResult {
  const parsed = remoteEnvConfigSchema.safeParse(body);
  if (!parsed.success) {
    const fields = issuesByField(parsed.error);
    const summary = Object.entries(fields).map(([k, v]) => `${k}: ${v.join('; ')}`).join(' · ');
    return { ok: false, error: `invalid environment registration — ${summary}`, fields, reason: 'invalid' };
  }
  try {
    const id = insertRemoteEnvironment(getDb(), parsed.data, (candidate) => !!findEnvSpec(candidate));
    return { ok: true, id };
  } catch (e) {
    if (e instanceof EnvironmentIdTakenError) return { ok: false, error: e.message, fields: { name: [e.message] }, reason: 'taken' };
    throw e;
  }
}
