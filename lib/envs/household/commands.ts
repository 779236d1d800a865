// Command parsing, execution and the admissible-command list. Feedback mirrors ALFWorld's
// text so that prompts and lessons written for ALFWorld read naturally here.

import { APPLIANCE, type Process } from './catalog';
import { accessible, receptacle, type Receptacle, type State } from './world';

export const NOTHING = 'Nothing happens.';
export const LAMP_EMPTY_HANDED = 'You are not holding anything to look at.';

const PROCESSES: Process[] = ['clean', 'heat', 'cool'];

/** ALFWorld's list style: "a apple 1", "a apple 1, and a knife 2", or "nothing". */
export function listThings(names: string[]): string {
  if (names.length === 0) return 'nothing';
  if (names.length === 1) return `a ${names[0]}`;
  return `${names.slice(0, -1).map((n) => `a ${n}`).join(', ')}, and a ${names[names.length - 1]}`;
}

export function describeReceptacle(r: Receptacle): string {
  if (!r.openable) return `On the ${r.name}, you see ${listThings(r.contents)}.`;
  if (!r.open) return `The ${r.name} is closed.`;
  return `The ${r.name} is open. In it, you see ${listThings(r.contents)}.`;
}

export function describeRoom(s: State): string {
  return `You are in the middle of a room. Looking quickly around you, you see ${listThings(s.receptacles.map((r) => r.name))}.`;
}

export function initialObservation(s: State): string {
  return `${describeRoom(s)}\n\nYour task is to: ${s.goal.text}`;
}

function normalise(raw: string): string {
  return raw.trim().toLowerCase().replace(/\s+/g, ' ').replace(/[.!]+$/, '');
}

/** The receptacle the agent stands at, if its contents can be reached. */
function here(s: State): Receptacle | undefined {
  const r = s.location ? receptacle(s, s.location) : undefined;
  return r && accessible(r) ? r : undefined;
}

/** Applies one command to the state (mutating it) and returns the feedback. */
export function execute(s: State, raw: string): string {
  return run(s, normalise(raw)) ?? NOTHING;
}

function run(s: State, cmd: string): string | null {
  let m: RegExpMatchArray | null;
  if (cmd === 'look') {
    return s.location ? `You are facing the ${s.location}. Next to it, you see nothing.` : describeRoom(s);
  }
  if (cmd === 'inventory') {
    return s.holding ? `You are carrying: a ${s.holding}.` : 'You are not carrying anything.';
  }
  if ((m = cmd.match(/^go to (.+)$/))) {
    const r = receptacle(s, m[1]);
    if (!r || s.location === r.name) return null;
    s.location = r.name;
    return `You arrive at ${r.name}. ${describeReceptacle(r)}`;
  }
  if ((m = cmd.match(/^(open|close) (.+)$/))) {
    const r = receptacle(s, m[2]);
    if (!r || !r.openable || s.location !== r.name) return null;
    const opening = m[1] === 'open';
    if (r.open === opening) return null;
    r.open = opening;
    return opening ? `You open the ${r.name}. ${describeReceptacle(r)}` : `You close the ${r.name}.`;
  }
  if ((m = cmd.match(/^take (.+?) from (.+)$/))) {
    const [, obj, from] = m;
    const r = here(s);
    if (!r || r.name !== from || s.holding || !s.items[obj] || !r.contents.includes(obj)) return null;
    r.contents = r.contents.filter((n) => n !== obj);
    s.holding = obj;
    return `You pick up the ${obj} from the ${r.name}.`;
  }
  if ((m = cmd.match(/^put (.+?) (?:in\/on|in|on) (.+)$/))) {
    const [, obj, to] = m;
    const r = here(s);
    if (!r || r.name !== to || s.holding !== obj) return null;
    r.contents.push(obj);
    s.holding = null;
    return `You put the ${obj} in/on the ${r.name}.`;
  }
  if ((m = cmd.match(/^(clean|heat|cool) (.+?) with (.+)$/))) {
    const verb = m[1] as Process;
    const [, , obj, withName] = m;
    const r = s.location ? receptacle(s, s.location) : undefined;
    if (!r || r.name !== withName || r.kind !== APPLIANCE[verb] || s.holding !== obj) return null;
    const item = s.items[obj];
    if (verb === 'clean') item.clean = true;
    // Heating and cooling undo each other, as temperature would.
    if (verb === 'heat') Object.assign(item, { hot: true, cool: false });
    if (verb === 'cool') Object.assign(item, { cool: true, hot: false });
    return `You ${verb} the ${obj} using the ${r.name}.`;
  }
  if ((m = cmd.match(/^use (.+)$/))) {
    const lamp = s.lamp;
    if (!lamp || lamp.name !== m[1] || s.location !== lamp.host || lamp.on) return null;
    lamp.on = true;
    // A distinct message, so that lighting the lamp empty-handed is recognisable as a mistake.
    return s.holding ? `You turn on the ${lamp.name}.` : `You turn on the ${lamp.name}. ${LAMP_EMPTY_HANDED}`;
  }
  if ((m = cmd.match(/^examine (.+)$/))) {
    const target = m[1];
    if (s.location === target) return describeReceptacle(receptacle(s, target)!);
    if (s.holding === target) return describeItem(s, target);
    return null;
  }
  return null;
}

function describeItem(s: State, name: string): string {
  const item = s.items[name];
  const traits = [item.hot && 'hot', item.cool && 'cool', item.clean && 'clean'].filter(Boolean);
  return traits.length ? `This is a ${traits.join(', ')} ${name}.` : `There's nothing special about ${name}.`;
}

/** Every command that changes something or reports something in the current state. */
export function admissible(s: State): string[] {
  const out = s.receptacles.filter((r) => r.name !== s.location).map((r) => `go to ${r.name}`);
  const at = s.location ? receptacle(s, s.location) : undefined;
  if (at) {
    if (at.openable) out.push(`${at.open ? 'close' : 'open'} ${at.name}`);
    if (accessible(at)) {
      if (s.holding) out.push(`put ${s.holding} in/on ${at.name}`);
      else for (const n of at.contents) if (s.items[n]) out.push(`take ${n} from ${at.name}`);
    }
    if (s.holding) {
      for (const p of PROCESSES) if (APPLIANCE[p] === at.kind) out.push(`${p} ${s.holding} with ${at.name}`);
    }
    if (s.lamp && s.lamp.host === at.name && !s.lamp.on) out.push(`use ${s.lamp.name}`);
    out.push(`examine ${at.name}`);
  }
  if (s.holding) out.push(`examine ${s.holding}`);
  out.push('inventory', 'look');
  return out;
}
