// A problem family: a templated programming problem whose parameters and tests are drawn from
// a seed. The expected answers are computed here in TypeScript, independently of the Python
// reference; the oracle tests check that both agree on every family.

import type { Rng } from '../../util/rng';
import type { PythonSolution } from './python';

export type TaskTypeId = 'strings' | 'math' | 'greedy' | 'simulation';

export interface EdgeBug {
  /** Text of the reference program to replace (must occur exactly once). */
  from: string;
  to: string;
}

/** Type parameters: P the problem's parameters, C one test case. */
export interface Family<P, C> {
  id: string;
  type: TaskTypeId;
  params(rng: Rng): P;
  title(p: P): string;
  /** What is asked, in a few sentences. */
  legend(p: P): string;
  /** The format of one test case (the "T test cases" line is added around it). */
  input(p: P): string;
  /** What to print for one test case, completing "For each test case, print …". */
  output(p: P): string;
  /** The case as it appears in the input, without a trailing newline. */
  write(p: P, c: C): string;
  /** The expected output of the case (one line unless the family says otherwise). */
  answer(p: P, c: C): string;
  /** A typical small case for the visible examples: it never hits an edge the edge bug fails on. */
  example(rng: Rng, p: P): C;
  /** A small random case for the hidden tests. */
  random(rng: Rng, p: P): C;
  /** The smallest and trickiest inputs the constraints allow, as one hidden test. */
  edges(p: P): C[];
  /** A case only an efficient solution finishes in time; present when `slowSolve` is. */
  large?(rng: Rng, p: P): C;
  python(p: P): PythonSolution;
  /** The edge-case pitfall's change to the reference, when the family has a natural one. */
  edgeBug?(p: P): EdgeBug | null;
  /** The slow-solution pitfall's `solve` source: correct, but with nested loops. */
  slowSolve?(p: P): string;
}

/** A family with its types erased, as the registry holds them. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyFamily = Family<any, any>;

export function int(rng: Rng, lo: number, hi: number): number {
  return lo + rng.int(hi - lo + 1);
}

export function word(rng: Rng, alphabet: string, lo: number, hi: number): string {
  const n = int(rng, lo, hi);
  let s = '';
  for (let i = 0; i < n; i++) s += alphabet[rng.int(alphabet.length)];
  return s;
}

export function ints(rng: Rng, n: number, lo: number, hi: number): number[] {
  return Array.from({ length: n }, () => int(rng, lo, hi));
}

export const LOWER = 'abcdefghijklmnopqrstuvwxyz';
