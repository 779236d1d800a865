// Judging a submission: run it on the visible examples and the hidden tests in one sandbox
// call, then turn the first failure into CodeContests-style feedback. Hidden tests are never
// revealed, only how many passed.

import { runPython, type SandboxLimits, type SandboxRun, type TestRun } from './sandbox';

export interface TestCase {
  input: string;
  output: string;
}

export type VerdictKind =
  | 'accepted'
  | 'compilation-error'
  | 'runtime-error'
  | 'wrong-answer'
  | 'time-limit'
  | 'memory-limit'
  | 'output-limit';

export interface Verdict {
  kind: VerdictKind;
  /** Where the first failure happened; null when accepted or for a compilation error. */
  where: 'example' | 'hidden' | null;
  /** 1-based example number for failures on an example. */
  example: number | null;
  hiddenPassed: number;
  hiddenTotal: number;
  message: string;
}

export const ACCEPTED = 'Accepted: all hidden tests passed.';
const TRACEBACK_LINES = 5;
const SHOWN_CHARS = 160;

/**
 * Output lines compared with trailing spaces and trailing blank lines ignored, as most judges do;
 * everything else (spacing between values, brackets, case) must match.
 */
export function normaliseOutput(text: string): string {
  const lines = text.replace(/\r\n?/g, '\n').split('\n').map((l) => l.trimEnd());
  while (lines.length > 0 && lines[lines.length - 1] === '') lines.pop();
  return lines.join('\n');
}

function shown(text: string): string {
  const t = normaliseOutput(text);
  return JSON.stringify(t.length > SHOWN_CHARS ? `${t.slice(0, SHOWN_CHARS)}…` : t);
}

/** The last lines of a traceback: where it failed and the exception, as a judge would show. */
export function tracebackTail(stderr: string, lines = TRACEBACK_LINES): string {
  const tail = stderr.replace(/\r\n?/g, '\n').trimEnd().split('\n').slice(-lines);
  // Start at a frame header rather than in the middle of a frame.
  const frame = tail.findIndex((l) => l.startsWith('  File '));
  return (frame > 0 ? tail.slice(frame) : tail).join('\n');
}

function failure(run: TestRun): { kind: VerdictKind; detail: string } {
  switch (run.status) {
    case 'timeout':
    case 'skipped':
      // Tests are skipped only after a time-out (or a failed example, reported before this).
      return { kind: 'time-limit', detail: '' };
    case 'memory':
      return { kind: 'memory-limit', detail: '' };
    case 'output-limit':
      return { kind: 'output-limit', detail: '' };
    default: {
      const tail = tracebackTail(run.stderr);
      const detail = tail || (run.signal ? `killed by ${run.signal}` : `exit code ${run.exitCode}`);
      return { kind: 'runtime-error', detail };
    }
  }
}

const LABEL: Record<Exclude<VerdictKind, 'accepted' | 'compilation-error'>, string> = {
  'runtime-error': 'Runtime error',
  'wrong-answer': 'Wrong answer',
  'time-limit': 'Time limit exceeded',
  'memory-limit': 'Memory limit exceeded',
  'output-limit': 'Output limit exceeded',
};

export function compilationMessage(run: SandboxRun): string {
  const e = run.compileError!;
  const where = e.line ? ` on line ${e.line}` : '';
  const text = e.text?.replace(/\s+$/, '');
  return `Compilation error (${e.type}${where}): ${e.message}.${text ? `\n    ${text.trim()}` : ''}`;
}

/** Builds the verdict from a finished sandbox run; `tests` are the examples followed by the hidden tests. */
export function verdictFrom(run: SandboxRun, examples: TestCase[], hidden: TestCase[]): Verdict {
  const base = { hiddenPassed: 0, hiddenTotal: hidden.length };
  if (run.internalError) throw new Error(`code sandbox: ${run.internalError}`);
  if (run.compileError) {
    return { ...base, kind: 'compilation-error', where: null, example: null, message: compilationMessage(run) };
  }
  for (let i = 0; i < examples.length; i++) {
    const r = run.tests[i];
    const k = i + 1;
    if (r.status !== 'ok') {
      const f = failure(r);
      const message = f.detail ? `${LABEL[f.kind as keyof typeof LABEL]} on example ${k}:\n${f.detail}` : `${LABEL[f.kind as keyof typeof LABEL]} on example ${k}.`;
      return { ...base, kind: f.kind, where: 'example', example: k, message };
    }
    if (normaliseOutput(r.stdout) !== normaliseOutput(examples[i].output)) {
      return {
        ...base,
        kind: 'wrong-answer',
        where: 'example',
        example: k,
        message: `Wrong answer on example ${k}: expected ${shown(examples[i].output)}, got ${shown(r.stdout)}.`,
      };
    }
  }
  let passed = 0;
  let first: { kind: VerdictKind; detail: string } | null = null;
  hidden.forEach((t, j) => {
    const r = run.tests[examples.length + j];
    const f = r.status !== 'ok' ? failure(r) : normaliseOutput(r.stdout) !== normaliseOutput(t.output) ? { kind: 'wrong-answer' as const, detail: '' } : null;
    if (f) first ??= f;
    else passed++;
  });
  if (!first) return { ...base, hiddenPassed: passed, kind: 'accepted', where: null, example: null, message: ACCEPTED };
  const f: { kind: VerdictKind; detail: string } = first;
  // A hidden runtime error names the exception only: its traceback could quote the test.
  const exception = f.kind === 'runtime-error' ? f.detail.split('\n').pop() : '';
  const label = LABEL[f.kind as keyof typeof LABEL];
  return {
    ...base,
    hiddenPassed: passed,
    kind: f.kind,
    where: 'hidden',
    example: null,
    message: `${label} on a hidden test (${passed}/${hidden.length} passed)${exception ? `: ${exception}` : '.'}`,
  };
}

export async function judge(code: string, examples: TestCase[], hidden: TestCase[], limits?: Partial<SandboxLimits>): Promise<Verdict> {
  const run = await runPython(code, [...examples, ...hidden].map((t) => t.input), {
    limits,
    stopAfterTimeout: true,
    expected: examples.map((t) => t.output),
  });
  return verdictFrom(run, examples, hidden);
}
