import { createOfflineActor } from '../lib/agents/offline/actor';
import { createOfflineReflector } from '../lib/agents/offline/reflector';
import type { Actor, IctReflector } from '../lib/agents/types';
import type { IctConfig } from '../lib/ict/config';

/** Builds the run's actor and reflector from its stored config. */
export function buildAgents(config: IctConfig): { actor: Actor; reflector: IctReflector } {
  return {
    actor: createOfflineActor({ slipRate: config.offlineSlipRate, stepDelayMs: config.offlineStepDelayMs }),
    reflector: createOfflineReflector(),
  };
}
