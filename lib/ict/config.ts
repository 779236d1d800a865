import { z } from 'zod';
import { ACTOR_PLACEHOLDERS, REFLECTOR_PLACEHOLDERS, templatePlaceholders } from '../agents/llm/templates';
import { endpointSnapshotSchema } from '../endpoints/schema';
import { defaultSplit, findEnvSpec } from '../envs/registry';
import { createRemoteEnvSpec } from '../envs/remote/adapter';
import { defaultRemoteEnvId, remoteEnvConfigSchema, type RemoteEnvConfig } from '../envs/remote/config';
import type { EnvSpec } from '../envs/types';

/** `"offline"` (the scripted policy) or the id of a registered endpoint. */
const agentChoice = (role: string) =>
  z.union([z.literal('offline'), z.int().positive(), z.string().regex(/^[1-9]\d*$/).transform(Number)], {
    error: `${role} must be "offline" (the offline scripted policy) or an endpoint id`,
  });

/** Per-run overrides of the environment's prompt templates (see lib/agents/llm/templates.ts). */
export const templateOverridesSchema = z.object({
  actorUser: z.string().max(20_000).optional(),
  reflectorSystem: z.string().max(50_000).optional(),
  reflectorUser: z.string().max(20_000).optional(),
});

// Shared by the New-run form (server action) and POST /api/runs, so that both report the
// same messages for the same mistakes.
export const ictConfigSchema = z
  .object({
    kind: z.literal('ict').default('ict'),
    name: z.string().trim().min(1, { error: 'name is required' }).max(120),
    env: z.string().min(1, { error: 'environment is required' }),
    trainTaskTypes: z.array(z.string()).optional(),
    heldOutTaskTypes: z.array(z.string()).optional(),
    batchSize: z.int().min(1).max(64).default(3),
    metaTurns: z.int().min(1).max(50).default(4),
    valTasks: z.int().min(1).max(500).default(12),
    seed: z.int().min(0).max(2 ** 31 - 1).default(1),
    actor: agentChoice('actor').default('offline'),
    reflector: agentChoice('reflector').default('offline'),
    /** Filled in by the server from the endpoint registry when the run is created (never the key). */
    actorEndpoint: endpointSnapshotSchema.optional(),
    reflectorEndpoint: endpointSnapshotSchema.optional(),
    templates: templateOverridesSchema.optional(),
    /** For a remote environment: its registration as it was when the run was created. */
    remoteEnv: remoteEnvConfigSchema.optional(),
    /** Steps of history an LLM actor is shown (the full history is always stored). */
    historyWindow: z.int().min(0).max(200).default(8),
    /** Episodes run concurrently within a meta-turn. */
    parallelEpisodes: z.int().min(1).max(256).default(16),
    /** Simulated thinking time of the offline actor per step, so a run can be watched live. */
    offlineStepDelayMs: z.int().min(0).max(10_000).default(0),
    /** Probability that the scripted actor makes an unlearned pitfall's mistake when it can. */
    offlineSlipRate: z.number().min(0).max(1).default(0.6),
  })
  .transform((cfg, ctx) => {
    const spec = specFor(cfg.env, cfg.remoteEnv);
    if (!spec) {
      ctx.addIssue({ code: 'custom', path: ['env'], message: `unknown environment "${cfg.env}"` });
      return z.NEVER;
    }
    const split = defaultSplit(spec);
    const train = cfg.trainTaskTypes ?? split.train;
    const heldOut = cfg.heldOutTaskTypes ?? split.heldout;
    const known = new Set(spec.taskTypes.map((t) => t.id));
    for (const [path, list] of [
      ['trainTaskTypes', train],
      ['heldOutTaskTypes', heldOut],
    ] as const) {
      if (list.length === 0) ctx.addIssue({ code: 'custom', path: [path], message: 'choose at least one task type' });
      for (const t of list) {
        if (!known.has(t))
          ctx.addIssue({ code: 'custom', path: [path], message: `"${t}" is not a task type of ${spec.id}` });
      }
    }
    const overlap = train.filter((t) => heldOut.includes(t));
    if (overlap.length > 0) {
      ctx.addIssue({
        code: 'custom',
        path: ['heldOutTaskTypes'],
        message: `held-out task types must not be trained on: ${overlap.join(', ')}`,
      });
    }
    if (cfg.actor === 'offline' && !spec.create().oracle) {
      ctx.addIssue({
        code: 'custom',
        path: ['actor'],
        message: `the offline scripted policy needs a privileged planner, which ${spec.id} does not have: choose an endpoint as actor`,
      });
    }
    // A template typo is reported when the run is created, not when its first model call fails.
    const allowed = { actorUser: ACTOR_PLACEHOLDERS, reflectorSystem: REFLECTOR_PLACEHOLDERS, reflectorUser: REFLECTOR_PLACEHOLDERS };
    for (const [key, names] of Object.entries(allowed) as [keyof typeof allowed, readonly string[]][]) {
      const unknown = templatePlaceholders(cfg.templates?.[key] ?? '').filter((n) => !names.includes(n));
      if (unknown.length) {
        ctx.addIssue({
          code: 'custom',
          path: ['templates', key],
          message: `unknown placeholder ${unknown.map((n) => `{${n}}`).join(', ')}; known: ${names.map((n) => `{${n}}`).join(', ')} (write {{name}} for literal braces)`,
        });
      }
    }
    return { ...cfg, trainTaskTypes: train, heldOutTaskTypes: heldOut };
  });

/** A built-in environment, or a remote one from the registration a run carries. */
function specFor(env: string, remote: RemoteEnvConfig | undefined): EnvSpec | undefined {
  const builtIn = findEnvSpec(env);
  if (builtIn) return builtIn;
  if (remote && (remote.id ?? defaultRemoteEnvId(remote.name)) === env) return createRemoteEnvSpec(remote);
  return undefined;
}

/** The environment a parsed config runs on. */
export function envSpecOf(config: Pick<IctConfig, 'env' | 'remoteEnv'>): EnvSpec {
  const spec = specFor(config.env, config.remoteEnv);
  if (!spec) throw new Error(`unknown environment "${config.env}"`);
  return spec;
}

export type IctConfigInput = z.input<typeof ictConfigSchema>;
export type IctConfig = z.output<typeof ictConfigSchema>;

/** Turns zod issues into `{ field: [messages] }` for forms and `400` bodies alike. */
export function issuesByField(error: z.ZodError): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.join('.') : '_';
    (out[key] ??= []).push(issue.message);
  }
  return out;
}
