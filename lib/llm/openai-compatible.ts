import { CapabilityCache, endpointCapabilities } from './capabilities';
import { embeddedError, malformed, parseCompletionBody, type ParsedCompletion } from './completion';
import { LlmError, errorFromHttp, errorFromJson, isLlmError, redact } from './errors';
import { LimiterRegistry, endpointLimiters, type Semaphore } from './limiter';
import { abortedError, withRetry, type RetryOptions, type Sleep } from './retry';
import { parseStreamedText, readStreamedCompletion, type StreamedCompletion } from './stream';
import type { ChatMessage, ChatModel, ChatParams, ChatRequest, ChatResult } from './types';

export interface OpenAICompatibleOptions {
  /** Endpoint id: requests of every model object with the same id share one limiter (default: baseUrl). */
  id?: string;
  /** e.g. `http://127.0.0.1:8000/v1`; a trailing slash is fine. */
  baseUrl: string;
  model: string;
  apiKey?: string;
  /** Whole request, body included (default 120 s). */
  timeoutMs?: number;
  /** Streaming only: the first body bytes must arrive within this (default 30 s). */
  firstByteTimeoutMs?: number;
  maxRetries?: number;
  retryBudgetMs?: number;
  backoff?: Pick<RetryOptions, 'baseDelayMs' | 'maxDelayMs' | 'maxRetryAfterMs' | 'maxMalformedRetries'>;
  /** Requests in flight to this endpoint, across all runs (default 16). */
  concurrency?: number;
  defaultParams?: ChatParams;
  /** Server-specific fields merged into every request body (top_k, chat_template_kwargs, …). */
  extraBody?: Record<string, unknown>;
  headers?: Record<string, string>;
  fetch?: typeof fetch;
  sleep?: Sleep;
  random?: () => number;
  now?: () => number;
  onRetry?: RetryOptions['onRetry'];
  limiters?: LimiterRegistry;
  capabilities?: CapabilityCache;
}

interface Part extends ParsedCompletion {
  retries: number;
  ttftMs: number | null;
}

interface ReadContext {
  t0: number;
  /** Stops the first-byte clock. */
  firstByte: () => void;
}

type AbortWhy = 'caller' | 'timeout' | 'first_byte' | 'done';

/** Raised inside the retry loop so it stops at once; `complete` falls back to fan-out. */
class NRejected extends Error {}
class StreamOptionsRejected extends Error {}

// llama.cpp: "Only one completion choice is allowed"; others: "n must be 1", "only n = 1 is supported".
const N_REJECTED = /only one (?:completion )?choice|['"`]n['"`]|\bn\s*(?:==?|!=|>)|\bn\s+(?:must|should|is|only|not)\b|\bn_choices\b|number of (?:choices|completions)/i;

function definedOnly<T extends object>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;
}

/** `scheme://host/path` without credentials or query, safe to show. */
function displayUrl(url: string): string {
  try {
    const u = new URL(url);
    return `${u.protocol}//${u.host}${u.pathname}`;
  } catch {
    return redact(url.replace(/\?.*$/, ''));
  }
}

export class OpenAICompatibleModel implements ChatModel {
  readonly id: string;
  readonly baseUrl: string;
  readonly model: string;
  // An ES private field: invisible to JSON.stringify and util.inspect, so logging the model object leaks nothing.
  readonly #apiKey: string | undefined;
  private readonly opts: Omit<OpenAICompatibleOptions, 'apiKey'>;
  private readonly timeoutMs: number;
  private readonly firstByteTimeoutMs: number;
  private readonly limiter: Semaphore;
  private readonly capabilities: CapabilityCache;
  private readonly capabilityKey: string;
  private readonly fetchImpl: typeof fetch;
  private readonly now: () => number;

