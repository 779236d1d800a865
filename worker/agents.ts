import type { Db } from '../db/open';
import { getEndpointSecret } from '../db/queries/endpoints';
import { createLlmActor, createLlmReflector, resolveTemplates } from '../lib/agents/llm';
import { createOfflineActor } from '../lib/agents/offline/actor';
import { createOfflineReflector } from '../lib/agents/offline/reflector';
import type { Actor, IctReflector } from '../lib/agents/types';
import type { EndpointSnapshot } from '../lib/endpoints/schema';
import type { EnvSpec } from '../lib/envs/types';
import type { IctConfig } from '../lib/ict/config';
import { OpenAICompatibleModel } from '../lib/llm/openai-compatible';

export function endpointLabel(e: EndpointSnapshot): string {
  return `${e.name} · ${e.model}`;
}

/**
 * A model client from the run's endpoint snapshot. The key is read from the registry at run time,
 * so it never sits in a run's stored config; a deleted endpoint stops the run with a clear reason.
 */
function modelFor(db: Db, id: number, snapshot: EndpointSnapshot | undefined): { model: OpenAICompatibleModel; snapshot: EndpointSnapshot } {
  if (!snapshot) throw new Error(`the run names endpoint #${id} but stores no snapshot of it; recreate the run`);
  const secret = getEndpointSecret(db, { id });
  if (!secret) throw new Error(`endpoint #${id} ("${snapshot.name}") was deleted; its API key is gone, so the run cannot call it`);
  const model = new OpenAICompatibleModel({
    // Limiter key: every run on this endpoint shares its concurrency cap.
    id: `endpoint:${id}`,
    baseUrl: snapshot.baseUrl,
    model: snapshot.model,
    apiKey: secret.apiKey ?? undefined,
    timeoutMs: snapshot.timeoutMs,
    concurrency: snapshot.concurrency,
    // Older snapshots predate the field: the client's default then applies.
    maxRetries: snapshot.maxRetries,
  });
  return { model, snapshot };
}

/** Builds the run's actor and reflector from its stored config. */
export function buildAgents(db: Db, config: IctConfig, spec: EnvSpec): { actor: Actor; reflector: IctReflector } {
  const templates = resolveTemplates(spec, config.templates);
  const actor: Actor =
    config.actor === 'offline'
      ? createOfflineActor({ slipRate: config.offlineSlipRate, stepDelayMs: config.offlineStepDelayMs })
      : (() => {
          const { model, snapshot } = modelFor(db, config.actor, config.actorEndpoint);
          return createLlmActor({ model, label: endpointLabel(snapshot), templates, historyWindow: config.historyWindow, params: snapshot.params, seed: config.seed });
        })();
  const reflector: IctReflector =
    config.reflector === 'offline'
      ? createOfflineReflector()
      : (() => {
          const { model, snapshot } = modelFor(db, config.reflector, config.reflectorEndpoint);
          return createLlmReflector({ model, label: endpointLabel(snapshot), templates, params: snapshot.params, seed: config.seed });
        })();
  return { actor, reflector };
}
