// Household: a seeded, text-only household simulator in the spirit of ALFWorld.

import type { Env, EnvSnapshot, EnvSpec, Oracle, ResetResult, StepResult, Task } from '../types';
import { LAMP_EMPTY_HANDED, NOTHING, admissible, execute, initialObservation } from './commands';
import { nextAction } from './oracle';
import { PITFALLS, pitfallOpportunities } from './pitfalls';
import { TASK_TYPES } from './taskTypes';
import { generate, goalSatisfied, type State } from './world';

export const HOUSEHOLD_ID = 'household';
export const MAX_STEPS = 30;

const NEGATIVE_FEEDBACK: RegExp[] = [
  /^Nothing happens\.$/,
  new RegExp(`${LAMP_EMPTY_HANDED.replace(/\./g, '\\.')}$`),
];

const SYSTEM_PROMPT = [
  'You are an agent acting in a household. Each turn you receive an observation of what',
  'happened and a list of admissible commands. Accomplish the task stated in the first',
  'observation.',
  '',
  'Reply in exactly this format:',
  'Thought: <your brief reasoning>',
  'Action: <one command>',
  '',
  'The action must be exactly one of the admissible commands, such as "go to X", "open X",',
  '"close X", "take X from Y", "put X in/on Y", "clean X with Y", "heat X with Y",',
  '"cool X with Y", "use X", "examine X", "look" or "inventory".',
].join('\n');

function isNegative(feedback: string): boolean {
  return NEGATIVE_FEEDBACK.some((re) => re.test(feedback));
}

function copy(s: State): State {
  return JSON.parse(JSON.stringify(s)) as State;
}

class HouseholdEnv implements Env {
  private state: State | null = null;

  readonly oracle: Oracle = {
    nextAction: () => (this.state ? nextAction(this.state) : null),
    pitfallOpportunities: () => (this.state ? pitfallOpportunities(this.state) : []),
  };

  private current(): State {
    if (!this.state) throw new Error('household: step() called before reset()');
    return this.state;
  }

  async reset(task: Task): Promise<ResetResult> {
    const s = generate(task.taskType, task.seed);
    this.state = s;
    return {
      observation: initialObservation(s),
      goal: s.goal.text.replace(/\.$/, ''),
      availableActions: admissible(s),
      info: { taskType: s.taskType, seed: s.seed, room: s.room },
    };
  }

  async step(action: string): Promise<StepResult> {
    const s = this.current();
    if (s.done) {
      // The episode is over: nothing changes and no further step is counted.
      return this.result(s, NOTHING, 0);
    }
    s.steps += 1;
    const feedback = execute(s, action);
    if (goalSatisfied(s)) {
      s.done = true;
      s.success = true;
      return this.result(s, feedback, 1);
    }
    if (s.steps >= MAX_STEPS) s.done = true;
    return this.result(s, feedback, 0);
  }

  private result(s: State, observation: string, reward: number): StepResult {
    return {
      observation,
      reward,
      done: s.done,
      success: s.success,
      availableActions: admissible(s),
      negative: isNegative(observation),
      info: { steps: s.steps },
    };
  }

  async snapshot(): Promise<EnvSnapshot> {
    return copy(this.current());
  }

  async restore(snapshot: EnvSnapshot): Promise<void> {
    this.state = copy(snapshot as State);
  }

  async close(): Promise<void> {
    this.state = null;
  }
}

export const householdEnv: EnvSpec = {
  id: HOUSEHOLD_ID,
  name: 'Household (ALFWorld-style)',
  version: 'household@1.0.0',
  description:
    'A seeded text household in the spirit of ALFWorld: find objects in numbered receptacles, ' +
    'open what is closed, clean, heat or cool objects with the right appliance, and put them in place.',
  taskTypes: TASK_TYPES.map(({ id, label, description, split }) => ({ id, label, description, split })),
  pitfalls: PITFALLS,
  negativeFeedback: NEGATIVE_FEEDBACK,
  maxSteps: MAX_STEPS,
  initialSystemPrompt: SYSTEM_PROMPT,
  create: () => new HouseholdEnv(),
};
