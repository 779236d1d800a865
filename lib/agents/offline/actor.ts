import { rngFor } from '../../util/rng';
import { OFFLINE_LABEL } from '../labels';
import { promptContains } from '../prompt-text';
import type { Actor, ActorDecision } from '../types';

export interface OfflineActorOptions {
  /** Probability of making an unlearned pitfall's mistake at its first opportunity in an episode. */
  slipRate?: number;
  /** Probability that, after a slip, the actor keeps repeating it (how LLM agents loop on errors). */
  stuckRate?: number;
  /** Simulated thinking time per step. */
  stepDelayMs?: number;
  sleep?: (ms: number, signal: AbortSignal) => Promise<void>;
}


export function abortableSleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal.reason);
    };
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

/**
 * Follows the environment's privileged planner but, seeded, makes the environment's pitfall
 * mistakes unless the system prompt holds the matching lesson. It says nothing about LLMs: it
 * exists so that every loop and page works without a model.
 */
export function createOfflineActor(options: OfflineActorOptions = {}): Actor {
  const slipRate = options.slipRate ?? 0.6;
  const stuckRate = options.stuckRate ?? 0.35;
  const delay = options.stepDelayMs ?? 0;
  const sleep = options.sleep ?? abortableSleep;
  return {
    label: OFFLINE_LABEL,
    kind: 'offline',
    startEpisode({ systemPrompt, seedKey, env, spec }) {
      const oracle = env.oracle;
      if (!oracle) throw new Error(`${spec.id} has no privileged planner, so the offline actor cannot play it`);
      const rng = rngFor('offline-actor', seedKey);
      const learned = new Set(spec.pitfalls.filter((p) => promptContains(systemPrompt, p.lesson)).map((p) => p.id));
      // Each pitfall is decided once per episode, at its first opportunity.
      const decided = new Set<string>();
      let repeat: { action: string; remaining: number } | null = null;
      return {
        async act({ signal, availableActions }): Promise<ActorDecision> {
          if (delay > 0) await sleep(delay, signal);
          if (repeat && repeat.remaining > 0) {
            repeat.remaining--;
            return { thought: 'That should have worked. Let me try it again.', action: repeat.action, calls: [] };
          }
          repeat = null;
          for (const opp of oracle.pitfallOpportunities()) {
            if (learned.has(opp.pitfallId) || decided.has(opp.pitfallId)) continue;
            decided.add(opp.pitfallId);
            if (!rng.chance(slipRate)) continue;
            const stuck = rng.chance(stuckRate);
            repeat = { action: opp.action, remaining: stuck ? Number.POSITIVE_INFINITY : rng.int(3) };
            return { thought: opp.thought, action: opp.action, calls: [] };
          }
          const plan = oracle.nextAction();
          if (!plan) {
            // No way to the goal any more (e.g. a deadlocked sokoban box): keep acting as an agent would.
            const action = availableActions.includes('look') ? 'look' : (availableActions[0] ?? 'look');
            return { thought: 'I do not know how to go on; let me try something.', action, calls: [] };
          }
          return { thought: plan.thought, action: plan.action, calls: [] };
        },
      };
    },
  };
}
