// Gridworld: a seeded ASCII dungeon in the spirit of MiniHack (NetHack levels as RL tasks).

import type { Env, EnvSnapshot, EnvSpec, Oracle, ResetResult, StepResult, Task } from '../types';
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

function isNegative(feedback: string): boolean {
  return NEGATIVE_FEEDBACK.some((re) => re.test(feedback));
}

function copy(s: State): State {
  return JSON.parse(JSON.stringify(s)) as State;
}

class GridworldEnv implements Env {
  private state: State | null = null;

  readonly oracle: Oracle = {
    nextAction: () => (this.state ? nextAction(this.state) : null),
    pitfallOpportunities: () => (this.state ? pitfallOpportunities(this.state) : []),
  };

  private current(): State {
    if (!this.state) throw new Error('gridworld: step() called before reset()');
    return this.state;
  }

  async reset(task: Task): Promise<ResetResult> {
    const s = generate(task.taskType, task.seed);
    this.state = s;
    return {
      observation: observation(s),
      goal: s.goal.charAt(0).toUpperCase() + s.goal.slice(1),
      availableActions: admissible(s),
      info: { taskType: s.taskType, seed: s.seed, width: s.width, height: s.height },
    };
  }

  async step(action: string): Promise<StepResult> {
    const s = this.current();
    if (s.done) {
      // The episode is over: nothing changes and no further step is counted.
      return this.result(s, observation({ ...s, message: MSG.gameOver }), 0);
    }
    s.steps += 1;
    s.message = execute(s, action);
    if (!s.done && s.steps >= MAX_STEPS) s.done = true;
    return this.result(s, observation(s), s.success ? 1 : 0);
  }

  private result(s: State, text: string, reward: number): StepResult {
    return {
      observation: text,
      reward,
      done: s.done,
      success: s.success,
      availableActions: admissible(s),
      negative: isNegative(text),
      info: { steps: s.steps, dead: s.dead },
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
