import 'server-only';
import { getDb } from '@/db/client';
import { EndpointNameTakenError, getEndpointById, getEndpointSecret, insertEndpoint, updateEndpoint, type EndpointView } from '@/db/queries/endpoints';
import { issuesByField } from '@/lib/ict/config';
import { endpointInputSchema } from '@/lib/endpoints/schema';
import { isLlmError, redact, type LlmErrorKind } from '@/lib/llm/errors';
import { OpenAICompatibleModel } from '@/lib/llm/openai-compatible';

export type EndpointWriteResult =
  | { ok: true; id: number }
  | { ok: false; error: string; fields: Record<string, string[]>; reason: 'invalid' | 'name_taken' | 'not_found' };

function invalid(fields: Record<string, string[]>): EndpointWriteResult {
  const summary = Object.entries(fields)
    .map(([k, v]) => `${k}: ${v.join('; ')}`)
    .join(' · ');
  return { ok: false, error: `invalid endpoint — ${summary}`, fields, reason: 'invalid' };
}

function nameTaken(e: EndpointNameTakenError): EndpointWriteResult {
  return { ok: false, error: e.message, fields: { name: [e.message] }, reason: 'name_taken' };
}

/** Validates and stores a new endpoint. Shared by the Endpoints form and POST /api/endpoints. */
export function createEndpoint(body: unknown): EndpointWriteResult {
  const parsed = endpointInputSchema.safeParse(body);
  if (!parsed.success) return invalid(issuesByField(parsed.error));
  try {
    return { ok: true, id: insertEndpoint(getDb(), parsed.data) };
  } catch (e) {
    if (e instanceof EndpointNameTakenError) return nameTaken(e);
    throw e;
  }
}

/** The stored endpoint as an input body, for merging a partial edit over it (the key stays out). */
function inputOf(view: EndpointView): Record<string, unknown> {
  const { name, baseUrl, model, params, concurrency, timeoutMs, maxRetries, roleHints, label } = view;
  return { name, baseUrl, model, params, concurrency, timeoutMs, maxRetries, roleHints, label };
}

/**
 * Replaces an endpoint's config (`replace`: fields left out take their defaults) or changes only
 * the fields given (`merge`, for PATCH). Either way an omitted `apiKey` keeps the stored key and
 * `""` clears it.
 */
export function editEndpoint(id: number, body: unknown, mode: 'replace' | 'merge' = 'replace'): EndpointWriteResult {
  const db = getDb();
  const current = getEndpointById(db, { id });
  if (!current) return { ok: false, error: 'endpoint not found', fields: {}, reason: 'not_found' };
  const input = mode === 'merge' && body && typeof body === 'object' && !Array.isArray(body) ? { ...inputOf(current), ...body } : body;
  const parsed = endpointInputSchema.safeParse(input);
  if (!parsed.success) return invalid(issuesByField(parsed.error));
  try {
    return updateEndpoint(db, { id, config: parsed.data }) ? { ok: true, id } : { ok: false, error: 'endpoint not found', fields: {}, reason: 'not_found' };
  } catch (e) {
    if (e instanceof EndpointNameTakenError) return nameTaken(e);
    throw e;
  }
}

export interface TestConnectionResult {
  ok: boolean;
  /** What GET /models listed; absent when the server has no model list. */
  models?: string[];
  /** Whether the configured model is among `models`. */
  modelListed?: boolean;
  /** Wall time of the one-token completion. */
  latencyMs?: number;
  reply?: string;
  error?: { kind: LlmErrorKind | 'unknown'; message: string };
}

/** Short on purpose: a connection check should answer while the user waits. */
export const TEST_CONNECTION_TIMEOUT_MS = 10_000;

// A server without a model list (some proxies) can still complete: go on to the completion then.
const MODEL_LIST_OPTIONAL: ReadonlySet<LlmErrorKind> = new Set(['not_found', 'bad_request', 'malformed_response']);

/**
 * Lists the server's models and asks for one token, with the stored config and key. The result
 * carries the exact error kind and message of the client (with the key redacted), never the key.
 * Undefined when there is no such endpoint.
 */
export async function testEndpointConnection(id: number): Promise<TestConnectionResult | undefined> {
  const db = getDb();
  const endpoint = getEndpointById(db, { id });
  if (!endpoint) return undefined;
  const apiKey = getEndpointSecret(db, { id })?.apiKey ?? undefined;
  const model = new OpenAICompatibleModel({
    // Its own limiter: the check must not queue behind a run that saturates the endpoint.
    id: `endpoint-test:${id}`,
    baseUrl: endpoint.baseUrl,
    model: endpoint.model,
    apiKey,
    timeoutMs: TEST_CONNECTION_TIMEOUT_MS,
    firstByteTimeoutMs: TEST_CONNECTION_TIMEOUT_MS,
    maxRetries: 0,
    concurrency: 1,
  });
  const failure = (e: unknown): TestConnectionResult['error'] =>
    isLlmError(e) ? { kind: e.kind, message: redact(e.message, [apiKey]) } : { kind: 'unknown', message: redact(e instanceof Error ? e.message : String(e), [apiKey]) };

  const result: TestConnectionResult = { ok: false };
  try {
    result.models = await model.listModels();
    result.modelListed = result.models.includes(endpoint.model);
  } catch (e) {
    if (!isLlmError(e) || !MODEL_LIST_OPTIONAL.has(e.kind)) return { ok: false, error: failure(e) };
  }
  try {
    const reply = await model.complete({ messages: [{ role: 'user', content: 'ping' }], maxTokens: 1, stream: endpoint.params.stream });
    return { ...result, ok: true, latencyMs: reply.latencyMs, reply: redact(reply.choices[0]?.text ?? '', [apiKey]) };
  } catch (e) {
    return { ...result, ok: false, error: failure(e) };
  }
}

/** HTTP status of each write failure, for the JSON API. */
export const WRITE_FAILURE_STATUS = { invalid: 400, name_taken: 409, not_found: 404 } as const;
