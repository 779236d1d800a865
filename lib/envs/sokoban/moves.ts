// Executing one action: movement, pushing, the feedback text and the shaped reward of the
// common LLM-agent Sokoban setups (a small cost per step, ±1 per box put on or taken off a
// target, a bonus for solving).

import { DIRS, boxesOnTarget, delta, levelOf, render, stuckInCorner, type Dir, type State } from './level';

export const REWARD = { step: -0.1, boxOn: 1, boxOff: -1, solved: 10 } as const;

export const WALL = "You can't move into a wall.";
export const STUCK = 'That box is stuck in a corner.';
export const CORNER_BLOCKED = "The box can't move: it is stuck in a corner.";
export const SOLVED = 'All boxes are on targets. Puzzle solved!';
export const OVER = 'The episode is over.';

export function blocked(by: 'wall' | 'box'): string {
  return `The box can't move: it is blocked by ${by === 'wall' ? 'a wall' : 'another box'}.`;
}

export function unknownAction(raw: string): string {
  const shown = raw.replace(/\s+/g, ' ').trim();
  const cut = shown.length > 40 ? `${shown.slice(0, 40)}…` : shown;
  return `Unknown action "${cut}". Valid actions are: ${DIRS.join(', ')}.`;
}

/** Case, surrounding blanks and a trailing full stop are forgiven; nothing else is guessed. */
export function parseAction(raw: string): Dir | null {
  const a = raw.trim().toLowerCase().replace(/[.!]+$/, '');
  return (DIRS as readonly string[]).includes(a) ? (a as Dir) : null;
}

export interface Outcome {
  feedback: string;
  reward: number;
}

/** Applies one move to the state (mutating it); the caller counts the step and ends the episode. */
export function execute(s: State, dir: Dir): Outcome {
  const level = levelOf(s.rows);
  const step = delta(level.width, dir);
  const next = s.player + step;
  if (level.wall[next]) return { feedback: WALL, reward: 0 };
  const bi = s.boxes.indexOf(next);
  if (bi < 0) {
    s.player = next;
    return { feedback: `You moved ${dir}.`, reward: 0 };
  }
  const beyond = next + step;
  const wallBeyond = level.wall[beyond] === 1;
  if (wallBeyond || s.boxes.includes(beyond)) {
    // A box lost in a corner gets its own message, so that repeating the fatal push reads the same.
    if (stuckInCorner(level, next)) return { feedback: CORNER_BLOCKED, reward: 0 };
    return { feedback: blocked(wallBeyond ? 'wall' : 'box'), reward: 0 };
  }
  s.boxes[bi] = beyond;
  s.boxes.sort((a, b) => a - b);
  s.player = next;
  const wasOn = level.target[next] === 1;
  const isOn = level.target[beyond] === 1;
  let feedback = `You pushed a box ${dir}`;
  let reward = 0;
  if (isOn && !wasOn) {
    feedback += ' onto a target.';
    reward += REWARD.boxOn;
  } else if (wasOn && !isOn) {
    feedback += ' off its target.';
    reward += REWARD.boxOff;
  } else {
    feedback += '.';
  }
  if (stuckInCorner(level, beyond)) feedback += ` ${STUCK}`;
  if (boxesOnTarget(level, s.boxes) === s.boxes.length) {
    feedback += ` ${SOLVED}`;
    reward += REWARD.solved;
  }
  return { feedback, reward };
}

export function goalText(s: State): string {
  const n = s.boxes.length;
  return n === 1 ? 'push the box onto the target' : `push all ${n} boxes onto the targets`;
}

/** Feedback first (negative-feedback patterns anchor on it), then the board the agent now sees. */
export function observe(s: State, feedback: string): string {
  const level = levelOf(s.rows);
  return `${feedback}\n\n${render(s)}\nBoxes on targets: ${boxesOnTarget(level, s.boxes)} of ${s.boxes.length}.`;
}
