// Sokoban: seeded, always-solvable levels in the text notation of LLM-agent Sokoban setups
// (# wall, _ floor, O target, X box, √ box on target, P player, S player on target).
// Actions are up/down/left/right, all four always admissible. Reward per step: −0.1, plus +1
// for each box pushed onto a target, −1 for each pushed off one, +10 when all are on targets;
// `success` is true only when solved. A box pushed into a non-target corner can never move
// again: the feedback says so, the oracle returns null from then on, and the episode runs on
// to the step limit as a failure (see oracle.ts).

import type { Env, EnvSnapshot, EnvSpec, Oracle, ResetResult, StepResult, Task } from '../types';
import { generate } from './generate';
import { DIRS, boxesOnTarget, levelOf, type State } from './level';
import { OVER, REWARD, execute, goalText, observe, parseAction, unknownAction } from './moves';
import { Planner, nextAction } from './oracle';
import { PITFALLS, pitfallOpportunities } from './pitfalls';
import { TASK_TYPES } from './task-types';

export const SOKOBAN_ID = 'sokoban';
/** As in common setups (100–120); every generated level's optimal solution takes at most 70. */
export const MAX_STEPS = 100;

const NEGATIVE_FEEDBACK: RegExp[] = [
  /^You can't move into a wall\./,
  /^The box can't move/,
  /stuck in a corner\./,
  /^Unknown action/,
];

const SYSTEM_PROMPT = [
  'You are playing Sokoban, a puzzle on a grid. You are the player and you must push every box',
  'onto a target.',
  '',
  'The board is drawn row by row, top row first, with these symbols:',
  '#: wall, _: floor, O: target, X: box, √: box on a target, P: you, S: you standing on a target.',
  '',
  'Each action moves you one cell: up (towards the top row), down, left or right. Moving into a',
  'box pushes it one cell in the same direction. Boxes can be pushed but never pulled, and only',
  'one box at a time. The puzzle is solved when every box is on a target, within a limited',
  'number of steps. After each action you are told what happened and shown the new board.',
  '',
  'Reply in exactly this format:',
  'Thought: <your brief reasoning>',
  'Action: <one action>',
  '',
  'The action must be exactly one of the admissible actions: "up", "down", "left" or "right".',
].join('\n');

function isNegative(feedback: string): boolean {
  return NEGATIVE_FEEDBACK.some((re) => re.test(feedback));
}

function copy(s: State): State {
  return JSON.parse(JSON.stringify(s)) as State;
}

/** Rewards are sums of tenths; rounding keeps them free of binary-fraction noise. */
function round(x: number): number {
  return Math.round(x * 100) / 100;
}

class SokobanEnv implements Env {
  private state: State | null = null;
  private readonly planner = new Planner();

  readonly oracle: Oracle = {
    nextAction: () => (this.state ? nextAction(this.planner, this.state) : null),
    pitfallOpportunities: () =>
      this.state ? pitfallOpportunities(this.state, this.planner.next(this.state) !== null) : [],
  };

  private current(): State {
    if (!this.state) throw new Error('sokoban: step() called before reset()');
    return this.state;
  }

  async reset(task: Task): Promise<ResetResult> {
    const { state } = generate(task.taskType, task.seed);
    this.state = state;
    const level = levelOf(state.rows);
    const goal = goalText(state);
    return {
      observation: observe(state, `Your task is to: ${goal}.`),
      goal,
      availableActions: [...DIRS],
      info: {
        taskType: state.taskType,
        seed: state.seed,
        boxes: state.boxes.length,
        width: level.width,
        height: level.height,
      },
    };
  }

  async step(action: string): Promise<StepResult> {
    const s = this.current();
    if (s.done) return this.result(s, OVER, 0);
    s.steps += 1;
    const dir = parseAction(action);
    const { feedback, reward } = dir ? execute(s, dir) : { feedback: unknownAction(action), reward: 0 };
    const level = levelOf(s.rows);
    if (boxesOnTarget(level, s.boxes) === s.boxes.length) {
      s.done = true;
      s.success = true;
    } else if (s.steps >= MAX_STEPS) {
      s.done = true;
    }
    return this.result(s, feedback, round(REWARD.step + reward));
  }

  private result(s: State, feedback: string, reward: number): StepResult {
    const level = levelOf(s.rows);
    return {
      observation: observe(s, feedback),
      reward,
      done: s.done,
      success: s.success,
      availableActions: [...DIRS],
      negative: isNegative(feedback),
      info: { steps: s.steps, boxesOnTarget: boxesOnTarget(level, s.boxes) },
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

export const sokobanEnv: EnvSpec = {
  id: SOKOBAN_ID,
  name: 'Sokoban',
  version: 'sokoban@1.0.0',
  description:
    'Seeded Sokoban levels, generated solvable by reverse play, in the text notation of LLM-agent ' +
    'setups: push every box onto a target with up, down, left and right; −0.1 per step, ±1 per box ' +
    'put on or taken off a target, +10 when solved.',
  taskTypes: TASK_TYPES.map(({ id, label, description, split }) => ({ id, label, description, split })),
  pitfalls: PITFALLS,
  negativeFeedback: NEGATIVE_FEEDBACK,
  maxSteps: MAX_STEPS,
  initialSystemPrompt: SYSTEM_PROMPT,
  create: () => new SokobanEnv(),
};
