// Reference programs share one skeleton (read everything, loop over the test cases, print one
// answer per line), so that two of the flawed variants can be derived from any reference by a
// single textual change, and the others by swapping the family's `solve` function.

export type InputMode = 'tokens' | 'lines';

export interface PythonSolution {
  /** `tokens`: the input split on whitespace; `lines`: one test case per line (lines may be empty). */
  mode: InputMode;
  /** Module-level imports besides `sys`. */
  imports?: string[];
  /** Constants, helpers and `def solve(...)`; no loop may nest inside another (see pitfalls.ts). */
  solve: string;
  /**
   * Tokens mode: the statements of the case loop (unindented), reading the case from `data` at
   * `pos`, advancing `pos` and appending one string to `answers`.
   */
  read?: string;
}

export const READ_ARRAY = [
  'n = int(data[pos])',
  'a = [int(x) for x in data[pos + 1:pos + 1 + n]]',
  'pos += 1 + n',
  'answers.append(str(solve(n, a)))',
].join('\n');

/** Reads `count` integers as the arguments of solve. */
export function readInts(count: number): string {
  const names = ['a', 'b', 'c', 'd'].slice(0, count);
  return [
    `${names.join(', ')} = ${names.map((_, i) => `int(data[pos + ${i}])`).join(', ')}`,
    `pos += ${count}`,
    `answers.append(str(solve(${names.join(', ')})))`,
  ].join('\n');
}

export const READ_WORD = ['s = data[pos]', 'pos += 1', 'answers.append(str(solve(s)))'].join('\n');

const READ_ALL_TOKENS = 'data = sys.stdin.read().split()';
const READ_ALL_LINES = 'lines = sys.stdin.read().split("\\n")';
export const PRINT_ANSWERS = '    print("\\n".join(answers))';

function indent(code: string, spaces: number): string {
  const pad = ' '.repeat(spaces);
  return code
    .split('\n')
    .map((l) => (l.trim() ? pad + l : l))
    .join('\n');
}

/** The whole program for a solution, optionally with another `solve` source. */
export function buildProgram(sol: PythonSolution, solve = sol.solve): string {
  const head = ['import sys', ...(sol.imports ?? [])].join('\n');
  const main =
    sol.mode === 'tokens'
      ? [
          'def main():',
          `    ${READ_ALL_TOKENS}`,
          '    t = int(data[0])',
          '    pos = 1',
          '    answers = []',
          '    for _ in range(t):',
          indent(sol.read ?? READ_ARRAY, 8),
          PRINT_ANSWERS,
        ]
      : [
          'def main():',
          `    ${READ_ALL_LINES}`,
          '    t = int(lines[0])',
          '    answers = []',
          '    for i in range(1, t + 1):',
          '        answers.append(str(solve(lines[i])))',
          PRINT_ANSWERS,
        ];
  return `${head}\n\n\n${solve.trim()}\n\n\n${main.join('\n')}\n\n\nmain()\n`;
}

function replaceOnce(program: string, from: string, to: string): string {
  const at = program.indexOf(from);
  if (at < 0 || program.indexOf(from, at + 1) >= 0) {
    throw new Error(`code: expected exactly one ${JSON.stringify(from)} in the program`);
  }
  return program.slice(0, at) + to + program.slice(at + from.length);
}

/** The input-parsing mistake: one input() call where the input spans several lines. */
export function withSingleInput(program: string): string {
  return replaceOnce(replaceOnce(program, 'import sys\n', ''), 'sys.stdin.read()', 'input()');
}

/** The print-format mistake: the Python list of answers printed as it is. */
export function withListPrinted(program: string): string {
  return replaceOnce(program, PRINT_ANSWERS, '    print(answers)');
}

/** A family's edge-case bug: one textual change to the reference. */
export function withChange(program: string, from: string, to: string): string {
  return replaceOnce(program, from, to);
}
