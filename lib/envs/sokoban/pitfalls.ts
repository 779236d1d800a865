// Mistakes the scripted actor can make, and when it can make them. They are the same in every
// room shape, so lessons learned on the small training rooms apply to the held-out ones.
//
// Sokoban has only four actions, so every mistake is one of "up", "down", "left", "right":
// the action patterns are the same for all pitfalls and the feedback patterns, which are
// disjoint, tell them apart. A reflector attributes a step to a pitfall only when both match,
// so each failed step still belongs to exactly one pitfall.
//
// walk-into-wall and push-into-wall change nothing but the step count, so the oracle recovers
// after them. corner-deadlock is Sokoban's irreversible mistake: the box can never leave the
// corner, the oracle has no plan any more, and the episode is realistically lost.

import type { Pitfall, PitfallOpportunity } from '../types';
import { DIRS, delta, levelOf, stuckInCorner, type State } from './level';

const MOVE = /^(?:up|down|left|right)$/i;

export const PITFALLS: Pitfall[] = [
  {
    id: 'walk-into-wall',
    description: 'Walks into a wall, wasting a step.',
    lesson: 'Read the board before every move and never walk into a wall (#): only floor, targets and pushable boxes can be entered.',
    actionPattern: MOVE,
    feedbackPattern: /^You can't move into a wall\./,
  },
  {
    id: 'push-into-wall',
    description: 'Pushes a box against a wall or another box, so that it cannot move.',
    lesson: 'Before pushing a box, check the cell behind it: a box cannot be pushed into a wall or into another box.',
    actionPattern: MOVE,
    feedbackPattern: /^The box can't move: it is blocked/,
  },
  {
    id: 'corner-deadlock',
    description: 'Pushes a box into a corner that is not a target, where it is stuck for good.',
    lesson: 'Never push a box into a corner that is not a target: it can never be moved out.',
    actionPattern: MOVE,
    feedbackPattern: /stuck in a corner\./,
  },
];

/** Possible mistakes in the current state; `solvable` is false once the oracle has no plan. */
export function pitfallOpportunities(s: State, solvable: boolean): PitfallOpportunity[] {
  if (s.done || !solvable) return [];
  const level = levelOf(s.rows);
  const out: PitfallOpportunity[] = [];
  const seen = new Set<string>();
  const add = (o: PitfallOpportunity) => {
    if (seen.has(o.pitfallId)) return;
    seen.add(o.pitfallId);
    out.push(o);
  };
  for (const dir of DIRS) {
    const step = delta(level.width, dir);
    const next = s.player + step;
    if (level.wall[next]) {
      add({ pitfallId: 'walk-into-wall', action: dir, thought: `Going ${dir} looks like the quickest way round.` });
      continue;
    }
    if (!s.boxes.includes(next)) continue;
    const beyond = next + step;
    if (level.wall[beyond] || s.boxes.includes(beyond)) {
      // A box already lost in a corner answers with the corner message instead (see moves.ts).
      if (stuckInCorner(level, next)) continue;
      add({ pitfallId: 'push-into-wall', action: dir, thought: `I'll push the box ${dir} to get it out of my way.` });
    } else if (stuckInCorner(level, beyond)) {
      add({ pitfallId: 'corner-deadlock', action: dir, thought: `Pushing the box ${dir} clears the way; I can bring it back later.` });
    }
  }
  return out;
}
