// Serves any EnvSpec over AgentGym's environment-server protocol (node:http, no framework), so that
// AgentGym clients, and our own remote adapter on another machine, can play the built-in envs.
// Like AgentGym, the environment's refusals (unknown id, step before reset, bad JSON) are HTTP 200
// with `{"error": "..."}`; HTTP statuses are kept for what is not the environment's answer:
// 404/405 for unknown routes, 413 for oversized bodies, 503 when the session cap is reached (so
// that clients retry it as transient).
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { z } from 'zod';
import { describeEnv } from '../registry';
import { makeTask } from '../tasks';
import type { Env, EnvSpec, Task } from '../types';
import { ENDPOINTS, closeRequestSchema, resetRequestSchema, stepRequestSchema, type Endpoint } from './protocol';

export interface EnvServerOptions {
  spec: EnvSpec;
  /** 0 (the default) picks a free port. */
  port?: number;
  /** Loopback by default: the protocol has no authentication. */
  host?: string;
  maxSessions?: number;
  /** Sessions untouched this long are closed (clients that died without /close). */
  idleTimeoutMs?: number;
  maxBodyBytes?: number;
}

export interface EnvSession {
  readonly id: number;
  readonly env: Env;
  task: Task | null;
  /** The index the client asked for; null when it named the task (extension) or has not reset. */
  dataIdx: number | null;
  steps: number;
  done: boolean;
  success: boolean;
  lastReward: number;
  totalReward: number;
  observation: string;
  goal: string;
  availableActions: string[];
  readonly createdAt: number;
  lastUsedAt: number;
  /** Requests to one session run one at a time. */
  queue: Promise<unknown>;
}

export interface EnvServer {
  /** `http://host:port`, the base URL clients take. */
  readonly url: string;
  readonly sessions: ReadonlyMap<number, EnvSession>;
  close(): Promise<void>;
}

/** How many dataset indices per task type /spec advertises (a prefill, not a limit). */
export const DATA_IDX_HINT = 100;

/**
 * AgentGym clients address tasks by dataset index only. Ours: task type `data_idx mod n` (so that
 * consecutive indices cycle through the types) with seed `data_idx`, so every index is a distinct,
 * reproducible task.
 */
export function taskForDataIdx(spec: EnvSpec, dataIdx: number): Task {
  return makeTask(spec.id, spec.taskTypes[dataIdx % spec.taskTypes.length].id, dataIdx);
}

/** GET /spec: the environment description, with the dataset indices of each task type. */
export function wireSpecOf(spec: EnvSpec) {
  const d = describeEnv(spec);
  const n = spec.taskTypes.length;
  return {
    ...d,
    dataIdxMapping: `task type = taskTypes[data_idx mod ${n}], seed = data_idx; or the "task" field of /reset when it names a task type`,
    taskTypes: d.taskTypes.map((t, i) => ({ ...t, dataIdx: Array.from({ length: DATA_IDX_HINT }, (_, k) => i + k * n) })),
  };
}

/** The environment's refusal: HTTP 200 with `{"error": message}`. */
class Refusal extends Error {}
class HttpFailure extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

type Handler = (req: { body: unknown; query: URLSearchParams }) => Promise<unknown>;

function parse<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  const r = schema.safeParse(body);
  if (!r.success) throw new Refusal(`bad request: ${r.error.issues.map((i) => `${i.path.join('.') || 'body'}: ${i.message}`).join('; ')}`);
  return r.data;
}

