import { describe, expect, it } from 'vitest';
import { LlmError, type LlmErrorKind } from './errors';
import { backoffDelay, withRetry, type RetryOptions } from './retry';

/** A function failing with the given kinds in turn, then returning 'ok'. */
function failing(...kinds: (LlmErrorKind | LlmError)[]) {
  let calls = 0;
  const fn = async () => {
    const k = kinds[calls++];
    if (k === undefined) return 'ok';
    throw typeof k === 'string' ? new LlmError(k, `${k} happened`) : k;
  };
  return { fn, calls: () => calls };
}

function recorder(extra: RetryOptions = {}) {
  const sleeps: number[] = [];
  const opts: RetryOptions = { sleep: async (ms) => void sleeps.push(ms), random: () => 0.5, ...extra };
  return { sleeps, opts };
}

describe('withRetry', () => {
  it('retries transient kinds with exponential backoff and full jitter', async () => {
    const { fn, calls } = failing('overloaded', 'server_error', 'rate_limited', 'timeout', 'network');
    const { sleeps, opts } = recorder({ baseDelayMs: 100, maxDelayMs: 1000 });
    await expect(withRetry(fn, opts)).resolves.toEqual({ value: 'ok', retries: 5 });
    expect(calls()).toBe(6);
    // 0.5 × min(1000, 100·2^i)
    expect(sleeps).toEqual([50, 100, 200, 400, 500]);
  });

  it('draws the jitter from the injected random source', () => {
    const e = new LlmError('server_error', 'x');
    expect([0, 0.25, 0.999].map((r) => backoffDelay(3, e, { baseDelayMs: 100, random: () => r }))).toEqual([0, 200, 799]);
  });

  it('honours Retry-After, capped by maxRetryAfterMs', async () => {
    const { fn } = failing(new LlmError('rate_limited', 'x', { retryAfterMs: 7000 }), new LlmError('rate_limited', 'x', { retryAfterMs: 600_000 }));
    const { sleeps, opts } = recorder({ maxRetryAfterMs: 60_000 });
    await withRetry(fn, opts);
    expect(sleeps).toEqual([7000, 60_000]);
  });

  it('does not retry bad_request, auth, not_found or aborted', async () => {
    for (const kind of ['bad_request', 'auth', 'not_found', 'aborted'] as const) {
      const { fn, calls } = failing(kind);
      const { sleeps, opts } = recorder();
      const err = await withRetry(fn, opts).catch((e: LlmError) => e);
      expect({ kind: (err as LlmError).kind, attempts: (err as LlmError).attempts ?? 1, calls: calls(), sleeps }).toEqual({ kind, attempts: 1, calls: 1, sleeps: [] });
    }
  });

  it('retries a malformed response once only', async () => {
    const once = failing('malformed_response');
    await expect(withRetry(once.fn, recorder().opts)).resolves.toEqual({ value: 'ok', retries: 1 });
    const twice = failing('malformed_response', 'malformed_response');
    const err = (await withRetry(twice.fn, recorder().opts).catch((e) => e)) as LlmError;
    expect([err.kind, err.attempts, twice.calls()]).toEqual(['malformed_response', 2, 2]);
  });

  it('gives up after maxRetries with the last error, annotated', async () => {
    const { fn, calls } = failing('overloaded', 'overloaded', 'server_error', 'overloaded');
    const err = (await withRetry(fn, recorder({ maxRetries: 2 }).opts).catch((e) => e)) as LlmError;
    expect([err.kind, err.attempts, calls()]).toEqual(['server_error', 3, 3]);
    expect(err.message).toBe('server_error happened [gave up after 3 attempts: maxRetries 2 reached]');
  });

  it('gives up when the next backoff would overrun the time budget', async () => {
    let t = 0;
    const { fn, calls } = failing('overloaded', 'overloaded', 'overloaded', 'overloaded');
    const opts: RetryOptions = { now: () => t, sleep: async (ms) => void (t += ms), random: () => 1, baseDelayMs: 1000, budgetMs: 2500 };
    const err = (await withRetry(fn, opts).catch((e) => e)) as LlmError;
    // Waits 1000, then 2000 would end at 3000 > 2500.
    expect([err.kind, err.attempts, calls(), t]).toEqual(['overloaded', 2, 2, 1000]);
    expect(err.message).toContain('retry budget 2500 ms spent');
  });

  it('aborts a backoff sleep at once', async () => {
    const ctl = new AbortController();
    const { fn, calls } = failing(new LlmError('rate_limited', 'x', { retryAfterMs: 30_000 }));
    const t0 = Date.now();
    setTimeout(() => ctl.abort(), 20);
    const err = (await withRetry(fn, { signal: ctl.signal }).catch((e) => e)) as LlmError;
    expect([err.kind, calls()]).toEqual(['aborted', 1]);
    expect(Date.now() - t0).toBeLessThan(1000);
  });

  it('lets errors that are not LlmErrors through untouched', async () => {
    const bug = new TypeError('bug');
    const { sleeps, opts } = recorder();
    await expect(withRetry(async () => Promise.reject(bug), opts)).rejects.toBe(bug);
    expect(sleeps).toEqual([]);
  });
});
