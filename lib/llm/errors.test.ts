import { describe, expect, it } from 'vitest';
import { errorFromHttp, kindForEmbedded, kindForStatus, LlmError, parseErrorBody, parseRetryAfter, redact } from './errors';

const headers = (h: Record<string, string> = {}) => new Headers(h);

describe('parseErrorBody', () => {
  it('reads every error shape seen in the wild', () => {
    expect(parseErrorBody('{"error":{"message":"Incorrect API key","type":"invalid_request_error","code":"invalid_api_key"}}')).toEqual({
      message: 'Incorrect API key',
      type: 'invalid_request_error',
      code: 'invalid_api_key',
    });
    expect(parseErrorBody('{"object":"error","message":"max context is 4096 tokens","type":"BadRequestError","param":null,"code":400}')).toEqual({
      message: 'max context is 4096 tokens',
      type: 'BadRequestError',
      code: 400,
    });
    expect(parseErrorBody('{"error":"model \\"llama3\\" not found, try pulling it first"}')).toEqual({ message: 'model "llama3" not found, try pulling it first' });
    expect(parseErrorBody('{"detail":"Not authenticated"}')).toEqual({ message: 'Not authenticated' });
    expect(parseErrorBody('{"detail":[{"loc":["body","messages"],"msg":"field required","type":"missing"},{"loc":["body","n"],"msg":"too big"}]}')).toEqual({
      message: 'body.messages: field required; body.n: too big',
    });
    expect(parseErrorBody('{"message":"upstream exploded"}')).toEqual({ message: 'upstream exploded' });
  });

  it('shows the title of an HTML page, and truncates long text to one short line', () => {
    expect(parseErrorBody('<html><head><title>502 Bad Gateway</title></head><body><h1>502</h1>nginx</body></html>')).toEqual({ message: '502 Bad Gateway' });
    expect(parseErrorBody('<html><body><h1>Oops</h1>\n<p>something   broke</p></body></html>')).toEqual({ message: 'Oops something broke' });
    const long = parseErrorBody(`Traceback:\n${'x'.repeat(5000)}`).message;
    expect(long.length).toBeLessThanOrEqual(301);
    expect(long.startsWith('Traceback: xxx')).toBe(true);
    expect(long.endsWith('…')).toBe(true);
    expect(parseErrorBody('  ')).toEqual({ message: 'empty response body' });
  });
});

describe('kinds', () => {
  it('maps HTTP statuses', () => {
    const cases: [number, string][] = [
      [400, 'bad_request'],
      [422, 'bad_request'],
      [413, 'bad_request'],
      [401, 'auth'],
      [403, 'auth'],
      [404, 'not_found'],
      [408, 'timeout'],
      [429, 'rate_limited'],
      [503, 'overloaded'],
      [500, 'server_error'],
      [502, 'server_error'],
      [504, 'server_error'],
    ];
    expect(cases.map(([s]) => [s, kindForStatus(s)])).toEqual(cases);
    expect(kindForStatus(500, 'Loading model')).toBe('overloaded');
  });

  it('maps errors embedded in a 200 by their code, else their type', () => {
    expect(kindForEmbedded({ message: 'x', code: 400 })).toBe('bad_request');
    expect(kindForEmbedded({ message: 'x', code: '429' })).toBe('rate_limited');
    expect(kindForEmbedded({ message: 'x', type: 'rate_limit_exceeded' })).toBe('rate_limited');
    expect(kindForEmbedded({ message: 'x', type: 'invalid_request_error' })).toBe('bad_request');
    expect(kindForEmbedded({ message: 'Loading model' })).toBe('overloaded');
    expect(kindForEmbedded({ message: 'boom' })).toBe('server_error');
  });

  it('marks exactly the transient kinds retryable', () => {
    const kinds = ['timeout', 'rate_limited', 'overloaded', 'server_error', 'bad_request', 'auth', 'not_found', 'malformed_response', 'network', 'aborted'] as const;
    const retryable = kinds.filter((k) => new LlmError(k, 'x').retryable);
    expect(retryable).toEqual(['timeout', 'rate_limited', 'overloaded', 'server_error', 'malformed_response', 'network']);
  });
});

describe('parseRetryAfter', () => {
  it('reads seconds, an HTTP date, and retry-after-ms', () => {
    const now = Date.parse('2025-01-01T00:00:00Z');
    expect(parseRetryAfter(headers({ 'retry-after': '7' }), now)).toBe(7000);
    expect(parseRetryAfter(headers({ 'retry-after': '1.5' }), now)).toBe(1500);
    expect(parseRetryAfter(headers({ 'retry-after': 'Wed, 01 Jan 2025 00:00:12 GMT' }), now)).toBe(12_000);
    expect(parseRetryAfter(headers({ 'retry-after': 'Tue, 31 Dec 2024 00:00:00 GMT' }), now)).toBe(0);
    expect(parseRetryAfter(headers({ 'retry-after-ms': '250', 'retry-after': '9' }), now)).toBe(250);
    expect(parseRetryAfter(headers({ 'retry-after': 'soon' }), now)).toBeUndefined();
    expect(parseRetryAfter(headers(), now)).toBeUndefined();
  });
});

describe('errorFromHttp', () => {
  it('builds a clear message without the key, with the retry hint', () => {
    const e = errorFromHttp({
      status: 429,
      statusText: 'Too Many Requests',
      body: '{"error":{"message":"slow down, key sk-secret-123","type":"rate_limit_exceeded"}}',
      headers: headers({ 'retry-after': '3' }),
      endpoint: 'http://h/v1/chat/completions',
      secrets: ['sk-secret-123'],
    });
    expect({ kind: e.kind, status: e.status, retryAfterMs: e.retryAfterMs, message: e.message }).toEqual({
      kind: 'rate_limited',
      status: 429,
      retryAfterMs: 3000,
      message: 'HTTP 429 Too Many Requests from http://h/v1/chat/completions: slow down, key [redacted] (rate_limit_exceeded)',
    });
  });

  it('redacts bearer tokens and URL credentials even without knowing the key', () => {
    expect(redact('got Authorization: Bearer abc.def-123, go away')).toBe('got Authorization: Bearer [redacted], go away');
    expect(redact('http://user:pw@host/v1')).toBe('http://[redacted]@host/v1');
  });
});
