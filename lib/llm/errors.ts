export type LlmErrorKind =
  | 'timeout'
  | 'rate_limited'
  | 'overloaded'
  | 'server_error'
  | 'bad_request'
  | 'auth'
  | 'not_found'
  | 'malformed_response'
  | 'network'
  | 'aborted';

// malformed_response is retryable because a proxy or a reset connection can truncate one body; the
// retry policy bounds it separately (see retry.ts) so a server that always answers garbage fails fast.
const RETRYABLE: ReadonlySet<LlmErrorKind> = new Set(['timeout', 'rate_limited', 'overloaded', 'server_error', 'network', 'malformed_response']);

export function isRetryableKind(kind: LlmErrorKind): boolean {
  return RETRYABLE.has(kind);
}

export interface LlmErrorOptions {
  status?: number;
  retryAfterMs?: number;
  /** The server's own error type/code, when it gave one. */
  type?: string;
  code?: string | number;
  /** The server's message alone, without our prefix; for matching on what the server said. */
  serverMessage?: string;
  cause?: unknown;
}

export class LlmError extends Error {
  readonly kind: LlmErrorKind;
  readonly status?: number;
  readonly retryable: boolean;
  readonly retryAfterMs?: number;
  readonly type?: string;
  readonly code?: string | number;
  readonly serverMessage?: string;
  /** Set by the retry loop when it gives up: how many requests were made in all. */
  attempts?: number;

  constructor(kind: LlmErrorKind, message: string, opts: LlmErrorOptions = {}) {
    super(message, opts.cause === undefined ? undefined : { cause: opts.cause });
    this.name = 'LlmError';
    this.kind = kind;
    this.retryable = isRetryableKind(kind);
    if (opts.status !== undefined) this.status = opts.status;
    if (opts.retryAfterMs !== undefined) this.retryAfterMs = opts.retryAfterMs;
    if (opts.type !== undefined) this.type = opts.type;
    if (opts.code !== undefined) this.code = opts.code;
    if (opts.serverMessage !== undefined) this.serverMessage = opts.serverMessage;
  }
}

export function isLlmError(e: unknown): e is LlmError {
  return e instanceof LlmError;
}

export interface ParsedErrorBody {
  message: string;
  type?: string;
  code?: string | number;
}

const MAX_MESSAGE = 300;

/** One line, at most `max` characters: server messages can be whole HTML pages or stack traces. */
export function truncate(s: string, max = MAX_MESSAGE): string {
  const t = s.replace(/\s+/g, ' ').trim();
  return t.length > max ? `${t.slice(0, max)}…` : t;
}

function str(v: unknown): string | undefined {
  return typeof v === 'string' && v.trim() !== '' ? v : undefined;
}

function codeOf(v: unknown): string | number | undefined {
  return typeof v === 'number' || (typeof v === 'string' && v !== '') ? v : undefined;
}

/** FastAPI's `detail` is a string, an object, or a list of `{loc, msg}` validation errors. */
function detailMessage(detail: unknown): string {
  if (typeof detail === 'string') return detail;
  if (Array.isArray(detail)) {
    return detail
      .map((d) => {
        if (d && typeof d === 'object' && 'msg' in d) {
          const loc = Array.isArray((d as { loc?: unknown }).loc) ? (d as { loc: unknown[] }).loc.join('.') : '';
          return loc ? `${loc}: ${String((d as { msg: unknown }).msg)}` : String((d as { msg: unknown }).msg);
        }
        return JSON.stringify(d);
      })
      .join('; ');
  }
  if (detail && typeof detail === 'object' && str((detail as { message?: unknown }).message)) return (detail as { message: string }).message;
  return JSON.stringify(detail);
}

/**
 * Reads an error out of an already-parsed JSON value, in any shape servers use; null when the
 * value is not an error (e.g. a normal completion chunk).
 */
export function errorFromJson(json: unknown): ParsedErrorBody | null {
  if (!json || typeof json !== 'object' || Array.isArray(json)) return null;
  const o = json as Record<string, unknown>;
  if ('error' in o && o.error != null) {
    const e = o.error;
    // Ollama: {"error": "model 'x' not found"}
    if (typeof e === 'string') return { message: e };
    // OpenAI, current vLLM, llama.cpp: {"error": {"message", "type", "code"}}
    if (typeof e === 'object') {
      const eo = e as Record<string, unknown>;
      return { message: str(eo.message) ?? JSON.stringify(e), type: str(eo.type), code: codeOf(eo.code) };
    }
    return { message: String(e) };
  }
  // Older vLLM: {"object": "error", "message", "type", "code"} at the top level.
  if (o.object === 'error') return { message: str(o.message) ?? 'unknown error', type: str(o.type), code: codeOf(o.code) };
  // FastAPI proxies: {"detail": ...}
  if ('detail' in o) return { message: detailMessage(o.detail) };
  return null;
}

