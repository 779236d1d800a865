// Command parsing, execution, the admissible list and the observation text. Messages follow
// NetHack's terse wording (with mention_walls on and autoopen off), so that an agent that
// knows NetHack reads them naturally and a repeated mistake always gets the same answer.

import {
  DIRECTIONS,
  DIRECTION_NAMES,
  ITEM_SYMBOL,
  T,
  diagonalDoorBlock,
  direction,
  isLocked,
  isWall,
  itemAt,
  key,
  setTerrain,
  terrain,
  type Direction,
  type State,
  type ToolKind,
} from './level';

export const MSG = {
  wall: "It's a wall.",
  lava: 'You fall into the lava! You die...',
  doorClosed: 'That door is closed.',
  locked: 'This door is locked.',
  nothingToPickUp: 'There is nothing here to pick up.',
  nothingToApply: "You don't have anything to apply.",
  nothingToZap: "You don't have anything to zap.",
  notThatObject: "You don't have that object.",
  noDoor: 'You see no door there.',
  alreadyOpen: 'This door is already open.',
  notLocked: 'This door is not locked.',
  whichDirection: 'In what direction?',
  thinAir: 'You swing your pick-axe through thin air.',
  tooHard: 'This wall is too hard to dig into.',
  digDoor: 'There is a door in the way.',
  stairs: 'You reach the staircase down.',
  gameOver: 'The game is over.',
  timePasses: 'Time passes.',
} as const;

/** Matches an observation whose message line (its first line) is one of `texts`. */
export function messagePattern(...texts: string[]): RegExp {
  const escape = (t: string) => t.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`^(?:${texts.map(escape).join('|')})(?:\\n|$)`);
}

const TOOL_NAMES: Record<string, ToolKind> = {
  key: 'key',
  'skeleton key': 'key',
  'pick-axe': 'pick-axe',
  pickaxe: 'pick-axe',
  'pick axe': 'pick-axe',
  pick: 'pick-axe',
};

const SHORT_DIRECTIONS: Record<string, string> = {
  n: 'north', s: 'south', e: 'east', w: 'west', ne: 'northeast', nw: 'northwest', se: 'southeast', sw: 'southwest',
};

function normalise(raw: string): string {
  return raw.trim().toLowerCase().replace(/\s+/g, ' ').replace(/[.!]+$/, '');
}

function parseDirection(word: string | undefined): Direction | undefined {
  if (!word) return undefined;
  return direction(SHORT_DIRECTIONS[word] ?? word);
}

const an = (kind: ToolKind) => `a ${kind}`;

function carrying(s: State): string {
  return s.inventory.length ? s.inventory.map(an).join(', ') : 'nothing';
}

/** Applies one command to the state (mutating it) and returns the message line. */
export function execute(s: State, raw: string): string {
  const cmd = normalise(raw);
  let m: RegExpMatchArray | null;
  const moveDir = parseDirection(cmd.replace(/^(?:go|move|walk) /, ''));
  if (moveDir) return move(s, moveDir);
  if (cmd === 'wait' || cmd === 'search') return MSG.timePasses;
  if (cmd === 'look') return look(s);
  if (cmd === 'inventory' || cmd === 'i') {
    return s.inventory.length ? `You are carrying: ${carrying(s)}.` : 'You are not carrying anything.';
  }
  if ((m = cmd.match(/^(?:pickup|pick up|take|get)(?: (.+))?$/))) return pickup(s, m[1]);
  if ((m = cmd.match(/^open(?: (.+))?$/))) return open(s, m[1]);
  if ((m = cmd.match(/^apply(?: (.+))?$/))) return apply(s, m[1]);
  // NetHack's zap exists, but no level holds a wand.
  if (/^zap\b/.test(cmd)) return MSG.nothingToZap;
  return cmd ? `Unknown command: ${cmd}.` : 'Unknown command.';
}

function move(s: State, d: Direction): string {
  const x = s.pos.x + d.dx;
  const y = s.pos.y + d.dy;
  const c = terrain(s, x, y);
  if (isWall(c)) return MSG.wall;
  if (c === T.closedDoor) return MSG.doorClosed;
  const block = diagonalDoorBlock(s, s.pos, d);
  if (block) return `You can't move diagonally ${block} an intact doorway.`;
  s.pos = { x, y };
  if (c === T.lava) {
    s.dead = true;
    s.done = true;
    return MSG.lava;
  }
  if (c === T.stairs) {
    s.done = true;
    s.success = true;
    return MSG.stairs;
  }
  const item = itemAt(s, x, y);
  if (item) return `You see here ${an(item.kind)}.`;
  if (c === T.openDoor) return `You move ${d.name} into the doorway.`;
  return `You move ${d.name}.`;
}

