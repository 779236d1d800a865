// Household: a seeded, text-only household simulator in the spirit of ALFWorld.

import { StatefulEnv, type Outcome } from '../stateful-env';
import type { EnvSpec, ResetResult, Task } from '../types';
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

class HouseholdEnv extends StatefulEnv<State> {
  constructor() {
    super({
      id: HOUSEHOLD_ID,
      maxSteps: MAX_STEPS,
      negativeFeedback: NEGATIVE_FEEDBACK,
      availableActions: admissible,
      oracle: { nextAction, pitfallOpportunities },
    });
  }

  protected begin(task: Task): { state: State; result: ResetResult } {
    const s = generate(task.taskType, task.seed);
    return {
      state: s,
      result: {
        observation: initialObservation(s),
        goal: s.goal.text.replace(/\.$/, ''),
        availableActions: admissible(s),
        info: { taskType: s.taskType, seed: s.seed, room: s.room },
      },
    };
  }

  protected act(s: State, action: string): Outcome {
    return { feedback: execute(s, action) };
  }

  protected ended(): Outcome {
    return { feedback: NOTHING };
  }

  protected goalReached(s: State): boolean {
    return goalSatisfied(s);
  }


  protected stepInfo(s: State): Record<string, unknown> {
    return { steps: s.steps };
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
