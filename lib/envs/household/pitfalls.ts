// Mistakes the scripted actor can make, and when it can make them. Pitfalls are phrased
// over verbs and receptacle kinds rather than task types, so a lesson learned on the
// training types (e.g. heating) transfers to the held-out ones (e.g. cooling).
//
// The action patterns are deliberately disjoint: a reflector that sees only "action →
// feedback" must be able to attribute a failed step to exactly one pitfall. Both
// closed-receptacle and hands-full fail a `take` with "Nothing happens.", so they are
// told apart by the receptacle kind (openable vs not), and hands-full opportunities are
// only offered at receptacles that cannot be closed.

import type { Pitfall, PitfallOpportunity } from '../types';
import { LAMP_EMPTY_HANDED } from './commands';
import { OPENABLE, isOpenableKind, type Process } from './catalog';
import { an, decide } from './oracle';
import { receptacle, type State } from './world';

const OPEN_KINDS = OPENABLE.join('|');
const NOTHING_RE = /^Nothing happens\.$/;

export const PITFALLS: Pitfall[] = [
  {
    id: 'closed-receptacle',
    description: 'Tries to take an object out of a closed receptacle without opening it first.',
    lesson: 'Open closed receptacles (fridge, drawers, cabinets, microwave, safe) before looking for or taking things inside them.',
    actionPattern: new RegExp(`^take \\S+ \\d+ from (?:${OPEN_KINDS}) \\d+$`, 'i'),
    feedbackPattern: NOTHING_RE,
  },
  {
    id: 'wrong-appliance',
    description: 'Tries to heat, cool or clean an object with an appliance that cannot do it.',
    lesson: 'Heat objects only with a microwave, cool them only with a fridge, and clean them only in a sinkbasin, after going to that appliance.',
    actionPattern: /^(?:heat \S+ \d+ with (?!microwave )|cool \S+ \d+ with (?!fridge )|clean \S+ \d+ with (?!sinkbasin ))\S+ \d+$/i,
    feedbackPattern: NOTHING_RE,
  },
  {
    id: 'put-before-go',
    description: 'Tries to put the carried object into a receptacle without going to it first.',
    lesson: 'Go to the target receptacle (and open it if closed) before putting an object in or on it.',
    actionPattern: /^put \S+ \d+ (?:in\/on|in|on) \S+ \d+$/i,
    feedbackPattern: NOTHING_RE,
  },
  {
    id: 'hands-full',
    description: 'Tries to take a second object while already carrying one.',
    lesson: 'Carry only one object at a time: put down what you hold before taking another object.',
    actionPattern: new RegExp(`^take \\S+ \\d+ from (?!(?:${OPEN_KINDS}) )\\S+ \\d+$`, 'i'),
    feedbackPattern: NOTHING_RE,
  },
  {
    id: 'lamp-without-object',
    description: 'Turns on the desklamp before picking up the object to be looked at.',
    lesson: 'Pick up the object first, then go to the desklamp and use it while holding the object.',
    actionPattern: /^use desklamp \d+$/i,
    feedbackPattern: new RegExp(`^(?:You turn on the desklamp \\d+\\. ${LAMP_EMPTY_HANDED.replace(/\./g, '\\.')}|Nothing happens\\.)$`),
  },
];

/** Plausible wrong appliances per process, most tempting first (e.g. heating on the stove). */
const WRONG: Record<Process, string[]> = {
  heat: ['stoveburner', 'toaster', 'fridge'],
  cool: ['sinkbasin', 'microwave'],
  clean: ['bathtubbasin', 'microwave', 'fridge'],
};

const WRONG_THOUGHT: Record<Process, (obj: string, r: string) => string> = {
  heat: (obj, r) => `I can heat the ${obj} with the ${r}.`,
  cool: (obj, r) => `Running the ${obj} under the ${r} should cool it down.`,
  clean: (obj, r) => `The ${r} should do to wash the ${obj}.`,
};

export function pitfallOpportunities(s: State): PitfallOpportunity[] {
  const out: PitfallOpportunity[] = [];
  const d = decide(s);
  if (!d) return out;

  if (d.step === 'open' && d.purpose === 'source') {
    out.push({
      pitfallId: 'closed-receptacle',
      action: `take ${d.obj} from ${d.recep}`,
      thought: `The ${d.obj} should be in the ${d.recep}; I'll take it.`,
    });
  }

  if (d.purpose === 'appliance' && d.process) {
    const kinds = new Set(s.receptacles.map((r) => r.kind));
    const wrong = WRONG[d.process].find((k) => kinds.has(k));
    const name = wrong && s.receptacles.find((r) => r.kind === wrong)!.name;
    if (name) {
      out.push({
        pitfallId: 'wrong-appliance',
        action: `${d.process} ${d.obj} with ${name}`,
        thought: WRONG_THOUGHT[d.process](d.obj, name),
      });
    }
  }

  if (d.step === 'go' && d.purpose === 'target') {
    out.push({
      pitfallId: 'put-before-go',
      action: `put ${d.obj} in/on ${d.recep}`,
      thought: `I have the ${d.obj}; I'll put it in the ${d.recep}.`,
    });
  }

  const at = s.location ? receptacle(s, s.location) : undefined;
  if (s.holding && at && !isOpenableKind(at.kind)) {
    const others = at.contents.filter((n) => s.items[n]);
    // Goal objects already delivered here are not tempting: the agent would undo its own work.
    const same = at.kind === s.goal.targetKind ? undefined : others.find((n) => s.items[n].kind === s.goal.objKind);
    const other = same ?? others[0];
    if (other) {
      out.push({
        pitfallId: 'hands-full',
        action: `take ${other} from ${at.name}`,
        thought: same
          ? `There is another ${s.goal.objKind} here; I'll take the ${other} as well.`
          : `The ${other} might come in handy; I'll take it too.`,
      });
    }
  }

  if (s.goal.count === 0 && !s.holding && s.lamp && !s.lamp.on) {
    out.push({
      pitfallId: 'lamp-without-object',
      action: `use ${s.lamp.name}`,
      thought: `I should turn on the ${s.lamp.name} first so that I can see ${an(s.goal.objKind)} clearly.`,
    });
  }
  return out;
}