  constructor(options: OpenAICompatibleOptions) {
    const { apiKey, ...opts } = options;
    this.opts = opts;
    this.#apiKey = apiKey?.trim() || undefined;
    this.baseUrl = opts.baseUrl.replace(/\/+$/, '');
    this.model = opts.model;
    this.id = opts.id ?? this.baseUrl;
    this.timeoutMs = opts.timeoutMs ?? 120_000;
    this.firstByteTimeoutMs = opts.firstByteTimeoutMs ?? 30_000;
    this.limiter = (opts.limiters ?? endpointLimiters).get(this.id, opts.concurrency);
    this.capabilities = opts.capabilities ?? endpointCapabilities;
    this.capabilityKey = `${this.baseUrl}|${this.model}`;
    this.fetchImpl = opts.fetch ?? globalThis.fetch;
    this.now = opts.now ?? Date.now;
  }

  async complete(req: ChatRequest): Promise<ChatResult> {
    const started = this.now();
    const { messages, signal, ...own } = req;
    const p: ChatParams = { ...this.opts.defaultParams, ...definedOnly(own) };
    const n = p.n ?? 1;
    if (!Number.isInteger(n) || n < 1) throw new LlmError('bad_request', `n must be a positive integer, got ${n}`);
    let parts: Part[];
    if (n === 1) parts = [await this.single(messages, p, undefined, signal)];
    else if (this.capabilities.get(this.capabilityKey).honoursN === false) parts = await this.fanOut(messages, p, 0, n, signal);
    else {
      let first: Part | null = null;
      try {
        first = await this.single(messages, p, n, signal);
      } catch (e) {
        if (!(e instanceof NRejected)) throw e;
      }
      if (first && first.choices.length >= n) parts = [first];
      else {
        // Ollama answers one choice, llama.cpp refuses n: sample the rest one by one, now and from now on.
        this.capabilities.update(this.capabilityKey, { honoursN: false });
        const have = first?.choices.length ?? 0;
        const rest = await this.fanOut(messages, p, have, n, signal);
        parts = first ? [first, ...rest] : rest;
        if (!first) parts[0] = { ...parts[0], retries: parts[0].retries + 1 }; // the refused request
      }
    }
    return this.merge(parts, n, started);
  }

  async listModels(signal?: AbortSignal): Promise<string[]> {
    const { value } = await withRetry(
      // Not through the limiter: a connection check must not queue behind a saturated run.
      () => this.http('GET', '/models', undefined, false, signal, false, async (res) => this.parseModels(await res.text())),
      this.retryOptions(signal),
    );
    return value;
  }

