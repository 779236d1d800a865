// How a model call is kept with the step it served (episodes' `StepCall`).
import type { StepCall } from '../episodes/types';
import { isLlmError } from './errors';
import type { ChatRequest, ChatResult } from './types';

const messagesOf = (req: ChatRequest) => req.messages.map((m) => ({ role: m.role, content: m.content }));

/**
 * The record of choice `choice` of a call. With n > 1 the token counts, latency and retries are
 * those of the whole call, since one request produced all choices (or a fan-out did, together).
 */
export function stepCallFrom(req: ChatRequest, result: ChatResult, choice = 0): StepCall {
  const c = result.choices[choice];
  if (!c) throw new RangeError(`choice ${choice} of ${result.choices.length}`);
  const call: StepCall = { messages: messagesOf(req), reply: c.text, model: result.model, latencyMs: result.latencyMs, retries: result.retries };
  if (result.usage) {
    call.promptTokens = result.usage.promptTokens;
    call.completionTokens = result.usage.completionTokens;
  }
  if (result.ttftMs !== null) call.ttftMs = result.ttftMs;
  if (c.finishReason !== null) call.finishReason = c.finishReason;
  return call;
}

/** The record of a call that failed: its error message (never holding the key) and its retries. */
export function stepCallFromError(req: ChatRequest, error: unknown, opts: { model?: string; latencyMs?: number } = {}): StepCall {
  const call: StepCall = { messages: messagesOf(req), reply: '', error: isLlmError(error) ? `${error.kind}: ${error.message}` : String(error) };
  if (opts.model !== undefined) call.model = opts.model;
  if (opts.latencyMs !== undefined) call.latencyMs = opts.latencyMs;
  if (isLlmError(error) && error.attempts !== undefined) call.retries = error.attempts - 1;
  return call;
}
