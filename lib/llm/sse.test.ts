import { describe, expect, it } from 'vitest';
import { SseParser } from './sse';

function parseAll(pieces: string[]) {
  const p = new SseParser();
  return [...pieces.flatMap((x) => p.push(x)), ...p.end()];
}

describe('SseParser', () => {
  it('yields data events, skipping comments and unknown fields', () => {
    expect(parseAll([': keep-alive\n\n', 'id: 1\nretry: 10\ndata: {"a":1}\n\n', 'data:{"b":2}\n\n', 'data: [DONE]\n\n'])).toEqual([
      { event: 'message', data: '{"a":1}' },
      { event: 'message', data: '{"b":2}' },
      { event: 'message', data: '[DONE]' },
    ]);
  });

  it('reassembles lines split across chunks, CRLF split between chunks included', () => {
    expect(parseAll(['da', 'ta: {"x":', '"y"}\r', '\n\r\n', 'data: z\r\rdata: w\n\n'])).toEqual([
      { event: 'message', data: '{"x":"y"}' },
      { event: 'message', data: 'z' },
      { event: 'message', data: 'w' },
    ]);
  });

  it('joins multi-line data, keeps event names, and reads llama.cpp error lines', () => {
    expect(parseAll(['event: error\ndata: {"a":\ndata: 1}\n\n', 'error: {"code":500,"message":"boom"}\n\n'])).toEqual([
      { event: 'error', data: '{"a":\n1}' },
      { event: 'error', data: '{"code":500,"message":"boom"}' },
    ]);
  });

  it('flushes a last event that lacks its blank line', () => {
    expect(parseAll(['data: last'])).toEqual([{ event: 'message', data: 'last' }]);
  });
});