/** The text of an HTML page worth showing: its title, else its text without tags. */
function htmlText(body: string): string {
  const title = /<title[^>]*>([\s\S]*?)<\/title>/i.exec(body)?.[1];
  if (title && title.trim()) return title;
  return body.replace(/<(script|style)[\s\S]*?<\/\1>/gi, ' ').replace(/<[^>]+>/g, ' ');
}

/** Parses an error body of any shape seen in the wild; the message is always non-empty and short. */
export function parseErrorBody(body: string): ParsedErrorBody {
  const trimmed = body.trim();
  if (trimmed === '') return { message: 'empty response body' };
  try {
    const parsed = errorFromJson(JSON.parse(trimmed));
    if (parsed) return { ...parsed, message: truncate(parsed.message) };
    // JSON but no known error field (e.g. {"message": "..."}): show it as is.
    const m = str((JSON.parse(trimmed) as { message?: unknown })?.message);
    return { message: truncate(m ?? trimmed) };
  } catch {
    const text = /^\s*</.test(trimmed) ? htmlText(trimmed) : trimmed;
    return { message: truncate(text) || 'unreadable response body' };
  }
}

export function kindForStatus(status: number, message = ''): LlmErrorKind {
  if (status === 400 || status === 422) return 'bad_request';
  if (status === 401 || status === 403) return 'auth';
  if (status === 404) return 'not_found';
  if (status === 408) return 'timeout';
  if (status === 429) return 'rate_limited';
  if (status === 503 || (status >= 500 && /loading model|overloaded/i.test(message))) return 'overloaded';
  if (status >= 500) return 'server_error';
  if (status >= 400) return 'bad_request';
  return 'server_error';
}

/**
 * Kind for an error a server put inside a 200 (a stream chunk or a JSON body): servers put the
 * HTTP status they would have used in `code`; otherwise go by the OpenAI-style `type`.
 */
export function kindForEmbedded(e: ParsedErrorBody): LlmErrorKind {
  const code = typeof e.code === 'string' && /^\d{3}$/.test(e.code) ? Number(e.code) : e.code;
  if (typeof code === 'number' && code >= 400 && code < 600) return kindForStatus(code, e.message);
  const t = `${e.type ?? ''} ${typeof e.code === 'string' ? e.code : ''}`.toLowerCase();
  if (/rate_limit|too_many/.test(t)) return 'rate_limited';
  if (/overloaded|unavailable/.test(t) || /loading model/i.test(e.message)) return 'overloaded';
  if (/invalid_request|badrequest|bad_request|context_length|validation/.test(t)) return 'bad_request';
  if (/auth|permission/.test(t)) return 'auth';
  if (/not_found|notfound/.test(t)) return 'not_found';
  return 'server_error';
}

/** `Retry-After` (seconds or an HTTP date) or OpenAI's `retry-after-ms`, as milliseconds from now. */
export function parseRetryAfter(headers: { get(name: string): string | null }, nowMs: number = Date.now()): number | undefined {
  const ms = headers.get('retry-after-ms');
  if (ms && /^\s*\d+(\.\d+)?\s*$/.test(ms)) return Math.max(0, Number(ms));
  const v = headers.get('retry-after');
  if (!v) return undefined;
  if (/^\s*\d+(\.\d+)?\s*$/.test(v)) return Math.max(0, Number(v) * 1000);
  const date = Date.parse(v);
  return Number.isNaN(date) ? undefined : Math.max(0, date - nowMs);
}

/** Removes secrets from text shown to people: the key itself, any bearer token, URL credentials. */
export function redact(text: string, secrets: readonly (string | undefined)[] = []): string {
  let out = text;
  for (const s of secrets) if (s && s.length >= 4) out = out.split(s).join('[redacted]');
  return out.replace(/(Bearer\s+)(?!\[redacted\])[^\s"',;]+/gi, '$1[redacted]').replace(/(\/\/)[^/@\s]+@/g, '$1[redacted]@');
}

export interface HttpErrorInput {
  status: number;
  statusText?: string;
  body: string;
  headers: { get(name: string): string | null };
  /** Where the request went, for the message (credentials are stripped). */
  endpoint: string;
  secrets?: readonly (string | undefined)[];
  nowMs?: number;
}

export function errorFromHttp({ status, statusText, body, headers, endpoint, secrets = [], nowMs }: HttpErrorInput): LlmError {
  const parsed = parseErrorBody(body);
  const kind = kindForStatus(status, parsed.message);
  const detail = [parsed.type, parsed.code !== undefined && String(parsed.code) !== String(status) ? parsed.code : undefined].filter(Boolean).join(', ');
  const head = `HTTP ${status}${statusText ? ` ${statusText}` : ''} from ${endpoint}`;
  const message = redact(`${head}: ${parsed.message}${detail ? ` (${detail})` : ''}`, secrets);
  return new LlmError(kind, message, {
    status,
    retryAfterMs: parseRetryAfter(headers, nowMs),
    type: parsed.type,
    code: parsed.code,
    serverMessage: redact(parsed.message, secrets),
  });
}
