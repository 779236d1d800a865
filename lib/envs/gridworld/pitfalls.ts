// Mistakes the scripted actor can make, and when it can make them. They are phrased over the
// map and the verbs rather than over task types, so lessons learned on the training types
// carry over to the held-out ones.
//
// Action patterns are disjoint, so that a step is attributed from "action → feedback" alone.
// That is why walls and lava share one pitfall: both are plain compass moves, told apart only
// by the feedback, and both are cured by the same habit (read the map before moving). Walls in
// every training level thus teach the lesson that keeps the agent out of lava on lava_crossing;
// rooms sometimes hold a lava pool as well.

import type { Pitfall, PitfallOpportunity } from '../types';
import { MSG, messagePattern } from './commands';
import { DIRECTION_NAMES, DIRECTIONS, T, directionOf, isLocked, isWall, terrain, type Direction, type State } from './level';
import { plan, waypoint } from './oracle';

const DIRS = DIRECTION_NAMES.join('|');


export const PITFALLS: Pitfall[] = [
  {
    id: 'unsafe-move',
    description: 'Moves without reading the map: bumps into a wall, or steps into lava and dies.',
    lesson:
      'Read the map before every move and step only onto floor, open doors, items or the staircase; walls (-, |, #) block the way and lava (}) kills you, so go around them.',
    actionPattern: new RegExp(`^(?:(?:go|move|walk) )?(?:${DIRS})\\.?$`, 'i'),
    feedbackPattern: messagePattern(MSG.wall, MSG.lava),
  },
  {
    id: 'locked-door',
    description: 'Tries to open a locked door by hand.',
    lesson:
      'A door (+) that answers "This door is locked" will not open by hand: pick up the key first, apply the key toward the door to unlock it, then open it.',
    actionPattern: new RegExp(`^open(?: (?:${DIRS}|door|the door))?\\.?$`, 'i'),
    feedbackPattern: messagePattern(MSG.locked),
  },
  {
    id: 'pickup-nothing',
    description: 'Tries to pick up an item before standing on its square.',
    lesson: 'Step onto the square of an item until the message says "You see here" before you pickup; items next to you cannot be picked up.',
    actionPattern: /^(?:pickup|pick up|take|get)(?: .*)?$/i,
    feedbackPattern: messagePattern(MSG.nothingToPickUp),
  },
  {
    id: 'apply-without-item',
    description: 'Tries to apply a tool (key, pick-axe) that is not in the inventory yet.',
    lesson:
      'A tool can only be applied from your inventory: walk onto it and pickup first, check the status line lists it, and only then apply it toward the door or wall.',
    actionPattern: /^apply\b.*$/i,
    feedbackPattern: messagePattern(MSG.nothingToApply, MSG.notThatObject),
  },
];

/** The tempting straight-line moves toward where the plan is heading, most direct first. */
function straightMoves(dx: number, dy: number): Direction[] {
  const out: Direction[] = [];
  const add = (d: Direction | undefined) => d && !out.includes(d) && out.push(d);
  add(directionOf(dx, dy));
  const horizontal = directionOf(dx, 0);
  const vertical = directionOf(0, dy);
  if (Math.abs(dx) >= Math.abs(dy)) [horizontal, vertical].forEach(add);
  else [vertical, horizontal].forEach(add);
  return out;
}

export function pitfallOpportunities(s: State): PitfallOpportunity[] {
  const steps = plan(s);
  if (!steps || steps.length === 0) return [];
  const out: PitfallOpportunity[] = [];
  const first = steps[0];
  const here = s.pos;

  const w = waypoint(s, steps);
  const tempting = straightMoves(w.pos.x - here.x, w.pos.y - here.y).filter((d) => !(first.kind === 'move' && first.dir === d));
  const into = (c: string) => tempting.find((d) => terrain(s, here.x + d.dx, here.y + d.dy) === c);
  const lava = into(T.lava);
  const wall = lava ? undefined : tempting.find((d) => isWall(terrain(s, here.x + d.dx, here.y + d.dy)));
  if (lava) {
    out.push({
      pitfallId: 'unsafe-move',
      action: lava.name,
      thought: `The ${w.name} is off to the ${directionOf(w.pos.x - here.x, w.pos.y - here.y)!.name}; I'll cut straight across.`,
    });
  } else if (wall) {
    out.push({
      pitfallId: 'unsafe-move',
      action: wall.name,
      thought: `The ${w.name} is to the ${directionOf(w.pos.x - here.x, w.pos.y - here.y)!.name}; I'll head straight for it.`,
    });
  }

  for (const d of DIRECTIONS) {
    const x = here.x + d.dx;
    const y = here.y + d.dy;
    if (terrain(s, x, y) === T.closedDoor && isLocked(s, x, y) && (d.dx === 0 || d.dy === 0)) {
      out.push({ pitfallId: 'locked-door', action: `open ${d.name}`, thought: `There is a door to the ${d.name}; I'll open it.` });
      break;
    }
  }

  if (first.kind === 'move' && steps[1]?.kind === 'pickup') {
    out.push({
      pitfallId: 'pickup-nothing',
      action: 'pickup',
      thought: `The ${steps[1].item} is right next to me; I'll pick it up.`,
    });
  }

  const use = steps.find((p) => p.kind === 'unlock' || p.kind === 'dig');
  const tool = use?.kind === 'unlock' ? 'key' : 'pick-axe';
  if (use && !s.inventory.includes(tool)) {
    const d = directionOf(use.target.x - here.x, use.target.y - here.y)!;
    out.push({
      pitfallId: 'apply-without-item',
      action: `apply ${tool} ${d.name}`,
      thought:
        tool === 'key'
          ? `The door lies to the ${d.name}; I'll unlock it with the key.`
          : `The staircase is walled in to the ${d.name}; I'll dig through with the pick-axe.`,
    });
  }
  return out;
}
