import 'server-only';
import { getDb } from '@/db/client';
import { insertRun } from '@/db/queries/runs';
import { ictConfigSchema, issuesByField } from '@/lib/ict/config';

export type CreateRunResult = { ok: true; id: number } | { ok: false; error: string; fields: Record<string, string[]> };

/** Validates and queues a run; never runs it (the worker claims it). Shared by the form and the API. */
export function createRun(body: unknown): CreateRunResult {
  const parsed = ictConfigSchema.safeParse(body);
  if (!parsed.success) {
    const fields = issuesByField(parsed.error);
    const first = Object.entries(fields)
      .map(([k, v]) => `${k}: ${v.join('; ')}`)
      .join(' · ');
    return { ok: false, error: `invalid run config — ${first}`, fields };
  }
  const config = parsed.data;
  const id = insertRun(getDb(), { name: config.name, kind: config.kind, config, seed: config.seed });
  return { ok: true, id };
}

/** Route ids are positive integers; anything else is a 404, not a 500. */
export function parseId(raw: string): number | null {
  return /^[1-9]\d{0,15}$/.test(raw) ? Number(raw) : null;
}
