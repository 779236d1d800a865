// Test wiring for the LLM agents: a household spec whose live environment a scripted server's
// handler can consult, so the "model" answers with the privileged planner's next action.
// Never imported by production code.
import { householdEnv } from '../../envs/household';
import type { Env, EnvSpec } from '../../envs/types';
import type { RecordedRequest } from '../../llm/testing/scripted-server';

export interface WatchedSpec {
  spec: EnvSpec;
  /** The environment of the episode being played (episodes must run one at a time). */
  current(): Env;
}

export function watchedHousehold(): WatchedSpec {
  let env: Env | null = null;
  return {
    spec: {
      ...householdEnv,
      create: () => {
        env = householdEnv.create();
        return env;
      },
    },
    current: () => {
      if (!env) throw new Error('no episode started');
      return env;
    },
  };
}

export function oracleAction(env: Env): string {
  const next = env.oracle?.nextAction();
  if (!next) throw new Error('the planner has no next action');
  return next.action;
}

export type Msg = { role: string; content: string };

export const messagesOf = (req: RecordedRequest) => (req.json as { messages: Msg[] }).messages;

/** The admissible actions as the actor's default user message lists them (`- action` lines). */
export function listedActions(user: string): string[] {
  const block = user.split('Admissible actions:\n')[1]?.split('\n\n')[0] ?? '';
  return block
    .split('\n')
    .filter((l) => l.startsWith('- '))
    .map((l) => l.slice(2));
}