function look(s: State): string {
  const item = itemAt(s, s.pos.x, s.pos.y);
  if (item) return `You see here ${an(item.kind)}.`;
  if (terrain(s, s.pos.x, s.pos.y) === T.openDoor) return 'There is an open door here.';
  return 'You see no objects here.';
}

function pickup(s: State, what: string | undefined): string {
  const item = itemAt(s, s.pos.x, s.pos.y);
  if (!item || (what && TOOL_NAMES[what] !== item.kind)) return MSG.nothingToPickUp;
  s.items = s.items.filter((i) => i !== item);
  s.inventory.push(item.kind);
  return `You pick up the ${item.kind}.`;
}

/** The single adjacent square holding a door, for "open door" without a direction. */
function onlyDoor(s: State, closed: boolean): Direction | undefined {
  const near = DIRECTIONS.filter((d) => {
    const c = terrain(s, s.pos.x + d.dx, s.pos.y + d.dy);
    return closed ? c === T.closedDoor : c === T.openDoor;
  });
  return near.length === 1 ? near[0] : undefined;
}

function open(s: State, arg: string | undefined): string {
  let d = parseDirection(arg);
  if (!d && (arg === undefined || arg === 'door' || arg === 'the door')) d = onlyDoor(s, true) ?? onlyDoor(s, false);
  if (!d) return arg === undefined ? MSG.whichDirection : MSG.noDoor;
  const x = s.pos.x + d.dx;
  const y = s.pos.y + d.dy;
  const c = terrain(s, x, y);
  if (c === T.openDoor) return MSG.alreadyOpen;
  if (c !== T.closedDoor) return MSG.noDoor;
  if (isLocked(s, x, y)) return MSG.locked;
  setTerrain(s, x, y, T.openDoor);
  return 'The door opens.';
}

function apply(s: State, arg: string | undefined): string {
  if (s.inventory.length === 0) return MSG.nothingToApply;
  const words = (arg ?? '').replace(/ (?:to|toward|towards)(?: the)?(?= \S+$)/, '').split(' ').filter(Boolean);
  const last = parseDirection(words[words.length - 1]);
  const name = (last ? words.slice(0, -1) : words).join(' ');
  const tool = TOOL_NAMES[name];
  if (!tool || !s.inventory.includes(tool)) return MSG.notThatObject;
  if (!last) return MSG.whichDirection;
  const x = s.pos.x + last.dx;
  const y = s.pos.y + last.dy;
  const c = terrain(s, x, y);
  if (tool === 'key') {
    if (c === T.openDoor) return MSG.alreadyOpen;
    if (c !== T.closedDoor) return MSG.noDoor;
    if (!isLocked(s, x, y)) return MSG.notLocked;
    s.locked = s.locked.filter((k) => k !== key(x, y));
    return 'You succeed in unlocking the door.';
  }
  if (c === T.rock) {
    setTerrain(s, x, y, T.floor);
    return 'You make an opening in the wall.';
  }
  if (isWall(c)) return MSG.tooHard;
  if (c === T.closedDoor || c === T.openDoor) return MSG.digDoor;
  return MSG.thinAir;
}

/**
 * Every sensible command now. Moves are always listed, blocked or not, as in the real game;
 * doors are offered for opening whether locked or not, since the map does not tell.
 */
export function admissible(s: State): string[] {
  if (s.done) return [];
  const out = [...DIRECTION_NAMES];
  if (itemAt(s, s.pos.x, s.pos.y)) out.push('pickup');
  for (const d of DIRECTIONS) {
    if (terrain(s, s.pos.x + d.dx, s.pos.y + d.dy) === T.closedDoor) out.push(`open ${d.name}`);
  }
  for (const tool of s.inventory) {
    const wanted = tool === 'key' ? T.closedDoor : T.rock;
    for (const d of DIRECTIONS) {
      if (terrain(s, s.pos.x + d.dx, s.pos.y + d.dy) === wanted) out.push(`apply ${tool} ${d.name}`);
    }
  }
  out.push('wait', 'look');
  return out;
}

export function renderMap(s: State): string {
  const rows = s.grid.map((row) => row.split(''));
  for (const i of s.items) rows[i.y][i.x] = ITEM_SYMBOL;
  rows[s.pos.y][s.pos.x] = '@';
  return rows.map((r) => r.join('')).join('\n');
}

export function statusLine(s: State): string {
  const hp = s.dead ? 0 : 12;
  return `Dlvl:1 HP:${hp}(12) T:${s.steps} Inventory: ${carrying(s)}`;
}

/** NetHack's screen: the message line, the map, the status line. */
export function observation(s: State): string {
  return `${s.message}\n${renderMap(s)}\n${statusLine(s)}`;
}
