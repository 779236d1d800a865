export type ChatRole = 'system' | 'user' | 'assistant';

export interface ChatMessage {
  role: ChatRole;
  content: string;
}

/** Sampling parameters; a model's `defaultParams` supplies any the request leaves out. */
export interface ChatParams {
  temperature?: number;
  topP?: number;
  maxTokens?: number;
  stop?: string[];
  /** With `n` > 1 and fan-out, choice i is sampled with `seed + i`. */
  seed?: number;
  /** Number of choices wanted; always delivered, by fan-out where the server does not honour it. */
  n?: number;
  /** Server-sent events; gives `ttftMs` and lets a first-byte timeout catch a stuck queue early. */
  stream?: boolean;
}

export interface ChatRequest extends ChatParams {
  messages: ChatMessage[];
  signal?: AbortSignal;
}

export interface ChatChoice {
  text: string;
  /** 'stop', 'length', … as the server said; null when it said nothing. */
  finishReason: string | null;
}

export interface ChatUsage {
  promptTokens: number;
  completionTokens: number;
}

export interface ChatResult {
  /** Exactly `n` choices (1 by default), in order. */
  choices: ChatChoice[];
  /** Summed over fanned-out requests; null when the server (or any fanned-out reply) reported none. */
  usage: ChatUsage | null;
  /** Wall time of the whole `complete()` call: limiter queueing, retries and backoff included. */
  latencyMs: number;
  /** Streaming only: from sending the request that succeeded to its first content token. */
  ttftMs: number | null;
  /** Retries across all requests this call made. */
  retries: number;
  /** The model name the server reported (the configured one when it reported none). */
  model: string;
  /** The response body (streams: reassembled into one completion object); an array when fanned out. */
  raw: unknown;
}

export interface ChatModel {
  complete(req: ChatRequest): Promise<ChatResult>;
  listModels(signal?: AbortSignal): Promise<string[]>;
}
