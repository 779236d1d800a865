// Gridworld: a seeded ASCII dungeon in the spirit of MiniHack (NetHack levels as RL tasks).

import { StatefulEnv, type Outcome } from '../stateful-env';
import type { EnvSpec, ResetResult, Task } from '../types';
import { MSG, admissible, execute, messagePattern, observation } from './commands';
import { generate } from './generate';
import type { State } from './level';
import { nextAction } from './oracle';
import { PITFALLS, pitfallOpportunities } from './pitfalls';
import { TASK_TYPES } from './taskTypes';

export const GRIDWORLD_ID = 'gridworld';
export const MAX_STEPS = 50;

// Matched against the observation's first line, the message; the map and status line follow.
const NEGATIVE_FEEDBACK: RegExp[] = [
  messagePattern(MSG.wall, MSG.lava, MSG.doorClosed),
  /^You can't move diagonally (?:into|out of) an intact doorway\.(?:\n|$)/,
  messagePattern(MSG.locked, MSG.noDoor, MSG.alreadyOpen, MSG.notLocked),
  messagePattern(MSG.nothingToPickUp, MSG.nothingToApply, MSG.nothingToZap, MSG.notThatObject, MSG.whichDirection),
  messagePattern(MSG.thinAir, MSG.tooHard, MSG.digDoor),
  /^Unknown command\b/,
];

const SYSTEM_PROMPT = [
  'You are an agent exploring one level of a dungeon in a NetHack-like grid world. Each turn you',
  'see the message line, the map and the status line, and a list of admissible commands.',
  'Accomplish the task stated in the first observation.',
  '',
  "Map symbols: @ you, . floor, - | # walls, + closed door, ' open door, ( an item,",
  '} lava, > the staircase down. North is up on the map, east is to the right.',
  '',
  'Reply in exactly this format:',
  'Thought: <your brief reasoning>',
  'Action: <one command>',
  '',
  'The action must be exactly one of the admissible commands: a compass move such as "north" or',
  '"southwest", "pickup", "open <direction>", "apply <item> <direction>", "wait" or "look".',
].join('\n');

class GridworldEnv extends StatefulEnv<State> {
  constructor() {
    super({
      id: GRIDWORLD_ID,
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
        observation: observation(s),
        goal: s.goal.charAt(0).toUpperCase() + s.goal.slice(1),
        availableActions: admissible(s),
        info: { taskType: s.taskType, seed: s.seed, width: s.width, height: s.height },
      },
    };
  }

  // The action's message goes on the state; the observation shows it above the map.
  protected act(s: State, action: string): Outcome {
    s.message = execute(s, action);
    return { feedback: s.message };
  }

  protected ended(): Outcome {
    return { feedback: MSG.gameOver };
  }

  protected observe(s: State, out: Outcome): string {
    return observation({ ...s, message: out.feedback });
  }


  protected stepInfo(s: State): Record<string, unknown> {
    return { steps: s.steps, dead: s.dead };
  }

}

export const gridworldEnv: EnvSpec = {
  id: GRIDWORLD_ID,
  name: 'Gridworld (MiniHack-style)',
  version: 'gridworld@1.0.0',
  description:
    'A seeded ASCII dungeon in the spirit of MiniHack: reach the staircase down (>) in rooms and mazes, ' +
    'through locked doors with a key, across lava fields, or by digging with a pick-axe.',
  taskTypes: TASK_TYPES.map(({ id, label, description, split }) => ({ id, label, description, split })),
  pitfalls: PITFALLS,
  negativeFeedback: NEGATIVE_FEEDBACK,
  maxSteps: MAX_STEPS,
  initialSystemPrompt: SYSTEM_PROMPT,
  create: () => new GridworldEnv(),
};
