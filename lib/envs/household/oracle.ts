// The privileged planner. It re-plans from the true state on every call, so an actor that
// strays (a pitfall, a random detour) is always led back onto a shortest sensible path.

import type { PlannedAction } from '../types';
import { APPLIANCE, type Process } from './catalog';
import { accessible, containerOf, isGoalItem, processFlag, type Receptacle, type State } from './world';

export type Purpose = 'source' | 'appliance' | 'target' | 'lamp' | 'drop';

/** One planned step, kept structured so that pitfalls can derive the matching mistake. */
export interface Decision {
  step: 'go' | 'open' | 'take' | 'process' | 'put' | 'use';
  purpose: Purpose;
  /** The object the step is about (the one sought, carried or dropped). */
  obj: string;
  recep: string;
  process?: Process;
}

export function decide(s: State): Decision | null {
  if (s.done) return null;
  if (s.holding) {
    return s.items[s.holding].kind === s.goal.objKind ? deliver(s, s.holding) : drop(s, s.holding);
  }
  const src = chooseSource(s);
  if (!src) return null;
  return approach(s, src.recep, 'source', src.obj) ?? { step: 'take', purpose: 'source', obj: src.obj, recep: src.recep.name };
}

/** Go to `r`, then open it if needed; null once the agent stands at an accessible `r`. */
function approach(s: State, r: Receptacle, purpose: Purpose, obj: string): Decision | null {
  if (s.location !== r.name) return { step: 'go', purpose, obj, recep: r.name };
  if (!accessible(r)) return { step: 'open', purpose, obj, recep: r.name };
  return null;
}

function deliver(s: State, obj: string): Decision {
  const g = s.goal;
  if (g.process && !s.items[obj][processFlag(g.process)]) {
    const kind = APPLIANCE[g.process];
    const appliances = s.receptacles.filter((r) => r.kind === kind);
    const appliance = appliances.find((r) => r.name === s.location) ?? appliances[0];
    const step = s.location === appliance.name ? 'process' : 'go';
    return { step, purpose: 'appliance', obj, recep: appliance.name, process: g.process };
  }
  if (g.count === 0) {
    const host = s.lamp!.host;
    // With the lamp already lit, arriving completes the task; otherwise light it on arrival.
    return { step: s.location === host ? 'use' : 'go', purpose: 'lamp', obj, recep: host };
  }
  const target = chooseTarget(s);
  return approach(s, target, 'target', obj) ?? { step: 'put', purpose: 'target', obj, recep: target.name };
}

/** Free the hands as cheaply as possible, preferably where the next goal object lies. */
function drop(s: State, obj: string): Decision | null {
  const at = s.receptacles.find((r) => r.name === s.location);
  if (at) return accessible(at) ? { step: 'put', purpose: 'drop', obj, recep: at.name } : { step: 'open', purpose: 'drop', obj, recep: at.name };
  const src = chooseSource(s);
  return src ? { step: 'go', purpose: 'drop', obj, recep: src.recep.name } : null;
}

/** Steps still needed to get hold of `obj` lying in `r`, plus its processing. */
function sourceCost(s: State, obj: string, r: Receptacle): number {
  const g = s.goal;
  const unprocessed = g.process !== null && !s.items[obj][processFlag(g.process)];
  return (s.location === r.name ? 0 : 1) + (accessible(r) ? 0 : 1) + (unprocessed ? 2 : 0);
}

function chooseSource(s: State): { obj: string; recep: Receptacle } | null {
  const g = s.goal;
  // For pick-two, objects already delivered to the chosen target must stay there.
  const keep = g.count === 2 ? chooseTarget(s) : null;
  let best: { obj: string; recep: Receptacle; cost: number } | null = null;
  for (const item of Object.values(s.items)) {
    if (item.kind !== g.objKind) continue;
    const r = containerOf(s, item.name);
    if (!r || (r === keep && isGoalItem(s, item.name))) continue;
    const cost = sourceCost(s, item.name, r);
    if (!best || cost < best.cost) best = { obj: item.name, recep: r, cost };
  }
  return best && { obj: best.obj, recep: best.recep };
}

function chooseTarget(s: State): Receptacle {
  const g = s.goal;
  let best: { r: Receptacle; score: number } | null = null;
  for (const r of s.receptacles) {
    if (r.kind !== g.targetKind) continue;
    // Objects already delivered outweigh walking: both of a pair must share one receptacle.
    const delivered = r.contents.filter((n) => isGoalItem(s, n)).length;
    const score = -10 * delivered + (s.location === r.name ? 0 : 1) + (accessible(r) ? 0 : 1);
    if (!best || score < best.score) best = { r, score };
  }
  return best!.r;
}

export function render(s: State, d: Decision): string {
  switch (d.step) {
    case 'go':
      return `go to ${d.recep}`;
    case 'open':
      return `open ${d.recep}`;
    case 'take':
      return `take ${d.obj} from ${d.recep}`;
    case 'process':
      return `${d.process} ${d.obj} with ${d.recep}`;
    case 'put':
      return `put ${d.obj} in/on ${d.recep}`;
    case 'use':
      return `use ${s.lamp!.name}`;
  }
}

export function an(word: string): string {
  return /^[aeiou]/.test(word) ? `an ${word}` : `a ${word}`;
}

function thought(s: State, d: Decision): string {
  const kind = s.goal.objKind;
  const key = `${d.step}:${d.purpose}`;
  switch (key) {
    case 'go:source': {
      const delivered =
        s.goal.count === 2 &&
        s.receptacles.some((r) => r.kind === s.goal.targetKind && r.contents.some((n) => isGoalItem(s, n)));
      return `I need ${delivered ? `another ${kind}` : an(kind)}; the ${d.recep} is a likely place to find one.`;
    }
    case 'open:source':
      return `The ${kind} may be inside the ${d.recep}; I need to open it first.`;
    case 'take:source':
      return `I see the ${d.obj} here; I'll pick it up.`;
    case 'go:appliance':
      return `Now I need to ${d.process} the ${d.obj}; I should go to the ${d.recep}.`;
    case 'process:appliance':
      return `I'm at the ${d.recep} with the ${d.obj}; I'll ${d.process} it.`;
    case 'go:target':
      return `Now I need to put the ${d.obj} in the ${s.goal.targetKind}; let me go to the ${d.recep}.`;
    case 'open:target':
      return `The ${d.recep} is closed; I need to open it before putting the ${d.obj} in it.`;
    case 'put:target':
      return `I'm at the ${d.recep}; I'll put the ${d.obj} there.`;
    case 'go:lamp':
      return `Now I need to look at the ${d.obj} under the desklamp, which is on the ${d.recep}.`;
    case 'use:lamp':
      return `I'm holding the ${d.obj} next to the desklamp; I'll turn it on.`;
    case 'put:drop':
      return `I don't need the ${d.obj}; I'll put it down here to free my hands.`;
    case 'open:drop':
      return `I need to free my hands; I'll open the ${d.recep} and put the ${d.obj} in it.`;
    default:
      return `I don't need the ${d.obj}; I'll leave it at the ${d.recep} and look for ${an(kind)} there.`;
  }
}

export function nextAction(s: State): PlannedAction | null {
  const d = decide(s);
  return d && { action: render(s, d), thought: thought(s, d) };
}
