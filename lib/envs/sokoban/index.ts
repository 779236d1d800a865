// Sokoban: seeded, always-solvable levels in the text notation of LLM-agent Sokoban setups
// (# wall, _ floor, O target, X box, √ box on target, P player, S player on target).
// Actions are up/down/left/right, all four always admissible. Reward per step: −0.1, plus +1
// for each box pushed onto a target, −1 for each pushed off one, +10 when all are on targets;
// `success` is true only when solved. A box pushed into a non-target corner can never move
// again: the feedback says so, the oracle returns null from then on, and the episode runs on
// to the step limit as a failure (see oracle.ts).

import { StatefulEnv, type Outcome } from '../stateful-env';
import type { EnvSpec, ResetResult, Task } from '../types';
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

/** Rewards are sums of tenths; rounding keeps them free of binary-fraction noise. */
function round(x: number): number {
  return Math.round(x * 100) / 100;
}

class SokobanEnv extends StatefulEnv<State> {
  constructor() {
    const planner = new Planner();
    super({
      id: SOKOBAN_ID,
      maxSteps: MAX_STEPS,
      negativeFeedback: NEGATIVE_FEEDBACK,
      availableActions: () => [...DIRS],
      oracle: {
        nextAction: (s) => nextAction(planner, s),
        pitfallOpportunities: (s) => pitfallOpportunities(s, planner.next(s) !== null),
      },
    });
  }

  protected begin(task: Task): { state: State; result: ResetResult } {
    const { state } = generate(task.taskType, task.seed);
    const level = levelOf(state.rows);
    const goal = goalText(state);
    return {
      state,
      result: {
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
      },
    };
  }

  protected act(s: State, action: string): Outcome {
    const dir = parseAction(action);
    const { feedback, reward } = dir ? execute(s, dir) : { feedback: unknownAction(action), reward: 0 };
    return { feedback, reward: round(REWARD.step + reward) };
  }

  protected ended(): Outcome {
    return { feedback: OVER };
  }

  protected goalReached(s: State): boolean {
    return boxesOnTarget(levelOf(s.rows), s.boxes) === s.boxes.length;
  }

  // The board follows the feedback; only the feedback counts as negative.
  protected observe(s: State, out: Outcome): string {
    return observe(s, out.feedback);
  }

  protected negativeText(out: Outcome): string {
    return out.feedback;
  }


  protected stepInfo(s: State): Record<string, unknown> {
    return { steps: s.steps, boxesOnTarget: boxesOnTarget(levelOf(s.rows), s.boxes) };
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
