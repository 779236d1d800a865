// The LLM ICT reflector: reads sp_i and the batch's trajectories, writes sp_{i+1}.
import type { PromptTemplates } from '../../envs/types';
import type { StepCall } from '../../episodes/types';
import { isLlmError } from '../../llm/errors';
import { stepCallFrom, stepCallFromError } from '../../llm/step-call';
import type { ChatModel, ChatRequest, ChatResult } from '../../llm/types';
import { seedFor } from '../../util/rng';
import type { IctReflector, Reflection, ReflectionInput } from '../types';
import type { AgentSamplingParams } from './actor';
import { isFatalKind } from './actor';
import { parseReflection } from './parse-reflection';
import { REFLECTOR_PLACEHOLDERS, renderTemplate } from './templates';
import { batchSummary, renderBatchForReflector, type RenderOptions } from './trajectories';

export interface LlmReflectorOptions {
  model: ChatModel;
  label: string;
  templates: PromptTemplates;
  params?: AgentSamplingParams;
  /** Run seed; each meta-turn's call then sends a seed derived from it. */
  seed?: number;
  render?: RenderOptions;
}

export interface LlmReflection extends Reflection {
  /** The endpoint is misconfigured (auth, not_found): later reflections will fail the same way. */
  fatal?: boolean;
}

export interface LlmIctReflector extends IctReflector {
  reflect(input: ReflectionInput): Promise<LlmReflection>;
}

/** What the reflector was shown, as one text for the meta-turn's inspection view. */
export function reflectionInputText(system: string, user: string): string {
  return `[system]\n${system}\n\n[user]\n${user}`;
}

export function createLlmReflector(opts: LlmReflectorOptions): LlmIctReflector {
  const { model, templates, params = {}, seed } = opts;
  const probe = Object.fromEntries(REFLECTOR_PLACEHOLDERS.map((n) => [n, '']));
  // A template typo should fail the run's setup, not every meta-turn.
  renderTemplate(templates.reflectorSystem, probe);
  renderTemplate(templates.reflectorUser, probe);
  return {
    label: opts.label,
    kind: 'llm',
    async reflect({ systemPrompt, trajectories, metaTurnIndex, signal }: ReflectionInput): Promise<LlmReflection> {
      const vars = {
        prompt: systemPrompt,
        trajectories: renderBatchForReflector(trajectories, opts.render),
        batch_summary: batchSummary(trajectories),
      };
      const system = renderTemplate(templates.reflectorSystem, vars);
      const user = renderTemplate(templates.reflectorUser, vars);
      const input = reflectionInputText(system, user);
      const req: ChatRequest = {
        ...params,
        messages: [
          { role: 'system', content: system },
          { role: 'user', content: user },
        ],
        signal,
      };
      if (seed !== undefined) req.seed = seedFor('llm-reflector', seed, metaTurnIndex);
      // The loop keeps sp_i on any failure and records why; only cancellation is thrown.
      const failed = (error: string, output: string, call: StepCall, fatal = false): LlmReflection => ({
        analysis: '',
        prompt: systemPrompt,
        input,
        output,
        error,
        calls: [call],
        ...(fatal ? { fatal } : {}),
      });

      const t0 = Date.now();
      let result: ChatResult;
      try {
        result = await model.complete(req);
      } catch (e) {
        if (!isLlmError(e) || e.kind === 'aborted') throw e;
        const call = stepCallFromError(req, e, { latencyMs: Date.now() - t0 });
        return failed(`reflector model call failed: ${e.kind}: ${e.message}`, '', call, isFatalKind(e.kind));
      }
      const call = stepCallFrom(req, result);
      const { text, finishReason } = result.choices[0];
      const parsed = parseReflection(text);
      if ('error' in parsed) {
        const cut = finishReason === 'length' ? ' (the reply was cut off at the token limit)' : '';
        return failed(`could not parse the reflector's reply: ${parsed.error}${cut}`, text, call);
      }
      return { analysis: parsed.analysis, prompt: parsed.prompt, input, output: text, error: null, calls: [call] };
    },
  };
}
