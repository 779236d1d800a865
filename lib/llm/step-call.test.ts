import { describe, expect, it } from 'vitest';
import { LlmError } from './errors';
import { stepCallFrom, stepCallFromError } from './step-call';
import type { ChatRequest, ChatResult } from './types';

const req: ChatRequest = { messages: [{ role: 'user', content: 'hi' }], temperature: 0, signal: AbortSignal.timeout(1000) };

describe('step calls', () => {
  it('records a result as the StepCall an episode stores', () => {
    const result: ChatResult = {
      choices: [
        { text: 'a', finishReason: 'stop' },
        { text: 'b', finishReason: null },
      ],
      usage: { promptTokens: 9, completionTokens: 4 },
      latencyMs: 120,
      ttftMs: 30,
      retries: 1,
      model: 'qwen',
      raw: {},
    };
    expect(stepCallFrom(req, result)).toEqual({
      messages: [{ role: 'user', content: 'hi' }],
      reply: 'a',
      model: 'qwen',
      promptTokens: 9,
      completionTokens: 4,
      latencyMs: 120,
      ttftMs: 30,
      retries: 1,
      finishReason: 'stop',
    });
    expect(stepCallFrom(req, { ...result, usage: null, ttftMs: null }, 1)).toEqual({ messages: req.messages, reply: 'b', model: 'qwen', latencyMs: 120, retries: 1 });
    expect(() => stepCallFrom(req, result, 2)).toThrow(RangeError);
  });

  it('records a failure with its kind and retries', () => {
    const err = new LlmError('timeout', 'no complete response within 100 ms');
    err.attempts = 3;
    expect(stepCallFromError(req, err, { model: 'qwen', latencyMs: 400 })).toEqual({
      messages: req.messages,
      reply: '',
      model: 'qwen',
      latencyMs: 400,
      retries: 2,
      error: 'timeout: no complete response within 100 ms',
    });
  });
});
