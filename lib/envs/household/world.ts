// World state and its seeded generation. The state is plain JSON (arrays and records only)
// so that snapshot/restore is a deep copy and episodes can be stored verbatim.

import { rngFor, type Rng } from '../../util/rng';
import {
  APPLIANCE,
  LAMP_HOSTS,
  LAMP_KIND,
  OBJECTS,
  RECEPTACLES,
  ROOMS,
  accepts,
  isOpenableKind,
  type Process,
  type RoomKind,
} from './catalog';
import { taskTypeDef, type TaskTypeDef, type TaskTypeId } from './taskTypes';

export interface Receptacle {
  name: string;
  kind: string;
  openable: boolean;
  open: boolean;
  /** Object names in the order they were put there; the desklamp is listed here too. */
  contents: string[];
}

export interface Item {
  name: string;
  kind: string;
  clean: boolean;
  hot: boolean;
  cool: boolean;
}

export interface Lamp {
  name: string;
  host: string;
  on: boolean;
}

export interface Goal {
  /** Without the "Your task is to: " prefix, e.g. "put a clean apple in fridge." */
  text: string;
  objKind: string;
  /** Receptacle kind (any instance counts); null for look_at_obj_in_light. */
  targetKind: string | null;
  process: Process | null;
  count: 0 | 1 | 2;
}

export interface State {
  taskType: TaskTypeId;
  seed: number;
  room: RoomKind;
  goal: Goal;
  receptacles: Receptacle[];
  items: Record<string, Item>;
  lamp: Lamp | null;
  /** Receptacle name the agent stands at; null in the middle of the room (start). */
  location: string | null;
  holding: string | null;
  steps: number;
  done: boolean;
  success: boolean;
}

export function receptacle(s: State, name: string): Receptacle | undefined {
  return s.receptacles.find((r) => r.name === name);
}

/** Contents can be seen, taken and added to. */
export function accessible(r: Receptacle): boolean {
  return !r.openable || r.open;
}

export function containerOf(s: State, itemName: string): Receptacle | undefined {
  return s.receptacles.find((r) => r.contents.includes(itemName));
}

/** An object that counts towards the goal where it is put: right kind, right processing. */
export function isGoalItem(s: State, itemName: string): boolean {
  const item = s.items[itemName];
  if (!item || item.kind !== s.goal.objKind) return false;
  return s.goal.process === null || item[processFlag(s.goal.process)];
}

export function processFlag(p: Process): 'clean' | 'hot' | 'cool' {
  return p === 'heat' ? 'hot' : p;
}

export function goalSatisfied(s: State): boolean {
  const g = s.goal;
  if (g.count === 0) {
    // ALFWorld's rule: the object is in hand and a lit desklamp is where the agent stands.
    const held = s.holding ? s.items[s.holding] : undefined;
    return held?.kind === g.objKind && s.lamp !== null && s.lamp.on && s.location === s.lamp.host;
  }
  return s.receptacles.some(
    (r) => r.kind === g.targetKind && r.contents.filter((n) => isGoalItem(s, n)).length >= g.count,
  );
}

export function generate(taskType: string, seed: number): State {
  const def = taskTypeDef(taskType);
  const rng = rngFor('household', def.id, seed);
  // A few layouts cannot host a goal (e.g. no receptacle left for the object outside the
  // target kind); retrying with the same stream keeps generation a pure function of the seed.
  for (let attempt = 0; attempt < 100; attempt++) {
    const s = tryGenerate(def, seed, rng);
    if (s && isSolvable(s)) return s;
  }
  throw new Error(`household: could not generate ${def.id} for seed ${seed}`);
}

function tryGenerate(def: TaskTypeDef, seed: number, rng: Rng): State | null {
  const room = rng.pick(def.rooms);
  const receptacles: Receptacle[] = [];
  for (const [kind, [min, max]] of Object.entries(ROOMS[room])) {
    const n = min + rng.int(max - min + 1);
    for (let i = 1; i <= n; i++) {
      const openable = isOpenableKind(kind);
      receptacles.push({ name: `${kind} ${i}`, kind, openable, open: false, contents: [] });
    }
  }
  const kindsPresent = [...new Set(receptacles.map((r) => r.kind))];
  const roomObjects = Object.keys(OBJECTS).filter((k) => OBJECTS[k].rooms.includes(room));

  const objCandidates = roomObjects.filter((k) => {
    const o = OBJECTS[k];
    if (def.count === 0) return !!o.look;
    return def.process === null || !!o[def.process];
  });
  if (objCandidates.length === 0) return null;
  const objKind = rng.pick(objCandidates);

  let targetKind: string | null = null;
  if (def.count > 0) {
    const appliance = def.process ? APPLIANCE[def.process] : null;
    const targets = kindsPresent.filter(
      (k) =>
        RECEPTACLES[k].target &&
        k !== appliance &&
        accepts(k, objKind) &&
        receptacles.some((r) => r.kind !== k && accepts(r.kind, objKind)),
    );
    if (targets.length === 0) return null;
    targetKind = rng.pick(targets);
  }

  // Goal objects never start inside the target kind, so the goal never holds at reset.
  const sources = receptacles.filter((r) => r.kind !== targetKind && accepts(r.kind, objKind));
  if (sources.length === 0) return null;

  const counters: Record<string, number> = {};
  const items: Record<string, Item> = {};
  const place = (kind: string, where: Receptacle) => {
    counters[kind] = (counters[kind] ?? 0) + 1;
    const name = `${kind} ${counters[kind]}`;
    items[name] = { name, kind, clean: false, hot: false, cool: false };
    where.contents.push(name);
  };

  let lamp: Lamp | null = null;
  const hosts = receptacles.filter((r) => LAMP_HOSTS.includes(r.kind));
  if (def.count === 0 && hosts.length === 0) return null;
  if (hosts.length > 0 && (def.count === 0 || rng.chance(0.5))) {
    const host = rng.pick(hosts);
    lamp = { name: `${LAMP_KIND} 1`, host: host.name, on: false };
    host.contents.push(lamp.name);
  }

  const goalCount = def.count === 2 ? 2 + rng.int(2) : 1 + rng.int(2);
  for (let i = 0; i < goalCount; i++) place(objKind, rng.pick(sources));

  const distractorKinds = roomObjects.filter((k) => k !== objKind);
  const distractors = 6 + rng.int(8);
  for (let i = 0; i < distractors; i++) {
    const kind = rng.pick(distractorKinds);
    const spots = receptacles.filter((r) => accepts(r.kind, kind));
    if (spots.length > 0) place(kind, rng.pick(spots));
  }
  for (const r of receptacles) r.contents = rng.shuffle(r.contents);

  const text = rng
    .pick(def.templates)
    .replace('{obj}', objKind)
    .replace('{recep}', targetKind ?? '');

  return {
    taskType: def.id,
    seed,
    room,
    goal: { text, objKind, targetKind, process: def.process, count: def.count },
    receptacles,
    items,
    lamp,
    location: null,
    holding: null,
    steps: 0,
    done: false,
    success: false,
  };
}

/** Every ingredient of the shortest plan exists and the goal does not already hold. */
function isSolvable(s: State): boolean {
  const g = s.goal;
  const goalItems = Object.values(s.items).filter((i) => i.kind === g.objKind);
  if (goalItems.length < Math.max(1, g.count)) return false;
  if (g.process && !s.receptacles.some((r) => r.kind === APPLIANCE[g.process!])) return false;
  if (g.count === 0) return s.lamp !== null;
  return s.receptacles.some((r) => r.kind === g.targetKind) && !goalSatisfied(s);
}
