// An environment served over HTTP (AgentGym's protocol, see protocol.ts) as an EnvSpec. Remote
// environments have no snapshot and no oracle: rollback replays the action prefix
// (lib/envs/rollback.ts), and only LLM actors can play them.
import { z } from 'zod';
import type { Env, EnvSpec, ResetResult, StepResult, Task } from '../types';
import { RemoteEnvClient, RemoteEnvError, isRemoteEnvError, type ClientOptions } from './client';
import { dataIdxFor, defaultRemoteEnvId, remoteEnvConfigSchema, type RemoteEnvConfig, type RemoteEnvConfigInput } from './config';
import {
  ENDPOINTS,
  availableActionsResponseSchema,
  createResponseSchema,
  detailResponseSchema,
  observationResponseSchema,
  stepResponseSchema,
  wireSpecSchema,
  type InstanceId,
  type WireSpec,
} from './protocol';

export { RemoteEnvError, isRemoteEnvError, type RemoteEnvErrorKind } from './client';
export { dataIdxFor, remoteEnvConfigSchema, type RemoteEnvConfig, type RemoteEnvConfigInput } from './config';

const GENERIC_SYSTEM_PROMPT = [
  'You are an agent acting in a text environment. Each turn you receive an observation of what',
  'happened and, where the environment lists them, the admissible actions. Accomplish the task',
  'stated in the first observation.',
  '',
  'Reply in exactly this format:',
  'Thought: <your brief reasoning>',
  'Action: <one action>',
].join('\n');

/** Test and embedding hooks; not part of the stored configuration. */
export type RemoteEnvOptions = Pick<ClientOptions, 'retry' | 'fetch'>;

export interface RemoteEnvSpec extends EnvSpec {
  readonly remote: RemoteEnvConfig;
  create(): RemoteEnv;
}

export function createRemoteEnvSpec(input: RemoteEnvConfigInput, options: RemoteEnvOptions = {}): RemoteEnvSpec {
  const config = remoteEnvConfigSchema.parse(input);
  const client = new RemoteEnvClient(config.baseUrl, { timeoutMs: config.timeoutMs, retries: config.retries, ...options });
  const negative = config.negativeFeedback.map((s) => new RegExp(s));
  return {
    id: config.id ?? defaultRemoteEnvId(config.name),
    name: config.name,
    version: config.version ?? 'unversioned',
    description: config.description ?? `Served over HTTP (AgentGym protocol) by ${config.baseUrl}.`,
    taskTypes: config.taskTypes.map((t) => ({ id: t.id, label: t.label ?? t.id, description: t.description ?? '', split: t.split })),
    pitfalls: [],
    negativeFeedback: negative,
    maxSteps: config.maxSteps,
    initialSystemPrompt: config.initialSystemPrompt ?? GENERIC_SYSTEM_PROMPT,
    remote: config,
    create: () => new RemoteEnv(config, client, negative),
  };
}

// Servers that send no `goal` state it in the first observation: ALFWorld ("Your task is to: …"),
// WebShop ("Instruction: [SEP] … [SEP]").
const GOAL_PATTERNS = [/Your task is to:?\s*(.+)/i, /Instruction:\s*\[SEP\]\s*(.+?)\s*\[SEP\]/i];

/** The goal stated in an observation; the observation itself when none is recognised (never blank). */
export function goalFromObservation(observation: string): string {
  for (const re of GOAL_PATTERNS) {
    const m = re.exec(observation);
    if (m) return m[1].trim().replace(/\.$/, '');
  }
  return observation.trim().slice(0, 500);
}

export class RemoteEnv implements Env {
  private instance: InstanceId | null = null;
  private stepped = false;
  /** Set when a /step failed on the way: the server may or may not have applied it. */
  private unsure: RemoteEnvError | null = null;
  private actionsEndpoint = true;

  constructor(
    private readonly config: RemoteEnvConfig,
    private readonly client: RemoteEnvClient,
    private readonly negative: readonly RegExp[],
  ) {}

  /** The server's instance id, once created. */
  get instanceId(): InstanceId | null {
    return this.instance;
  }

  async reset(task: Task): Promise<ResetResult> {
    const type = this.config.taskTypes.find((t) => t.id === task.taskType);
    if (!type) throw new Error(`${this.config.name}: unknown task type "${task.taskType}"`);
    const dataIdx = dataIdxFor(type, task.seed);
    // A duplicate /create (a retry after a lost answer) only leaks an instance, which the server's
    // idle expiry reclaims: cheaper than failing the episode.
    this.instance ??= await this.client.request(ENDPOINTS.create, createResponseSchema, { body: {}, retry: true });
    // Before any step a duplicate reset is harmless; after one, some AgentGym servers keep
    // per-instance state across resets (counters, cursors), so a reset is sent at most once.
    const r = await this.client.request(ENDPOINTS.reset, observationResponseSchema, {
      body: { id: this.instance, data_idx: dataIdx, task: { taskType: task.taskType, taskId: task.taskId, seed: task.seed } },
      retry: !this.stepped,
    });
    this.unsure = null;
    return {
      observation: r.observation,
      goal: r.goal ?? goalFromObservation(r.observation),
      availableActions: r.availableActions ?? (await this.availableActions()),
      info: { ...r.info, dataIdx },
    };
  }