function readBody(req: IncomingMessage, limit: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size > limit) {
        reject(new HttpFailure(413, `request body over ${limit} bytes`));
        req.removeAllListeners('data');
        req.resume();
      } else chunks.push(c);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function send(res: ServerResponse, status: number, body: unknown): void {
  if (res.headersSent) return;
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

export async function startEnvServer(opts: EnvServerOptions): Promise<EnvServer> {
  const { spec, port = 0, host = '127.0.0.1', maxSessions = 1000, idleTimeoutMs = 30 * 60_000, maxBodyBytes = 1 << 20 } = opts;
  const sessions = new Map<number, EnvSession>();
  let nextId = 0;

  const drop = (s: EnvSession) => {
    sessions.delete(s.id);
    void s.env.close().catch(() => undefined);
  };
  const sweep = () => {
    const cutoff = Date.now() - idleTimeoutMs;
    for (const s of sessions.values()) if (s.lastUsedAt < cutoff) drop(s);
  };
  const sweeper = setInterval(sweep, Math.min(60_000, Math.max(10, idleTimeoutMs / 2)));
  sweeper.unref();

  const session = (raw: unknown): EnvSession => {
    const id = typeof raw === 'string' && /^\d+$/.test(raw) ? Number(raw) : raw;
    const s = typeof id === 'number' ? sessions.get(id) : undefined;
    if (raw === undefined || raw === null || raw === '') throw new Refusal('missing "id": POST /create first');
    if (!s) throw new Refusal(`unknown id ${String(raw)}: never created, closed, or expired after ${Math.round(idleTimeoutMs / 1000)} s idle`);
    s.lastUsedAt = Date.now();
    return s;
  };
  const started = (s: EnvSession): Task => {
    if (!s.task) throw new Refusal(`id ${s.id} has not been reset: POST /reset first`);
    return s.task;
  };
  /** Runs `fn` after the session's earlier requests, so that two steps never interleave. */
  const serial = <T>(s: EnvSession, fn: () => Promise<T>): Promise<T> => {
    const run = s.queue.then(fn, fn);
    s.queue = run.catch(() => undefined);
    return run;
  };

  const routes: Partial<Record<Endpoint, Handler>> = {
    [ENDPOINTS.create]: async () => {
      sweep();
      if (sessions.size >= maxSessions) throw new HttpFailure(503, `too many sessions (${maxSessions}): close finished ones or wait for idle ones to expire`);
      const now = Date.now();
      const s: EnvSession = { id: nextId++, env: spec.create(), task: null, dataIdx: null, steps: 0, done: false, success: false, lastReward: 0, totalReward: 0, observation: '', goal: '', availableActions: [], createdAt: now, lastUsedAt: now, queue: Promise.resolve() };
      sessions.set(s.id, s);
      return { id: s.id };
    },
    [ENDPOINTS.reset]: async ({ body }) => {
      const req = parse(resetRequestSchema, body);
      const s = session(req.id);
      // The `task` extension wins when it names one of our types (a ReflectLab client then gets
      // exactly the built-in task); otherwise, as for any AgentGym client, the index decides.
      const named = req.task && spec.taskTypes.some((t) => t.id === req.task!.taskType) ? makeTask(spec.id, req.task.taskType, req.task.seed) : null;
      if (!named && req.data_idx === undefined) throw new Refusal(`reset needs "data_idx" (or a "task" naming one of: ${spec.taskTypes.map((t) => t.id).join(', ')})`);
      const task = named ?? taskForDataIdx(spec, req.data_idx!);
      return serial(s, async () => {
        const r = await s.env.reset(task);
        Object.assign(s, { task, dataIdx: named ? null : req.data_idx!, steps: 0, done: false, success: false, lastReward: 0, totalReward: 0, observation: r.observation, goal: r.goal, availableActions: r.availableActions });
        return { observation: r.observation, available_actions: r.availableActions, goal: r.goal, info: { ...r.info, task } };
      });
    },
    [ENDPOINTS.step]: async ({ body }) => {
      const req = parse(stepRequestSchema, body);
      const s = session(req.id);
      return serial(s, async () => {
        started(s);
        const r = await s.env.step(req.action);
        Object.assign(s, { steps: s.steps + 1, done: r.done, success: r.success, lastReward: r.reward, totalReward: s.totalReward + r.reward, observation: r.observation, availableActions: r.availableActions });
        return { observation: r.observation, reward: r.reward, done: r.done, success: r.success, negative: r.negative, available_actions: r.availableActions, info: r.info };
      });
    },
    [ENDPOINTS.observation]: async ({ query }) => {
      const s = session(query.get('id'));
      started(s);
      return { observation: s.observation };
    },
    [ENDPOINTS.availableActions]: async ({ query }) => {
      const s = session(query.get('id'));
      started(s);
      return { available_actions: s.availableActions };
    },
    [ENDPOINTS.detail]: async ({ query }) => {
      const s = session(query.get('id'));
      const { id, task, dataIdx, steps, done, success, lastReward, totalReward, goal, createdAt } = s;
      return { id, envId: spec.id, version: spec.version, task, dataIdx, goal, steps, done, success, lastReward, totalReward, createdAt };
    },
    [ENDPOINTS.close]: async ({ body }) => {
      const s = session(parse(closeRequestSchema, body).id);
      drop(s);
      return { closed: true, id: s.id };
    },
    [ENDPOINTS.spec]: async () => wireSpecOf(spec),
    [ENDPOINTS.health]: async () => ({ ok: true, env: spec.id, version: spec.version, sessions: sessions.size }),
  };
  const paths = new Set(Object.keys(routes).map((k) => k.split(' ')[1]));

  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const handler = routes[`${req.method} ${url.pathname}` as Endpoint];
    try {
      if (!handler) {
        req.resume();
        if (paths.has(url.pathname)) return send(res, 405, { error: `${req.method} not allowed on ${url.pathname}` });
        return send(res, 404, { error: `no such endpoint: ${req.method} ${url.pathname}` });
      }
      let body: unknown = {};
      if (req.method === 'POST') {
        const text = await readBody(req, maxBodyBytes);
        if (text.trim() !== '') {
          try {
            body = JSON.parse(text);
          } catch {
            throw new Refusal(`bad JSON body: ${text.slice(0, 100)}`);
          }
        }
      }
      send(res, 200, await handler({ body, query: url.searchParams }));
    } catch (e) {
      if (e instanceof HttpFailure) {
        res.setHeader('connection', 'close');
        return send(res, e.status, { error: e.message });
      }
      // Refusals and whatever the environment threw (AgentGym servers answer both as 200 + error).
      send(res, 200, { error: e instanceof Error ? e.message : String(e) });
    }
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const addr = server.address() as AddressInfo;
  const shownHost = addr.family === 'IPv6' ? `[${addr.address}]` : addr.address;

  return {
    url: `http://${shownHost}:${addr.port}`,
    sessions,
    close: async () => {
      clearInterval(sweeper);
      for (const s of [...sessions.values()]) drop(s);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