  private parseModels(text: string): string[] {
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      throw malformed('model list is not JSON', this.endpoint('/models'), text);
    }
    const err = errorFromJson(json);
    if (err) throw embeddedError(err, this.endpoint('/models'), [this.#apiKey]);
    const o = json as { data?: unknown; models?: unknown };
    // OpenAI/vLLM/llama.cpp: {data: [{id}]}; Ollama's native listing and llama.cpp also: {models: [{name|model}]}.
    const list = Array.isArray(o?.data) ? o.data : Array.isArray(o?.models) ? o.models : null;
    if (!list) throw malformed('no "data" list of models', this.endpoint('/models'), text);
    return list
      .map((m: unknown) => (typeof m === 'string' ? m : (m as { id?: unknown; model?: unknown; name?: unknown })?.id ?? (m as { model?: unknown })?.model ?? (m as { name?: unknown })?.name))
      .filter((id): id is string => typeof id === 'string');
  }

  private endpoint(path: string): string {
    return displayUrl(this.baseUrl + path);
  }

  private retryOptions(signal: AbortSignal | undefined): RetryOptions {
    const o = this.opts;
    return {
      ...o.backoff,
      maxRetries: o.maxRetries,
      budgetMs: o.retryBudgetMs,
      signal,
      sleep: o.sleep,
      random: o.random,
      now: o.now,
      onRetry: o.onRetry,
    };
  }

  private requestBody(messages: ChatMessage[], p: ChatParams, n: number | undefined, streamOptions: boolean): Record<string, unknown> {
    const b: Record<string, unknown> = { ...this.opts.extraBody, model: this.model, messages };
    if (p.temperature !== undefined) b.temperature = p.temperature;
    if (p.topP !== undefined) b.top_p = p.topP;
    if (p.maxTokens !== undefined) b.max_tokens = p.maxTokens;
    // Some servers reject an empty stop list.
    if (p.stop && p.stop.length > 0) b.stop = p.stop;
    if (p.seed !== undefined) b.seed = p.seed;
    if (n !== undefined && n > 1) b.n = n;
    if (p.stream) {
      b.stream = true;
      if (streamOptions) b.stream_options = { include_usage: true };
    }
    return b;
  }

  /** One chat request (with its retries); `n` set only when asking the server for several choices. */
  private async single(messages: ChatMessage[], p: ChatParams, n: number | undefined, signal: AbortSignal | undefined): Promise<Part> {
    let extra = 0;
    for (;;) {
      const streamOptions = !!p.stream && this.capabilities.get(this.capabilityKey).streamOptions !== false;
      const body = this.requestBody(messages, p, n, streamOptions);
      try {
        const { value, retries } = await withRetry(async () => {
          try {
            return await this.http('POST', '/chat/completions', body, !!p.stream, signal, true, (res, ctx) => this.readCompletion(res, ctx, !!p.stream));
          } catch (e) {
            // Refusals of an optional feature are 400s, or 500s on some llama.cpp builds: never worth retrying.
            if (isLlmError(e) && (e.kind === 'bad_request' || e.kind === 'server_error')) {
              const said = e.serverMessage ?? e.message;
              if (n !== undefined && N_REJECTED.test(said)) throw new NRejected(said);
              if (streamOptions && /stream_options/i.test(said)) throw new StreamOptionsRejected(said);
            }
            throw e;
          }
        }, this.retryOptions(signal));
        return { ...value, retries: retries + extra };
      } catch (e) {
        if (!(e instanceof StreamOptionsRejected)) throw e;
        this.capabilities.update(this.capabilityKey, { streamOptions: false });
        extra++;
      }
    }
  }

  /** Choices `from..to-1` as separate n=1 requests, choice i seeded `seed + i`; one failure cancels the rest. */
  private async fanOut(messages: ChatMessage[], p: ChatParams, from: number, to: number, signal: AbortSignal | undefined): Promise<Part[]> {
    const ctl = new AbortController();
    const onAbort = () => ctl.abort(signal?.reason);
    if (signal?.aborted) onAbort();
    signal?.addEventListener('abort', onAbort, { once: true });
    try {
      const jobs = Array.from({ length: to - from }, (_, k) => {
        const seed = p.seed === undefined ? undefined : p.seed + from + k;
        return this.single(messages, { ...p, seed }, undefined, ctl.signal).catch((e: unknown) => {
          ctl.abort(new Error('a sibling request failed'));
          throw e;
        });
      });
      return await Promise.all(jobs);
    } finally {
      signal?.removeEventListener('abort', onAbort);
    }
  }

  private merge(parts: Part[], n: number, started: number): ChatResult {
    const usage = parts.every((x) => x.usage)
      ? parts.reduce((a, x) => ({ promptTokens: a.promptTokens + x.usage!.promptTokens, completionTokens: a.completionTokens + x.usage!.completionTokens }), { promptTokens: 0, completionTokens: 0 })
      : null;
    const ttfts = parts.map((x) => x.ttftMs).filter((t): t is number => t !== null);
    return {
      choices: parts.flatMap((x) => x.choices).slice(0, n),
      usage,
      latencyMs: this.now() - started,
      ttftMs: ttfts.length > 0 ? Math.min(...ttfts) : null,
      retries: parts.reduce((a, x) => a + x.retries, 0),
      model: parts.find((x) => x.model)?.model ?? this.model,
      raw: this.scrub(parts.length === 1 ? parts[0].raw : parts.map((x) => x.raw)),
    };
  }

  /** A server that echoes the key back must not get it stored with the run. */
  private scrub(raw: unknown): unknown {
    if (!this.#apiKey) return raw;
    const text = JSON.stringify(raw);
    const needle = JSON.stringify(this.#apiKey).slice(1, -1);
    return text.includes(needle) ? JSON.parse(text.split(needle).join('[redacted]')) : raw;
  }

  private async readCompletion(res: Response, ctx: ReadContext, stream: boolean): Promise<StreamedCompletion> {
    const o = { endpoint: this.endpoint('/chat/completions'), secrets: [this.#apiKey], now: this.now, t0: ctx.t0, onBytes: ctx.firstByte };
    if (stream && res.body && (res.headers.get('content-type') ?? '').includes('text/event-stream')) return readStreamedCompletion(res.body, o);
    // A server that ignores stream:true answers in one piece, which is fine.
    ctx.firstByte();
    const text = await res.text();
    if (stream && /^\s*(data|:|event)/.test(text)) return parseStreamedText(text, o);
    return { ...parseCompletionBody(text, o.endpoint, o.secrets), ttftMs: null };
  }

  /**
   * One HTTP exchange under the per-request timeout, the first-byte timeout (streams) and the
   * caller's signal. Every failure leaves here as an LlmError whose message holds no secret.
   */
  private async http<T>(
    method: 'GET' | 'POST',
    path: string,
    body: unknown,
    stream: boolean,
    signal: AbortSignal | undefined,
    limited: boolean,
    read: (res: Response, ctx: ReadContext) => Promise<T>,
  ): Promise<T> {
    const release = limited ? await this.limiter.acquire(signal) : () => {};
    const state: { why: AbortWhy | null } = { why: null };
    const ctl = new AbortController();
    const abort = (why: AbortWhy) => {
      if (state.why) return;
      state.why = why;
      ctl.abort(why);
    };
    const onCaller = () => abort('caller');
    if (signal?.aborted) onCaller();
    signal?.addEventListener('abort', onCaller, { once: true });
    const total = setTimeout(() => abort('timeout'), this.timeoutMs);
    const firstByte = stream ? setTimeout(() => abort('first_byte'), this.firstByteTimeoutMs) : undefined;
    const ctx: ReadContext = { t0: this.now(), firstByte: () => clearTimeout(firstByte) };
    const url = this.baseUrl + path;
    const headers: Record<string, string> = { ...this.opts.headers, accept: stream ? 'text/event-stream' : 'application/json' };
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (this.#apiKey) headers.authorization = `Bearer ${this.#apiKey}`;
    try {
      const res = await this.fetchImpl(url, { method, headers, body: body === undefined ? undefined : JSON.stringify(body), signal: ctl.signal });
      if (!res.ok) {
        ctx.firstByte();
        const text = await res.text();
        throw errorFromHttp({ status: res.status, statusText: res.statusText, body: text, headers: res.headers, endpoint: this.endpoint(path), secrets: [this.#apiKey], nowMs: this.now() });
      }
      return await read(res, ctx);
    } catch (e) {
      throw this.classify(e, state.why, signal, path);
    } finally {
      clearTimeout(total);
      clearTimeout(firstByte);
      signal?.removeEventListener('abort', onCaller);
      // Tears down a body we stopped reading (after [DONE], or on an error chunk).
      abort('done');
      release();
    }
  }

  private classify(e: unknown, why: AbortWhy | null, signal: AbortSignal | undefined, path: string): LlmError {
    const endpoint = this.endpoint(path);
    let err: LlmError;
    if (why === 'caller' || signal?.aborted) err = abortedError(signal);
    else if (why === 'timeout') err = new LlmError('timeout', `no complete response from ${endpoint} within ${this.timeoutMs} ms`, { cause: e });
    else if (why === 'first_byte') err = new LlmError('timeout', `no first byte of the stream from ${endpoint} within ${this.firstByteTimeoutMs} ms`, { cause: e });
    else if (isLlmError(e)) err = e;
    else {
      const cause = (e as { cause?: { code?: unknown; message?: unknown } })?.cause;
      const detail = [cause?.code, cause?.message ?? (e as Error)?.message].filter((x) => typeof x === 'string' && x).join(': ');
      err = new LlmError('network', `network error talking to ${endpoint}: ${detail || String(e)}`, { cause: e });
    }
    err.message = redact(err.message, [this.#apiKey]);
    return err;
  }
}
