// Bodies shaped like the ones OpenAI-compatible servers send, for the scripted server.
import type { SseItem } from './scripted-server';

export interface FixtureUsage {
  prompt: number;
  completion: number;
}

const usageBody = (u: FixtureUsage) => ({ prompt_tokens: u.prompt, completion_tokens: u.completion, total_tokens: u.prompt + u.completion });

/** A non-streamed chat completion with one choice per text. */
export function completion(
  texts: string | (string | null)[],
  opts: { finishReason?: string | null; usage?: FixtureUsage | null; model?: string } = {},
): Record<string, unknown> {
  const list = typeof texts === 'string' ? [texts] : texts;
  return {
    id: 'chatcmpl-test',
    object: 'chat.completion',
    created: 1_700_000_000,
    model: opts.model ?? 'test-model',
    choices: list.map((content, index) => ({ index, message: { role: 'assistant', content }, finish_reason: opts.finishReason === undefined ? 'stop' : opts.finishReason })),
    usage: opts.usage === null ? undefined : usageBody(opts.usage ?? { prompt: 10, completion: 5 }),
  };
}

export function chunk(delta: { role?: string; content?: string | null }, opts: { finishReason?: string | null; index?: number; model?: string } = {}) {
  return {
    id: 'chatcmpl-test',
    object: 'chat.completion.chunk',
    created: 1_700_000_000,
    model: opts.model ?? 'test-model',
    choices: [{ index: opts.index ?? 0, delta, finish_reason: opts.finishReason ?? null }],
  };
}

/**
 * The stream vLLM sends: a role-only first chunk, one chunk per piece, an empty delta with the
 * finish reason, then (with include_usage) a usage chunk whose choices are empty.
 */
export function streamOf(pieces: string[], opts: { usage?: FixtureUsage | null; finishReason?: string; model?: string; pieceDelayMs?: number } = {}): SseItem[] {
  const items: SseItem[] = [{ data: chunk({ role: 'assistant', content: '' }, opts) }];
  for (const p of pieces) {
    if (opts.pieceDelayMs) items.push({ wait: opts.pieceDelayMs });
    items.push({ data: chunk({ content: p }, opts) });
  }
  items.push({ data: chunk({}, { ...opts, finishReason: opts.finishReason ?? 'stop' }) });
  if (opts.usage !== null) {
    const u = opts.usage ?? { prompt: 10, completion: pieces.length };
    items.push({ data: { id: 'chatcmpl-test', object: 'chat.completion.chunk', model: opts.model ?? 'test-model', choices: [], usage: usageBody(u) } });
  }
  return items;
}
