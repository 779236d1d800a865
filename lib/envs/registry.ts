import { codeEnv } from './code';
import { gridworldEnv } from './gridworld';
import { householdEnv } from './household';
import { shopEnv } from './shop';
import { sokobanEnv } from './sokoban';
import type { EnvSpec, Split } from './types';

// One registry: every built-in environment is a folder that supplies an EnvSpec.
const builtIn: EnvSpec[] = [householdEnv, gridworldEnv, sokobanEnv, shopEnv, codeEnv];

export function listEnvSpecs(): EnvSpec[] {
  return builtIn;
}

export function findEnvSpec(id: string): EnvSpec | undefined {
  return builtIn.find((e) => e.id === id);
}

export function getEnvSpec(id: string): EnvSpec {
  const spec = findEnvSpec(id);
  if (!spec) throw new Error(`unknown environment "${id}"`);
  return spec;
}

export function defaultSplit(spec: EnvSpec): Record<Split, string[]> {
  return {
    train: spec.taskTypes.filter((t) => t.split === 'train').map((t) => t.id),
    heldout: spec.taskTypes.filter((t) => t.split === 'heldout').map((t) => t.id),
  };
}

/** A JSON-safe description of an environment, for pages and the API. */
export function describeEnv(spec: EnvSpec) {
  return {
    id: spec.id,
    name: spec.name,
    version: spec.version,
    description: spec.description,
    maxSteps: spec.maxSteps,
    taskTypes: spec.taskTypes,
    pitfalls: spec.pitfalls.map((p) => ({ id: p.id, description: p.description, lesson: p.lesson })),
    negativeFeedback: spec.negativeFeedback.map((r) => r.source),
    initialSystemPrompt: spec.initialSystemPrompt,
  };
}
export type EnvDescription = ReturnType<typeof describeEnv>;
