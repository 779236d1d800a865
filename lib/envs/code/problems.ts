// From (task type, seed) to a concrete problem: family, parameters, statement, visible
// examples and hidden tests, reference program and flawed variants. A pure function of the
// seed, memoised because large hidden tests take a moment to build.

import { rngFor } from '../../util/rng';
import type { AnyFamily } from './family';
import type { TestCase } from './judge';
import { buildProgram, withChange, withListPrinted, withSingleInput } from './python';
import type { SandboxLimits } from './sandbox';
import { taskTypeDef } from './task-types';

export interface Problem {
  taskType: string;
  seed: number;
  family: string;
  params: unknown;
  title: string;
  /** Statement with examples, as the agent reads it. */
  statement: string;
  examples: TestCase[];
  hidden: TestCase[];
  reference: string;
  /** Flawed programs, one per pitfall the family supports (see pitfalls.ts). */
  variants: {
    inputParsing: string;
    printFormat: string;
    edgeCase: string | null;
    slowSolution: string | null;
  };
}

const MAX_T = 10;

function inputOf(family: AnyFamily, params: unknown, cases: unknown[]): string {
  return `${cases.length}\n${cases.map((c) => family.write(params, c)).join('\n')}\n`;
}

function testOf(family: AnyFamily, params: unknown, cases: unknown[]): TestCase {
  return { input: inputOf(family, params, cases), output: `${cases.map((c) => family.answer(params, c)).join('\n')}\n` };
}

export function limitsLine(limits: SandboxLimits): string {
  const cpu = limits.cpuMs % 1000 === 0 ? `${limits.cpuMs / 1000} s` : `${limits.cpuMs} ms`;
  return `Limits: ${cpu} of CPU time and ${Math.round(limits.memoryBytes / 2 ** 20)} MB of memory per test; Python 3 standard library only; no network.`;
}

function render(family: AnyFamily, params: unknown, examples: TestCase[]): string {
  const parts = [
    `Problem: ${family.title(params)}`,
    '',
    family.legend(params),
    '',
    'Input',
    `The first line contains T (1 ≤ T ≤ ${MAX_T}), the number of test cases. ${family.input(params)}`,
    '',
    'Output',
    `For each test case, print ${family.output(params)}`,
  ];
  examples.forEach((t, i) => {
    parts.push('', `Example ${i + 1}`, 'Input:', t.input.trimEnd(), 'Output:', t.output.trimEnd());
  });
  return parts.join('\n');
}

function generate(taskType: string, seed: number): Problem {
  const def = taskTypeDef(taskType);
  // Consecutive seeds cycle through the families, so that any run of seeds covers them evenly.
  const family = def.families[((seed % def.families.length) + def.families.length) % def.families.length];
  const rng = rngFor('code', def.id, family.id, seed);
  const params = family.params(rng);
  const several = (make: () => unknown, lo: number, hi: number) => Array.from({ length: lo + rng.int(hi - lo + 1) }, make);

  const examples = [0, 1].map(() => testOf(family, params, several(() => family.example(rng, params), 2, 3)));
  const hidden: TestCase[] = [];
  for (let i = 0; i < 3; i++) hidden.push(testOf(family, params, several(() => family.random(rng, params), 3, 5)));
  hidden.push(testOf(family, params, family.edges(params)));
  hidden.push(
    testOf(family, params, [...several(() => family.random(rng, params), 2, 3), ...several(() => family.example(rng, params), 1, 2)]),
  );
  // The large case goes last, so that a slow program is stopped only after the others passed.
  if (family.large) hidden.push(testOf(family, params, [family.large(rng, params)]));

  const solution = family.python(params);
  const reference = buildProgram(solution);
  const bug = family.edgeBug?.(params) ?? null;
  const slow = family.slowSolve?.(params) ?? null;
  return {
    taskType: def.id,
    seed,
    family: family.id,
    params,
    title: family.title(params),
    statement: render(family, params, examples),
    examples,
    hidden,
    reference,
    variants: {
      inputParsing: withSingleInput(reference),
      printFormat: withListPrinted(reference),
      edgeCase: bug ? withChange(reference, bug.from, bug.to) : null,
      slowSolution: slow ? buildProgram(solution, slow) : null,
    },
  };
}

const cache = new Map<string, Problem>();
const CACHE_SIZE = 256;

export function problemFor(taskType: string, seed: number): Problem {
  const key = `${taskType}\u241f${seed}`;
  const hit = cache.get(key);
  if (hit) {
    // Refresh its place: the map's order is the eviction order.
    cache.delete(key);
    cache.set(key, hit);
    return hit;
  }
  const p = generate(taskType, seed);
  cache.set(key, p);
  if (cache.size > CACHE_SIZE) cache.delete(cache.keys().next().value!);
  return p;
}
