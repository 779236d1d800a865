// One HTTP request to an environment server: timeout, retries, and every failure as a typed
// RemoteEnvError naming the call. The retry loop is lib/llm's (it speaks LlmError), so transient
// failures are raised as LlmErrors inside it and converted once at the edge; failures that must
// not be retried are raised as RemoteEnvErrors, which withRetry passes through at once.
import type { z } from 'zod';
import { LlmError, isLlmError, isRetryableKind, kindForStatus, parseErrorBody, parseRetryAfter, truncate, type LlmErrorKind } from '../../llm/errors';
import { withRetry, type RetryOptions } from '../../llm/retry';
import { embeddedError, type Endpoint } from './protocol';

/**
 * `env_error`: the server answered `{"error": ...}` (unknown id, step before reset, …): the
 * environment's own refusal, which re-sending would not change. The other kinds are lib/llm's.
 */
export type RemoteEnvErrorKind = LlmErrorKind | 'env_error';

export class RemoteEnvError extends Error {
  readonly retryable: boolean;
  constructor(
    readonly kind: RemoteEnvErrorKind,
    /** e.g. "POST /step" */
    readonly call: Endpoint,
    message: string,
    readonly opts: { status?: number; serverMessage?: string; attempts?: number; cause?: unknown } = {},
  ) {
    super(message, opts.cause === undefined ? undefined : { cause: opts.cause });
    this.name = 'RemoteEnvError';
    this.retryable = kind !== 'env_error' && isRetryableKind(kind);
  }
  get status() {
    return this.opts.status;
  }
  get serverMessage() {
    return this.opts.serverMessage;
  }
  /** Requests made for this call in all, retries included. */
  get attempts() {
    return this.opts.attempts ?? 1;
  }
}

export function isRemoteEnvError(e: unknown): e is RemoteEnvError {
  return e instanceof RemoteEnvError;
}

export interface ClientOptions {
  timeoutMs: number;
  retries: number;
  /** Backoff and sleep of the retry loop; tests shorten them. */
  retry?: Pick<RetryOptions, 'baseDelayMs' | 'maxDelayMs' | 'sleep' | 'random'>;
  fetch?: typeof fetch;
}

// Environment servers are usually on the same host or cluster: start retrying sooner than an LLM API.
const RETRY_DEFAULTS = { baseDelayMs: 250, maxDelayMs: 5000 };

export class RemoteEnvClient {
  constructor(
    readonly baseUrl: string,
    private readonly opts: ClientOptions,
  ) {}

  /**
   * Sends `call` and returns the JSON body parsed with `schema`. `retry` only for requests that
   * are safe to send twice; the others are sent once whatever happens.
   */
  async request<S extends z.ZodType>(call: Endpoint, schema: S, init: { body?: unknown; query?: Record<string, string | number>; retry: boolean }): Promise<z.output<S>> {
    let attempts = 0;
    try {
      const { value } = await withRetry(
        () => {
          attempts++;
          return this.once(call, init.body, init.query);
        },
        { ...RETRY_DEFAULTS, ...this.opts.retry, maxRetries: init.retry ? this.opts.retries : 0 },
      );
      const parsed = schema.safeParse(value);
      if (!parsed.success) {
        const why = parsed.error.issues.map((i) => (i.path.length ? `${i.path.join('.')}: ${i.message}` : i.message)).join('; ');
        throw new RemoteEnvError('malformed_response', call, this.message(call, `unexpected response (${truncate(why, 200)}): ${truncate(JSON.stringify(value), 200)}`), { attempts });
      }
      return parsed.data;
    } catch (e) {
      if (isRemoteEnvError(e)) throw e.opts.attempts === undefined ? new RemoteEnvError(e.kind, call, e.message, { ...e.opts, attempts, cause: e.cause }) : e;
      if (isLlmError(e)) throw new RemoteEnvError(e.kind, call, this.message(call, e.message), { status: e.status, serverMessage: e.serverMessage, attempts, cause: e });
      throw e;
    }
  }

  private message(call: Endpoint, what: string): string {
    return `remote environment ${this.baseUrl}: ${call}: ${what}`;
  }

  private async once(call: Endpoint, body: unknown, query?: Record<string, string | number>): Promise<unknown> {
    const [method, path] = call.split(' ');
    const url = new URL(this.baseUrl + path);
    for (const [k, v] of Object.entries(query ?? {})) url.searchParams.set(k, String(v));
    const { timeoutMs } = this.opts;
    let res: Response;
    let text: string;
    try {
      // The timeout covers the body too: a server that sends headers and then stalls is as dead.
      res = await (this.opts.fetch ?? fetch)(url, {
        method,
        headers: body === undefined ? { accept: 'application/json' } : { accept: 'application/json', 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
      });
      text = await res.text();
    } catch (e) {
      const err = e as { name?: string; message?: string; cause?: { code?: string; message?: string } };
      if (err.name === 'TimeoutError' || err.name === 'AbortError') throw new LlmError('timeout', `no answer within ${timeoutMs} ms`, { cause: e });
      throw new LlmError('network', `cannot reach the server: ${err.cause?.code ?? err.cause?.message ?? err.message ?? String(e)}`, { cause: e });
    }
    if (!res.ok) {
      const parsed = parseErrorBody(text);
      const kind = kindForStatus(res.status, parsed.message);
      throw new LlmError(kind, `HTTP ${res.status}${res.statusText ? ` ${res.statusText}` : ''}: ${parsed.message}`, {
        status: res.status,
        retryAfterMs: parseRetryAfter(res.headers),
        serverMessage: parsed.message,
      });
    }
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch (e) {
      // A plain-text body is a bare observation from a lenient server; a broken JSON body is a truncation.
      if (/json/i.test(res.headers.get('content-type') ?? '')) throw new LlmError('malformed_response', `unreadable JSON body: ${truncate(text, 200)}`, { cause: e });
      json = text;
    }
    const err = embeddedError(json);
    if (err) {
      // An error the server tagged with a transient HTTP code (429, 5xx) is retried like that
      // status; any other is the environment refusing the request, which would refuse it again.
      const code = Number(err.code);
      const message = `the server answered an error: ${truncate(err.message)}`;
      if (code === 429 || (code >= 500 && code < 600)) throw new LlmError(kindForStatus(code, err.message), message, { status: code, serverMessage: err.message });
      throw new RemoteEnvError('env_error', call, this.message(call, message), { serverMessage: err.message });
    }
    return json;
  }
}
