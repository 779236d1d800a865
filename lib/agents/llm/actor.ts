// The LLM actor: one chat call per step, ReAct reply parsed, action matched to the admissible list.
import type { PromptTemplates } from '../../envs/types';
import type { StepCall, StepRecord } from '../../episodes/types';
import { isLlmError, type LlmError, type LlmErrorKind } from '../../llm/errors';
import { stepCallFrom, stepCallFromError } from '../../llm/step-call';
import type { ChatModel, ChatParams, ChatRequest } from '../../llm/types';
import { seedFor } from '../../util/rng';
import type { Actor, ActorContext, ActorDecision } from '../types';
import { firstLineProposal, matchAction, parseActorReply } from './parse-actor';
import { ACTOR_PLACEHOLDERS, renderTemplate } from './templates';

/** Sampling parameters an agent may set; `n` and `seed` are the agent's own business. */
export type AgentSamplingParams = Pick<ChatParams, 'temperature' | 'topP' | 'maxTokens' | 'stop' | 'stream'>;

export interface LlmActorOptions {
  model: ChatModel;
  /** Shown in the UI next to every result, e.g. the endpoint's name and model. */
  label: string;
  templates: PromptTemplates;
  /** Steps of history shown in the prompt (the full history is stored regardless). */
  historyWindow: number;
  params?: AgentSamplingParams;
  /** Run seed. Each call then sends a seed derived from the episode and step, so a replay asks the same. */
  seed?: number;
}

// The endpoint itself is wrong (bad key, unknown model or path): every later call fails the same way.
const FATAL_KINDS: ReadonlySet<LlmErrorKind> = new Set(['auth', 'not_found']);

export function isFatalKind(kind: LlmErrorKind): boolean {
  return FATAL_KINDS.has(kind);
}

/**
 * A failed actor model call. Carries the failed call's record so a runner can store it with the
 * episode; `fatal` says the endpoint is misconfigured (auth, not_found) and the whole run should
 * stop rather than error every remaining episode the same way.
 */
export class ActorCallError extends Error {
  readonly calls: StepCall[];
  readonly fatal: boolean;
  declare readonly cause: LlmError;

  constructor(cause: LlmError, calls: StepCall[]) {
    super(`actor model call failed: ${cause.kind}: ${cause.message}`, { cause });
    this.name = 'ActorCallError';
    this.calls = calls;
    this.fatal = isFatalKind(cause.kind);
  }
}

/** `> action` / feedback lines of the last `window` steps, as ALFWorld transcripts read. */
export function renderHistory(history: readonly StepRecord[], window: number): string {
  if (history.length === 0) return '(none yet)';
  const shown = window > 0 ? history.slice(-window) : [];
  const hidden = history.length - shown.length;
  const lines = hidden > 0 ? [`(${hidden} earlier step${hidden === 1 ? '' : 's'} not shown)`] : [];
  for (const s of shown) lines.push(`> ${s.executedAction}`, s.feedback);
  return lines.join('\n');
}

export function actorVars(ctx: Pick<ActorContext, 'goal' | 'observation' | 'availableActions' | 'history'>, window: number, maxSteps: number) {
  return {
    goal: ctx.goal,
    observation: ctx.observation,
    available_actions: ctx.availableActions.map((a) => `- ${a}`).join('\n'),
    history: renderHistory(ctx.history, window),
    step: ctx.history.length + 1,
    max_steps: maxSteps,
  };
}

export function createLlmActor(opts: LlmActorOptions): Actor {
  const { model, templates, historyWindow, params = {}, seed } = opts;
  // A template typo should fail the run's setup, not every episode at its first step.
  renderTemplate(templates.actorUser, Object.fromEntries(ACTOR_PLACEHOLDERS.map((n) => [n, ''])));
  return {
    label: opts.label,
    kind: 'llm',
    startEpisode({ seedKey, spec }) {
      return {
        async act(ctx: ActorContext): Promise<ActorDecision> {
          const user = renderTemplate(templates.actorUser, actorVars(ctx, historyWindow, spec.maxSteps));
          const req: ChatRequest = {
            ...params,
            messages: [
              { role: 'system', content: ctx.systemPrompt },
              { role: 'user', content: user },
            ],
            signal: ctx.signal,
          };
          if (seed !== undefined) req.seed = seedFor('llm-actor', seed, seedKey, ctx.history.length);
          const t0 = Date.now();
          let result;
          try {
            result = await model.complete(req);
          } catch (e) {
            // Cancellation is not a failed call: let the runner see it as it is.
            if (!isLlmError(e) || e.kind === 'aborted') throw e;
            throw new ActorCallError(e, [stepCallFromError(req, e, { latencyMs: Date.now() - t0 })]);
          }
          const text = result.choices[0].text;
          const parsed = parseActorReply(text);
          const proposal = parsed.action ?? firstLineProposal(text);
          // An unparseable reply still becomes a step: the environment answers the invalid
          // command ("Nothing happens.") and the trajectory shows what the model wrote.
          let matched = matchAction(proposal, ctx.availableActions);
          let proposed = proposal;
          // A multi-line template (a program after "submit:") needs the whole action text.
          if (parsed.actionText && parsed.actionText !== proposal) {
            const whole = matchAction(parsed.actionText, ctx.availableActions);
            if (whole.match === 'template' && (matched.match === 'invalid' || matched.match === 'template')) {
              matched = whole;
              proposed = parsed.actionText;
            }
          }
          return { thought: parsed.thought, action: proposed, executedAction: matched.action, calls: [stepCallFrom(req, result)] };
        },
      };
    },
  };
}
