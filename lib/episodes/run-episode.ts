import type { Actor } from '../agents/types';
import type { EnvSpec, Task } from '../envs/types';
import type { Recorder } from '../runs/recorder';
import type { EpisodeRecord, EpisodeRole, EpisodeResult, StepCall, StepRecord } from './types';

export interface RunEpisodeArgs {
  spec: EnvSpec;
  task: Task;
  actor: Actor;
  systemPrompt: string;
  recorder: Recorder;
  key: string;
  role: EpisodeRole;
  metaTurnIndex: number | null;
  /** Prefix of the run's seed key; the actor's randomness derives from `${seedKey}/${key}`. */
  seedKey: string;
  signal: AbortSignal;
  maxSteps?: number;
}

export class AbortedError extends Error {
  constructor() {
    super('canceled');
    this.name = 'AbortedError';
  }
}

const yieldToEventLoop = (): Promise<void> =>
  new Promise((resolve) => (typeof setImmediate === 'function' ? setImmediate(resolve) : setTimeout(resolve, 0)));

/** Failed model calls an error carries (ActorCallError in lib/agents/llm), kept with the episode. */
function callsOf(err: unknown): StepCall[] | undefined {
  const calls = typeof err === 'object' && err !== null ? (err as { calls?: unknown }).calls : undefined;
  return Array.isArray(calls) ? (calls as StepCall[]) : undefined;
}

/** Errors may declare themselves fatal for the run (see ActorCallError in lib/agents/llm). */
export function isFatal(err: unknown): boolean {
  return typeof err === 'object' && err !== null && (err as { fatal?: unknown }).fatal === true;
}

export function throwIfAborted(signal: AbortSignal): void {
  if (signal.aborted) throw new AbortedError();
}

/**
 * Plays one episode to the end and records it. Environment and actor failures end the episode
 * as `errored` with the message (the run goes on); cancellation propagates as AbortedError and
 * leaves the episode unfinished, so that a resume redoes it.
 */
export async function runEpisode(args: RunEpisodeArgs): Promise<EpisodeRecord> {
  const { spec, task, actor, systemPrompt, recorder, signal } = args;
  const maxSteps = args.maxSteps ?? spec.maxSteps;
  throwIfAborted(signal);
  const env = spec.create();
  const steps: StepRecord[] = [];
  let goal: string | null = null;
  let id: number | null = null;
  const start = {
    key: args.key,
    metaTurnIndex: args.metaTurnIndex,
    role: args.role,
    task,
    envVersion: spec.version,
    systemPrompt,
  };
  let result: EpisodeResult;
  let fatal: unknown = null;
  try {
    const reset = await env.reset(task);
    goal = reset.goal;
    id = await recorder.episodeStarted({ ...start, goal });
    const policy = actor.startEpisode({ task, systemPrompt, seedKey: `${args.seedKey}/${args.key}`, env, spec });
    let observation = reset.observation;
    let available = reset.availableActions;
    let totalReward = 0;
    let success = false;
    for (let i = 0; i < maxSteps; i++) {
      throwIfAborted(signal);
      const t0 = performance.now();
      const decision = await policy.act({
        task,
        goal,
        systemPrompt,
        observation,
        availableActions: available,
        history: steps,
        signal,
      });
      const latencyMs = performance.now() - t0;
      const executed = decision.executedAction ?? decision.action;
      const out = await env.step(executed);
      const step: StepRecord = {
        index: i,
        observation,
        availableActions: available,
        thought: decision.thought,
        proposedAction: decision.action,
        executedAction: executed,
        feedback: out.observation,
        reward: out.reward,
        done: out.done,
        negative: out.negative,
        latencyMs: Math.round(latencyMs * 10) / 10,
        calls: decision.calls,
      };
      steps.push(step);
      await recorder.stepRecorded(id, step);
      // Offline policies and local environments resolve without ever leaving the microtask
      // queue; yielding here lets the heartbeat timer and the web server in the same process run.
      await yieldToEventLoop();
      totalReward += out.reward;
      observation = out.observation;
      available = out.availableActions;
      if (out.done) {
        success = out.success;
        break;
      }
    }
    result = {
      status: 'done',
      success,
      totalReward,
      stepCount: steps.length,
      negativeCount: steps.filter((s) => s.negative).length,
      error: null,
    };
  } catch (err) {
    if (err instanceof AbortedError || signal.aborted) throw new AbortedError();
    const message = err instanceof Error ? err.message : String(err);
    // A misconfigured endpoint (bad key, unknown model) fails every episode alike: record this
    // one, then stop the run instead of burning through the batch.
    if (isFatal(err)) fatal = err;
    id ??= await recorder.episodeStarted({ ...start, goal });
    result = {
      status: 'errored',
      success: false,
      totalReward: steps.reduce((s, x) => s + x.reward, 0),
      stepCount: steps.length,
      negativeCount: steps.filter((s) => s.negative).length,
      error: message,
      errorCalls: callsOf(err),
    };
  } finally {
    await env.close().catch(() => undefined);
  }
  await recorder.episodeFinished(id, result);
  if (fatal) throw fatal;
  return { ...start, goal, id, steps, ...result };
}
