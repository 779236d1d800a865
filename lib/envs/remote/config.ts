import { z } from 'zod';

// The registration of a remote (HTTP-served) environment. Shared by the UI form, the API and the
// headless config file, so that all of them report the same messages for the same mistakes.

/**
 * Which entries of the server's dataset a task type draws from: an explicit list, or the
 * inclusive range `from..to` (`{from: 0, to: 99}` is 100 indices).
 */
export const dataIdxSchema = z.union([
  z.array(z.int().min(0)).min(1, { error: 'give at least one dataset index' }).max(100_000),
  z
    .object({ from: z.int().min(0), to: z.int().min(0) })
    .refine((r) => r.to >= r.from, { error: '"to" must not be below "from" (the range is inclusive)' }),
]);
export type DataIdx = z.infer<typeof dataIdxSchema>;

export const remoteTaskTypeSchema = z.object({
  id: z.string().trim().min(1, { error: 'task type id is required' }).max(100),
  label: z.string().trim().max(120).optional(),
  description: z.string().max(2000).optional(),
  split: z.enum(['train', 'heldout']),
  dataIdx: dataIdxSchema,
});

function compiles(source: string): boolean {
  try {
    new RegExp(source);
    return true;
  } catch {
    return false;
  }
}

export const remoteEnvConfigSchema = z
  .object({
    name: z.string().trim().min(1, { error: 'name is required' }).max(80),
    baseUrl: z
      .url({ protocol: /^https?$/, error: 'base URL must be an http(s) URL, e.g. http://127.0.0.1:8765' })
      .transform((u) => u.replace(/\/+$/, '')),
    /** The EnvSpec id tasks and episodes carry, e.g. "remote:3"; defaults to "remote:<name>". */
    id: z.string().trim().min(1).max(100).optional(),
    /** Recorded on every episode; set it when the server's environment changes. */
    version: z.string().trim().min(1).max(200).optional(),
    description: z.string().max(5000).optional(),
    taskTypes: z.array(remoteTaskTypeSchema).min(1, { error: 'declare at least one task type' }).max(200),
    maxSteps: z.int().min(1).max(1000),
    initialSystemPrompt: z.string().max(50_000).optional(),
    /** Regex sources (no flags) that mark an observation as negative feedback (LEAFE triggers). */
    negativeFeedback: z
      .array(z.string().min(1).max(500).refine(compiles, { error: 'not a valid regular expression' }))
      .max(100)
      .default([]),
    /** Per HTTP request, body included. */
    timeoutMs: z.int().min(50).max(600_000).default(30_000),
    /** Re-sends of an idempotent request after a transient failure (never of /step). */
    retries: z.int().min(0).max(10).default(3),
  })
  .superRefine((cfg, ctx) => {
    const seen = new Set<string>();
    cfg.taskTypes.forEach((t, i) => {
      if (seen.has(t.id)) ctx.addIssue({ code: 'custom', path: ['taskTypes', i, 'id'], message: `duplicate task type "${t.id}"` });
      seen.add(t.id);
    });
  });

export type RemoteEnvConfigInput = z.input<typeof remoteEnvConfigSchema>;
export type RemoteEnvConfig = z.output<typeof remoteEnvConfigSchema>;
export type RemoteTaskType = RemoteEnvConfig['taskTypes'][number];

export function defaultRemoteEnvId(name: string): string {
  const slug = name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return `remote:${slug || 'env'}`;
}

/**
 * The dataset index of a task: entry `seed mod n` of the type's n indices. A task is therefore
 * reproducible as long as the server's dataset is: the same (type, seed) always asks for the
 * same entry. Seeds beyond n wrap around onto the same n entries.
 */
export function dataIdxFor(type: RemoteTaskType, seed: number): number {
  const d = type.dataIdx;
  const n = Array.isArray(d) ? d.length : d.to - d.from + 1;
  const k = ((Math.trunc(seed) % n) + n) % n;
  return Array.isArray(d) ? d[k] : d.from + k;
}
