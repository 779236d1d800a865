// Turning chat-completion bodies (whole, or streamed chunk by chunk) into choices, with the
// validation real servers need: a 200 may carry an error, no choices, or null content.
import { LlmError, errorFromJson, kindForEmbedded, redact, truncate, type ParsedErrorBody } from './errors';
import type { ChatChoice, ChatUsage } from './types';

export interface ParsedCompletion {
  choices: ChatChoice[];
  usage: ChatUsage | null;
  /** As the server reported it. */
  model: string | null;
  raw: unknown;
}

type Obj = Record<string, unknown>;

const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);


export function malformed(what: string, endpoint: string, body?: string): LlmError {
  return new LlmError('malformed_response', `malformed response from ${endpoint}: ${what}${body !== undefined ? `: ${JSON.stringify(truncate(body, 200))}` : ''}`);
}

/** An error the server reported inside a 200 (a body or a stream chunk). */
export function embeddedError(e: ParsedErrorBody, endpoint: string, secrets: readonly (string | undefined)[]): LlmError {
  const kind = kindForEmbedded(e);
  const message = truncate(e.message);
  const status = typeof e.code === 'number' ? e.code : undefined;
  const detail = [e.type, e.code].filter((x) => x !== undefined).join(', ');
  return new LlmError(kind, redact(`error from ${endpoint} inside a 200 response: ${message}${detail ? ` (${detail})` : ''}`, secrets), {
    status,
    type: e.type,
    code: e.code,
    serverMessage: redact(message, secrets),
  });
}

export function parseUsage(u: unknown): ChatUsage | null {
  if (!isObj(u)) return null;
  const p = u.prompt_tokens;
  const c = u.completion_tokens;
  if (typeof p !== 'number' || typeof c !== 'number') return null;
  return { promptTokens: p, completionTokens: c };
}

/** Message content is a string, null (e.g. cut off by max_tokens), or a list of text parts. */
function contentText(content: unknown): string | undefined {
  if (typeof content === 'string') return content;
  if (content === null) return '';
  if (Array.isArray(content)) return content.map((p) => (isObj(p) && typeof p.text === 'string' ? p.text : '')).join('');
  return undefined;
}

const finishOf = (c: Obj): string | null => (typeof c.finish_reason === 'string' ? c.finish_reason : null);
const indexOf = (c: Obj, fallback: number): number => (typeof c.index === 'number' ? c.index : fallback);

export function parseCompletionBody(text: string, endpoint: string, secrets: readonly (string | undefined)[] = []): ParsedCompletion {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw malformed('body is not JSON', endpoint, text);
  }
  const err = errorFromJson(json);
  if (err) throw embeddedError(err, endpoint, secrets);
  if (!isObj(json)) throw malformed('body is not a JSON object', endpoint, text);
  if (!Array.isArray(json.choices)) throw malformed('no "choices" array', endpoint, text);
  if (json.choices.length === 0) throw malformed('"choices" is empty', endpoint, text);
  const choices = json.choices.map((c: unknown, i: number) => {
    if (!isObj(c)) throw malformed(`choice ${i} is not an object`, endpoint, text);
    const t = isObj(c.message) ? contentText(c.message.content ?? null) : contentText(c.text);
    if (t === undefined) throw malformed(`choice ${i} has neither message content nor text`, endpoint, text);
    return { index: indexOf(c, i), choice: { text: t, finishReason: finishOf(c) } };
  });
  choices.sort((a, b) => a.index - b.index);
  return {
    choices: choices.map((c) => c.choice),
    usage: parseUsage(json.usage),
    model: typeof json.model === 'string' ? json.model : null,
    raw: json,
  };
}

/** Reassembles a streamed completion from its chunks. */
export class StreamAccumulator {
  private readonly texts = new Map<number, string>();
  private readonly finish = new Map<number, string | null>();
  private usage: ChatUsage | null = null;
  private rawUsage: unknown = null;
  private model: string | null = null;
  private id: unknown;
  private created: unknown;

  constructor(
    private readonly endpoint: string,
    private readonly secrets: readonly (string | undefined)[] = [],
  ) {}

  /** Takes one `data:` payload; returns true when it carried generated text. */
  push(data: string): boolean {
    let json: unknown;
    try {
      json = JSON.parse(data);
    } catch {
      throw malformed('stream chunk is not JSON', this.endpoint, data);
    }
    const err = errorFromJson(json);
    if (err) throw embeddedError(err, this.endpoint, this.secrets);
    if (!isObj(json)) throw malformed('stream chunk is not a JSON object', this.endpoint, data);
    if (typeof json.model === 'string') this.model = json.model;
    this.id ??= json.id;
    this.created ??= json.created;
    // Usage comes on the last chunk (choices: []) with include_usage; intermediate chunks may say null.
    const usage = parseUsage(json.usage);
    if (usage) {
      this.usage = usage;
      this.rawUsage = json.usage;
    }
    let content = false;
    const choices = Array.isArray(json.choices) ? json.choices : [];
    choices.forEach((c: unknown, i: number) => {
      if (!isObj(c)) throw malformed('stream choice is not an object', this.endpoint, data);
      const index = indexOf(c, i);
      // Role-only and empty deltas are normal (the first chunk usually is one).
      const piece = isObj(c.delta) ? contentText(c.delta.content ?? '') : contentText(c.text ?? '');
      this.texts.set(index, (this.texts.get(index) ?? '') + (piece ?? ''));
      if (piece) content = true;
      const f = finishOf(c);
      if (f !== null || !this.finish.has(index)) this.finish.set(index, f);
    });
    return content;
  }

  /** `done`: the server sent `[DONE]`; without it, every choice must at least have finished. */
  result(done: boolean): ParsedCompletion {
    if (this.texts.size === 0) throw malformed(done ? 'stream carried no choices' : 'stream ended before any choice arrived', this.endpoint);
    if (!done && [...this.finish.values()].some((f) => f === null)) throw malformed('stream ended before the completion finished', this.endpoint);
    const indices = [...this.texts.keys()].sort((a, b) => a - b);
    const choices = indices.map((i) => ({ text: this.texts.get(i)!, finishReason: this.finish.get(i) ?? null }));
    const raw = {
      id: this.id,
      object: 'chat.completion',
      created: this.created,
      model: this.model,
      choices: indices.map((i, k) => ({ index: i, message: { role: 'assistant', content: choices[k].text }, finish_reason: choices[k].finishReason })),
      usage: this.rawUsage,
      streamed: true,
    };
    return { choices, usage: this.usage, model: this.model, raw };
  }
}
