import { LlmError, isLlmError } from './errors';

export type Sleep = (ms: number, signal?: AbortSignal) => Promise<void>;

export interface RetryOptions {
  /** Retries after the first attempt (default 5). */
  maxRetries?: number;
  /** No retry starts whose backoff would end later than this after the first attempt began. */
  budgetMs?: number;
  /** Backoff before retry i (0-based) is uniform in [0, min(maxDelayMs, baseDelayMs · 2^i)) ("full jitter"). */
  baseDelayMs?: number;
  maxDelayMs?: number;
  /** A server's Retry-After is obeyed up to this; beyond it, waiting this long is as much as we will give it. */
  maxRetryAfterMs?: number;
  /**
   * Malformed bodies are retried at most this often (default 1): a truncated body through a flaky
   * proxy is transient, a server that always answers garbage is not worth the whole budget.
   */
  maxMalformedRetries?: number;
  signal?: AbortSignal;
  sleep?: Sleep;
  /** Uniform in [0, 1); injected for deterministic tests. */
  random?: () => number;
  now?: () => number;
  onRetry?: (info: { attempt: number; error: LlmError; delayMs: number }) => void;
}

export const RETRY_DEFAULTS = {
  maxRetries: 5,
  budgetMs: Number.POSITIVE_INFINITY,
  baseDelayMs: 500,
  maxDelayMs: 20_000,
  maxRetryAfterMs: 60_000,
  maxMalformedRetries: 1,
} as const;

export function abortedError(signal?: AbortSignal): LlmError {
  const reason = signal?.reason;
  const why = reason instanceof Error ? reason.message : typeof reason === 'string' ? reason : 'the caller canceled the request';
  return new LlmError('aborted', `aborted: ${why}`, { cause: reason });
}

/** setTimeout-based sleep that rejects with an 'aborted' LlmError the moment `signal` aborts. */
export const abortableSleep: Sleep = (ms, signal) =>
  new Promise<void>((resolve, reject) => {
    if (signal?.aborted) return reject(abortedError(signal));
    const onAbort = () => {
      clearTimeout(timer);
      reject(abortedError(signal));
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });

/** Delay before retry number `retry` (0-based) for `error`. */
export function backoffDelay(retry: number, error: LlmError, opts: RetryOptions = {}): number {
  const o = { ...RETRY_DEFAULTS, ...opts };
  if (error.retryAfterMs !== undefined) return Math.min(error.retryAfterMs, o.maxRetryAfterMs);
  const cap = Math.min(o.maxDelayMs, o.baseDelayMs * 2 ** retry);
  return Math.floor((opts.random ?? Math.random)() * cap);
}

function giveUp(error: LlmError, attempts: number, why: string): LlmError {
  error.attempts = attempts;
  if (attempts > 1) error.message = `${error.message} [gave up after ${attempts} attempts: ${why}]`;
  return error;
}

/**
 * Runs `fn` until it succeeds or fails in a way not worth retrying. Errors that are not LlmErrors
 * are programming errors or caller signals and propagate at once. Returns the value and how many
 * retries it took; a final failure carries `attempts`.
 */
export async function withRetry<T>(fn: (attempt: number) => Promise<T>, opts: RetryOptions = {}): Promise<{ value: T; retries: number }> {
  const o = { ...RETRY_DEFAULTS, ...opts };
  const sleep = opts.sleep ?? abortableSleep;
  const now = opts.now ?? Date.now;
  const started = now();
  let malformed = 0;
  for (let attempt = 0; ; attempt++) {
    if (opts.signal?.aborted) throw abortedError(opts.signal);
    try {
      return { value: await fn(attempt), retries: attempt };
    } catch (e) {
      if (!isLlmError(e)) throw e;
      if (e.kind === 'aborted' || opts.signal?.aborted) throw e.kind === 'aborted' ? e : abortedError(opts.signal);
      const attempts = attempt + 1;
      if (!e.retryable) throw giveUp(e, attempts, `${e.kind} is not retried`);
      if (e.kind === 'malformed_response' && malformed++ >= o.maxMalformedRetries) throw giveUp(e, attempts, 'malformed responses again');
      if (attempt >= o.maxRetries) throw giveUp(e, attempts, `maxRetries ${o.maxRetries} reached`);
      const delayMs = backoffDelay(attempt, e, opts);
      if (now() - started + delayMs > o.budgetMs) throw giveUp(e, attempts, `retry budget ${o.budgetMs} ms spent`);
      opts.onRetry?.({ attempt, error: e, delayMs });
      await sleep(delayMs, opts.signal);
    }
  }
}
