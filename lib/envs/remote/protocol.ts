// AgentGym's environment-server protocol, as we speak it in both directions. Servers in the wild
// differ in small ways (a bare id, `state` for `observation`, a bare list of actions), so every
// response schema accepts each known variant and normalises it; our own server and client always
// send one shape (the first variant of each).
import { z } from 'zod';
import { dataIdxSchema } from './config';

export const ENDPOINTS = {
  create: 'POST /create',
  reset: 'POST /reset',
  step: 'POST /step',
  observation: 'GET /observation',
  availableActions: 'GET /available_actions',
  detail: 'GET /detail',
  close: 'POST /close',
  /** Extension: our environment description; third-party servers answer 404. */
  spec: 'GET /spec',
  /** Extension: liveness, for our server only. */
  health: 'GET /health',
} as const;
export type Endpoint = (typeof ENDPOINTS)[keyof typeof ENDPOINTS];

/** AgentGym servers number instances; a string id is passed back as given. */
export const instanceIdSchema = z.union([z.int(), z.string().min(1).max(200)]);
export type InstanceId = z.infer<typeof instanceIdSchema>;

// ---- requests (what our client sends and our server accepts) ----

/** Extension: the task the client means, so that a server that knows its task types need not map indices. */
export const wireTaskSchema = z.object({
  taskType: z.string().min(1).max(100),
  taskId: z.string().max(200).optional(),
  seed: z.int(),
});
export type WireTask = z.infer<typeof wireTaskSchema>;

export const resetRequestSchema = z.object({
  id: instanceIdSchema,
  data_idx: z.int().min(0).optional(),
  task: wireTaskSchema.optional(),
});
export type ResetRequest = z.infer<typeof resetRequestSchema>;

export const stepRequestSchema = z.object({ id: instanceIdSchema, action: z.string().max(10_000) });
export type StepRequest = z.infer<typeof stepRequestSchema>;

export const closeRequestSchema = z.object({ id: instanceIdSchema });

// ---- responses ----

export const createResponseSchema = z
  .union([instanceIdSchema, z.object({ id: instanceIdSchema }).loose()])
  .transform((v) => (typeof v === 'object' ? v.id : v));

const asText = (v: unknown) => (typeof v === 'string' ? v : JSON.stringify(v));
const actionsList = z.array(z.union([z.string(), z.number()]).transform(String));
/** `info` is the server's own business; anything that is not an object is kept under `value`. */
const infoSchema = z.unknown().transform((v): Record<string, unknown> => {
  if (v && typeof v === 'object' && !Array.isArray(v)) return v as Record<string, unknown>;
  return v === undefined || v === null ? {} : { value: v };
});
/** Python servers sometimes send numpy-ish 0/1 for booleans. */
const flag = z.union([z.boolean(), z.literal(0), z.literal(1)]).transform(Boolean);
const numberish = z.union([z.number(), z.string().regex(/^\s*-?\d+(\.\d+)?([eE][-+]?\d+)?\s*$/).transform(Number)]);

const observationFields = z
  .object({
    observation: z.unknown().optional(),
    state: z.unknown().optional(),
    available_actions: actionsList.nullish(),
    goal: z.string().nullish(),
    info: infoSchema.optional(),
  })
  .loose();

function observationOf(v: { observation?: unknown; state?: unknown }): string | undefined {
  const o = v.observation ?? v.state;
  return o === undefined || o === null ? undefined : asText(o);
}

export interface WireObservation {
  observation: string;
  availableActions?: string[];
  goal?: string;
  info: Record<string, unknown>;
}

/** /reset and /observation: `{observation}`, `{state}` or a bare string. */
export const observationResponseSchema = z.union([z.string(), observationFields]).transform((v, ctx): WireObservation => {
  if (typeof v === 'string') return { observation: v, info: {} };
  const observation = observationOf(v);
  if (observation === undefined) {
    ctx.addIssue({ code: 'custom', message: 'neither "observation" nor "state" in the response' });
    return z.NEVER;
  }
  return { observation, availableActions: v.available_actions ?? undefined, goal: v.goal ?? undefined, info: v.info ?? {} };
});

export interface WireStep extends WireObservation {
  reward: number;
  done: boolean;
  /** Absent when the server did not say; the adapter then applies its rule. */
  success?: boolean;
  negative?: boolean;
}

export const stepResponseSchema = observationFields
  .extend({ reward: numberish, done: flag, success: flag.optional(), negative: flag.optional() })
  .transform((v, ctx): WireStep => {
    const observation = observationOf(v);
    if (observation === undefined) {
      ctx.addIssue({ code: 'custom', message: 'neither "observation" nor "state" in the step response' });
      return z.NEVER;
    }
    const info = v.info ?? {};
    const bool = (x: unknown) => (typeof x === 'boolean' ? x : undefined);
    return {
      observation,
      reward: v.reward,
      done: v.done,
      success: v.success ?? bool(info.success),
      negative: v.negative ?? bool(info.negative),
      availableActions: v.available_actions ?? undefined,
      goal: v.goal ?? undefined,
      info,
    };
  });

/** A list, or `{available_actions: [...]}`. */
export const availableActionsResponseSchema = z
  .union([actionsList, z.object({ available_actions: actionsList }).loose()])
  .transform((v) => (Array.isArray(v) ? v : v.available_actions));

/** /detail is server-defined; ours sends `ServerDetail`. */
export const detailResponseSchema = infoSchema;

/** AgentGym reports failures as HTTP 200 with `{"error": "..."}` or `{"error": {...}}`. */
export function embeddedError(json: unknown): { message: string; code?: string | number } | null {
  if (!json || typeof json !== 'object' || Array.isArray(json)) return null;
  const e = (json as { error?: unknown }).error;
  if (e === undefined || e === null || e === '' || e === false) return null;
  if (typeof e === 'string') return { message: e };
  if (typeof e === 'object') {
    const o = e as { message?: unknown; detail?: unknown; code?: unknown };
    const msg = typeof o.message === 'string' ? o.message : typeof o.detail === 'string' ? o.detail : JSON.stringify(e);
    const code = typeof o.code === 'number' || typeof o.code === 'string' ? o.code : undefined;
    return code === undefined ? { message: msg } : { message: msg, code };
  }
  return { message: String(e) };
}

/** GET /spec (extension): describeEnv() of lib/envs/registry.ts plus per-type dataset indices. */
export const wireSpecSchema = z
  .object({
    id: z.string().min(1),
    name: z.string().min(1),
    version: z.string().min(1),
    description: z.string().default(''),
    maxSteps: z.int().min(1),
    initialSystemPrompt: z.string().default(''),
    taskTypes: z
      .array(
        z
          .object({
            id: z.string().min(1),
            label: z.string().optional(),
            description: z.string().optional(),
            split: z.enum(['train', 'heldout']).default('train'),
            /** Indices of the server's dataset that hold tasks of this type. */
            dataIdx: dataIdxSchema.optional(),
          })
          .loose(),
      )
      .min(1),
    negativeFeedback: z.array(z.string()).default([]),
    pitfalls: z.array(z.object({ id: z.string(), description: z.string(), lesson: z.string() }).loose()).default([]),
  })
  .loose();
export type WireSpec = z.output<typeof wireSpecSchema>;