  async step(action: string): Promise<StepResult> {
    const id = this.requireInstance();
    if (this.unsure) {
      throw new RemoteEnvError('env_error', ENDPOINTS.step, `an earlier step failed on the way (${this.unsure.message}); the server may have applied it, so reset before stepping again`);
    }
    this.stepped = true;
    let r;
    try {
      // Never retried: a step whose answer was lost may have been applied, and sending it again
      // would act twice.
      r = await this.client.request(ENDPOINTS.step, stepResponseSchema, { body: { id, action }, retry: false });
    } catch (e) {
      if (isRemoteEnvError(e) && e.kind !== 'env_error') this.unsure = e;
      throw e;
    }
    return {
      observation: r.observation,
      reward: r.reward,
      done: r.done,
      // The server's word when it gives one (`success`, else `info.success`); otherwise a finished
      // episode with full reward, which is how AgentGym's ALFWorld, BabyAI and WebShop report a win.
      success: r.success ?? (r.done && r.reward >= 1),
      availableActions: r.availableActions ?? (await this.availableActions()),
      negative: r.negative ?? this.negative.some((re) => re.test(r.observation)),
      info: r.info,
    };
  }

  /** GET /observation: what the agent sees now. */
  async observation(): Promise<string> {
    const r = await this.client.request(ENDPOINTS.observation, observationResponseSchema, { query: { id: this.requireInstance() }, retry: true });
    return r.observation;
  }

  /** GET /available_actions; [] for servers without the endpoint (free-form actions). */
  async availableActions(): Promise<string[]> {
    if (!this.actionsEndpoint) return [];
    try {
      return await this.client.request(ENDPOINTS.availableActions, availableActionsResponseSchema, { query: { id: this.requireInstance() }, retry: true });
    } catch (e) {
      if (isRemoteEnvError(e) && e.kind === 'not_found') {
        this.actionsEndpoint = false;
        return [];
      }
      throw e;
    }
  }

  /** GET /detail: server-defined (ours: task, step count, done, last reward). */
  async detail(): Promise<Record<string, unknown>> {
    return this.client.request(ENDPOINTS.detail, detailResponseSchema, { query: { id: this.requireInstance() }, retry: true });
  }

  /** Best effort: an unreachable server must not fail the episode that is ending. */
  async close(): Promise<void> {
    const id = this.instance;
    this.instance = null;
    this.stepped = false;
    this.unsure = null;
    if (id === null) return;
    await this.client.request(ENDPOINTS.close, z.unknown(), { body: { id }, retry: true }).catch(() => undefined);
  }

  private requireInstance(): InstanceId {
    if (this.instance === null) throw new Error(`${this.config.name}: reset() must come first`);
    return this.instance;
  }
}

export interface FetchedSpec {
  spec: WireSpec;
  /** A registration prefilled from the spec; task types without advertised indices get `dataIdx: []`, for the user to fill. */
  config: RemoteEnvConfigInput;
}

/** Reads GET /spec (our extension); null when the server does not offer it (third-party AgentGym servers). */
export async function fetchRemoteSpec(baseUrl: string, opts: RemoteEnvOptions & { timeoutMs?: number; retries?: number } = {}): Promise<FetchedSpec | null> {
  const url = baseUrl.replace(/\/+$/, '');
  const client = new RemoteEnvClient(url, { timeoutMs: opts.timeoutMs ?? 10_000, retries: opts.retries ?? 1, retry: opts.retry, fetch: opts.fetch });
  let spec: WireSpec;
  try {
    spec = await client.request(ENDPOINTS.spec, wireSpecSchema, { retry: true });
  } catch (e) {
    if (isRemoteEnvError(e) && (e.status === 404 || e.status === 405)) return null;
    throw e;
  }
  return { spec, config: configFromRemoteSpec(url, spec) };
}

export function configFromRemoteSpec(baseUrl: string, spec: WireSpec): RemoteEnvConfigInput {
  return {
    name: spec.name,
    baseUrl,
    version: spec.version,
    description: spec.description || undefined,
    maxSteps: spec.maxSteps,
    initialSystemPrompt: spec.initialSystemPrompt || undefined,
    negativeFeedback: spec.negativeFeedback,
    taskTypes: spec.taskTypes.map((t) => ({ id: t.id, label: t.label, description: t.description, split: t.split, dataIdx: t.dataIdx ?? [] })),
  };
}
