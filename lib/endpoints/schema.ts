import { z } from 'zod';

// Shared by the Endpoints form (server action), POST /api/endpoints and the headless config file.

export const ENDPOINT_ROLES = ['actor', 'reflector'] as const;

export const samplingParamsSchema = z.object({
  temperature: z.number().min(0).max(2).optional(),
  topP: z.number().gt(0).max(1).optional(),
  maxTokens: z.int().min(1).max(1_000_000).optional(),
  stop: z.array(z.string()).max(16).optional(),
  /** Stream replies (gives time-to-first-token and an early first-byte timeout). */
  stream: z.boolean().optional(),
});
export type SamplingParams = z.infer<typeof samplingParamsSchema>;

/** What identifies a reflector checkpoint, for comparisons. */
export const checkpointLabelSchema = z.object({
  baseModel: z.string().trim().max(200).optional(),
  trainingStep: z.int().min(0).optional(),
  notes: z.string().max(2000).optional(),
});

export const endpointInputSchema = z.object({
  name: z.string().trim().min(1, { error: 'name is required' }).max(80),
  baseUrl: z
    .url({ protocol: /^https?$/, error: 'base URL must be an http(s) URL, e.g. http://127.0.0.1:8000/v1' })
    .transform((u) => u.replace(/\/+$/, '')),
  model: z.string().trim().min(1, { error: 'model is required' }).max(300),
  /** Write-only: stored server-side, never returned. Omitted on edit = keep the stored key. */
  apiKey: z.string().max(4096).optional(),
  params: samplingParamsSchema.default({}),
  concurrency: z.int().min(1).max(1024).default(16),
  timeoutMs: z.int().min(1000).max(3_600_000).default(120_000),
  /** Retries of a failed call (429, 503, 5xx, timeouts, network) before the episode errors. */
  maxRetries: z.int().min(0).max(20).default(5),
  roleHints: z.array(z.enum(ENDPOINT_ROLES)).default([]),
  label: checkpointLabelSchema.optional(),
});
export type EndpointInput = z.input<typeof endpointInputSchema>;
export type EndpointConfig = z.output<typeof endpointInputSchema>;

/** An endpoint as a run stores it and the browser sees it: never the key, only whether one is set. */
export interface EndpointSnapshot extends Omit<EndpointConfig, 'apiKey'> {
  id: number;
  hasApiKey: boolean;
}

/** "sk-…abcd": enough to tell keys apart, too little to use. */
export function maskKey(key: string | null | undefined): string | null {
  if (!key) return null;
  return key.length <= 8 ? '••••' : `${key.slice(0, 3)}…${key.slice(-4)}`;
}

export const endpointSnapshotSchema = endpointInputSchema
  .omit({ apiKey: true })
  .extend({ id: z.int().positive(), hasApiKey: z.boolean(), baseUrl: z.string() });
