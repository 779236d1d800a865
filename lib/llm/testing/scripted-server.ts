// A real HTTP server on 127.0.0.1 that answers from a script, for tests and benchmarks of model
// clients: the client under test goes through real sockets, real chunked streaming and real
// timeouts, not a mocked fetch.
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One piece of an SSE reply. */
export type SseItem =
  | { data: unknown; event?: string } // a string is sent as is, anything else as JSON
  | { comment: string }
  | { raw: string } // written verbatim, e.g. llama.cpp's `error: {...}\n\n`
  | { wait: number } // pause (ms) before the next item
  | { hang: true } // stop sending but keep the connection open
  | { close: true }; // destroy the socket mid-stream

interface ReplyInit {
  status?: number;
  headers?: Record<string, string>;
  /** Delay before the status line (time to first byte). */
  delayMs?: number;
}

export type ScriptedReply =
  | (ReplyInit & { type: 'json'; body: unknown })
  | (ReplyInit & { type: 'text'; body: string })
  | (ReplyInit & { type: 'sse'; events: SseItem[]; done: boolean })
  | { type: 'hang' }
  | { type: 'close' };

export const reply = {
  json: (body: unknown, init: ReplyInit = {}): ScriptedReply => ({ type: 'json', body, ...init }),
  /** A raw body: HTML error pages, truncated JSON, … (content-type text/plain unless given). */
  text: (body: string, init: ReplyInit = {}): ScriptedReply => ({ type: 'text', body, ...init }),
  /** Ends with `data: [DONE]` unless `done: false`. */
  sse: (events: SseItem[], init: ReplyInit & { done?: boolean } = {}): ScriptedReply => ({ type: 'sse', ...init, events, done: init.done ?? true }),
  /** Reads the request and never answers. */
  hang: (): ScriptedReply => ({ type: 'hang' }),
  /** Destroys the connection without answering. */
  close: (): ScriptedReply => ({ type: 'close' }),
};

export interface RecordedRequest {
  method: string;
  /** Path with query, e.g. `/v1/chat/completions`. */
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
  /** The body parsed as JSON; undefined when it is not JSON. */
  json: unknown;
  /** Milliseconds since the server started. */
  at: number;
}

export type ScriptedHandler = (req: RecordedRequest, index: number) => ScriptedReply | Promise<ScriptedReply>;

export interface ScriptedServerOptions {
  /** Added before every reply, while holding a server slot (simulates generation time). */
  latencyMs?: number;
  /** At most this many requests are served at once; the rest wait in arrival order (a GPU's batch limit). */
  concurrency?: number;
}

export interface ScriptedServer {
  /** `http://127.0.0.1:<port>` */
  readonly url: string;
  /** `url + '/v1'`, what an OpenAI-compatible client takes. */
  readonly baseUrl: string;
  readonly requests: RecordedRequest[];
  /** Answers when the queue is empty. Without either, the server answers 500 naming the request. */
  handler: ScriptedHandler | null;
  /** Replies are used in order, one per request, before `handler`. */
  enqueue(...replies: ScriptedReply[]): void;
  /** Queued replies not used yet. */
  readonly queued: number;
  /** Requests received whose response has not ended (waiting for a server slot included). */
  readonly inFlight: number;
  readonly maxInFlight: number;
  /** Peak of requests being served at once (holding a slot); at most `concurrency`. */
  readonly maxActive: number;
  close(): Promise<void>;
}

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));
const never = () => new Promise<void>(() => {});

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

async function writeSse(res: ServerResponse, events: SseItem[], done: boolean): Promise<void> {
  for (const item of events) {
    if (res.destroyed) return;
    if ('wait' in item) await sleep(item.wait);
    else if ('hang' in item) return never();
    else if ('close' in item) return void res.socket?.destroy();
    else if ('comment' in item) res.write(`: ${item.comment}\n\n`);
    else if ('raw' in item) res.write(item.raw);
    else {
      const data = typeof item.data === 'string' ? item.data : JSON.stringify(item.data);
      res.write(`${item.event ? `event: ${item.event}\n` : ''}data: ${data}\n\n`);
    }
  }
  if (done && !res.destroyed) res.write('data: [DONE]\n\n');
  res.end();
}

async function send(res: ServerResponse, r: ScriptedReply): Promise<void> {
  if (r.type === 'hang') return never();
  if (r.type === 'close') return void res.socket?.destroy();
  if (r.delayMs) await sleep(r.delayMs);
  if (res.destroyed) return;
  const status = r.status ?? 200;
  if (r.type === 'sse') {
    res.writeHead(status, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', ...r.headers });
    res.flushHeaders();
    return writeSse(res, r.events, r.done);
  }
  const body = r.type === 'json' ? JSON.stringify(r.body) : r.body;
  const type = r.type === 'json' ? 'application/json' : 'text/plain; charset=utf-8';
  res.writeHead(status, { 'content-type': type, ...r.headers });
  res.end(body);
}

/** Starts a server on an ephemeral port of 127.0.0.1. */
export async function startScriptedServer(opts: ScriptedServerOptions = {}): Promise<ScriptedServer> {
  const started = Date.now();
  const queue: ScriptedReply[] = [];
  const requests: RecordedRequest[] = [];
  const slotWaiters: (() => void)[] = [];
  let serving = 0;
  let maxActive = 0;
  let inFlight = 0;
  let maxInFlight = 0;

  const takeSlot = async () => {
    // A freed slot is handed to the next waiter directly, so late arrivals cannot overtake it.
    if (opts.concurrency && serving >= opts.concurrency) await new Promise<void>((r) => slotWaiters.push(r));
    else serving++;
    maxActive = Math.max(maxActive, serving);
  };
  const freeSlot = () => {
    const next = slotWaiters.shift();
    if (next) next();
    else serving--;
  };

  const server = createServer(async (req, res) => {
    inFlight++;
    maxInFlight = Math.max(maxInFlight, inFlight);
    let closed = false;
    let slotHeld = false;
    res.on('close', () => {
      closed = true;
      inFlight--;
      if (slotHeld) freeSlot();
    });
    try {
      const body = await readBody(req);
      const rec: RecordedRequest = { method: req.method ?? 'GET', path: req.url ?? '/', headers: req.headers, body, json: parseJson(body), at: Date.now() - started };
      const index = requests.push(rec) - 1;
      const r = queue.shift() ?? (api.handler ? await api.handler(rec, index) : null);
      await takeSlot();
      // The client may have gone while this request queued: give the slot straight back.
      if (closed) return freeSlot();
      slotHeld = true;
      if (opts.latencyMs) await sleep(opts.latencyMs);
      if (!r) return void res.writeHead(500, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { message: `scripted server: nothing scripted for ${rec.method} ${rec.path}` } }));
      await send(res, r);
    } catch (e) {
      if (!res.headersSent) res.writeHead(500).end(String(e));
      else res.destroy();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const api: ScriptedServer = {
    url,
    baseUrl: `${url}/v1`,
    requests,
    handler: null,
    enqueue: (...replies) => void queue.push(...replies),
    get queued() {
      return queue.length;
    },
    get inFlight() {
      return inFlight;
    },
    get maxInFlight() {
      return maxInFlight;
    },
    get maxActive() {
      return maxActive;
    },
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      // Let the client side see its pooled keep-alive sockets close, so a later server that gets
      // the same port is not sent a request down a dead socket.
      await sleep(5);
    },
  };
  return api;
}
