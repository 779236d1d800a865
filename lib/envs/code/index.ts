// Code: competitive programming in the spirit of CodeContests. The agent submits whole Python 3
// programs; a sandboxed judge runs them on visible examples and hidden tests and answers with a
// verdict. Several submissions are allowed within the step limit.

import { createHash } from 'node:crypto';
import { StatefulEnv, type Outcome } from '../stateful-env';
import type { Env, EnvSpec, PitfallOpportunity, PlannedAction, PromptTemplates, ResetResult, Task } from '../types';
import { SUBMIT_TEMPLATE, parseAction } from './actions';
import { judge, type Verdict, type VerdictKind } from './judge';
import { PITFALLS, pitfallOpportunities, submission } from './pitfalls';
import { limitsLine, problemFor, type Problem } from './problems';
import { DEFAULT_LIMITS, type SandboxLimits } from './sandbox';
import { TASK_TYPES } from './task-types';

export const CODE_ID = 'code';
export const MAX_STEPS = 6;
export const EPISODE_OVER = 'Invalid action: the episode is over.';

const NEGATIVE_FEEDBACK: RegExp[] = [
  /^Invalid action/,
  /^Compilation error/,
  /^Runtime error/,
  /^Wrong answer/,
  /^Time limit exceeded/,
  /^Memory limit exceeded/,
  /^Output limit exceeded/,
];

const SYSTEM_PROMPT = [
  'You are a competitive programmer. Each task is a programming problem with a statement, the',
  'input and output format, and examples. Solve it by submitting a complete Python 3 program',
  'that reads standard input and writes standard output. A judge runs the program on the',
  'examples and then on hidden tests and answers with a verdict: compilation error, runtime',
  'error, wrong answer, time limit exceeded, memory limit exceeded, or accepted. After a verdict',
  'you may submit again, up to the step limit; the task is solved once a submission is accepted.',
  '',
  'Reply in exactly this format:',
  'Thought: <your brief reasoning>',
  'Action: submit:',
  '<your complete Python 3 program>',
  '',
  'The only admissible action is "submit:" followed by the whole program on the next lines',
  '(a ```python fence around the program is fine); write nothing after the program. Only the',
  'Python 3 standard library is available, and there is no network access.',
].join('\n');

// The generic actor message asks for "one admissible action, copied exactly"; here the action is
// a template the actor fills with its program.
const PROMPT_TEMPLATES: Partial<PromptTemplates> = {
  actorUser: [
    'Your task is to: {goal}',
    '',
    'Your earlier submissions and the verdicts (oldest first):',
    '{history}',
    '',
    'Current observation (step {step} of at most {max_steps}):',
    '{observation}',
    '',
    'Admissible actions (fill in the part in angle brackets):',
    '{available_actions}',
    '',
    'Reply in exactly this format:',
    'Thought: <your brief reasoning>',
    'Action: submit:',
    '<your complete Python 3 program>',
  ].join('\n'),
};

export interface CodeEnvOptions {
  /** Per-test sandbox limits; tests shorten the CPU limit to keep time-outs cheap. */
  limits?: Partial<SandboxLimits>;
}

interface State {
  taskType: string;
  seed: number;
  steps: number;
  done: boolean;
  success: boolean;
  submissions: number;
  lastVerdict: VerdictKind | 'invalid' | null;
}

function problemText(p: Problem, limits: SandboxLimits): string {
  return `${p.statement}\n\n${limitsLine(limits)}`;
}

// Identical submissions to the same problem under the same limits get the same verdict without
// running again: a looping agent costs nothing, and repeated actions give identical feedback.
const verdicts = new Map<string, Verdict>();
const VERDICT_CACHE_SIZE = 2000;

async function cachedJudge(p: Problem, code: string, limits: SandboxLimits): Promise<Verdict> {
  const key = createHash('sha256').update(JSON.stringify([p.taskType, p.seed, limits, code])).digest('hex');
  const hit = verdicts.get(key);
  if (hit) return hit;
  const v = await judge(code, p.examples, p.hidden, limits);
  verdicts.set(key, v);
  if (verdicts.size > VERDICT_CACHE_SIZE) verdicts.delete(verdicts.keys().next().value!);
  return v;
}

function oracleNextAction(s: State): PlannedAction | null {
  if (s.done) return null;
  const p = problemFor(s.taskType, s.seed);
  return {
    action: submission(p.reference),
    thought: `I read the whole input, solve each test case of "${p.title}" with an efficient method that also covers the smallest inputs, and print one answer per line.`,
  };
}

function oraclePitfalls(s: State): PitfallOpportunity[] {
  return s.done ? [] : pitfallOpportunities(problemFor(s.taskType, s.seed));
}

interface CodeOutcome extends Outcome {
  verdict: Verdict | null;
}

class CodeEnv extends StatefulEnv<State, CodeOutcome> {
  private readonly limits: SandboxLimits;

  constructor(options: CodeEnvOptions) {
    super({
      id: CODE_ID,
      maxSteps: MAX_STEPS,
      negativeFeedback: NEGATIVE_FEEDBACK,
      availableActions: () => [SUBMIT_TEMPLATE],
      oracle: { nextAction: oracleNextAction, pitfallOpportunities: oraclePitfalls },
    });
    this.limits = { ...DEFAULT_LIMITS, ...options.limits };
  }

  protected begin(task: Task): { state: State; result: ResetResult } {
    const p = problemFor(task.taskType, task.seed);
    return {
      state: { taskType: p.taskType, seed: task.seed, steps: 0, done: false, success: false, submissions: 0, lastVerdict: null },
      result: {
        observation: problemText(p, this.limits),
        goal: `Solve "${p.title}": submit a Python 3 program that passes the examples and the hidden tests`,
        availableActions: [SUBMIT_TEMPLATE],
        info: {
          taskType: p.taskType,
          seed: task.seed,
          family: p.family,
          params: p.params,
          examples: p.examples.length,
          hiddenTests: p.hidden.length,
          limits: this.limits,
        },
      },
    };
  }

  protected async act(s: State, action: string): Promise<CodeOutcome> {
    const parsed = parseAction(action);
    if (!parsed.ok) {
      s.lastVerdict = 'invalid';
      return { feedback: parsed.error, verdict: null };
    }
    s.submissions += 1;
    const verdict = await cachedJudge(problemFor(s.taskType, s.seed), parsed.code, this.limits);
    s.lastVerdict = verdict.kind;
    return { feedback: verdict.message, verdict };
  }

  protected ended(): CodeOutcome {
    return { feedback: EPISODE_OVER, verdict: null };
  }

  protected goalReached(s: State): boolean {
    return s.lastVerdict === 'accepted';
  }

  // The statement goes with every verdict: the actor's prompt shows only the current observation.
  protected observe(s: State, out: CodeOutcome): string {
    if (s.done) return out.feedback;
    return `${out.feedback}\n\nThe problem, for reference:\n\n${problemText(problemFor(s.taskType, s.seed), this.limits)}`;
  }


  protected stepInfo(s: State, { verdict }: CodeOutcome, observation: string): Record<string, unknown> {
    return {
      steps: s.steps,
      submissions: s.submissions,
      verdict: verdict?.kind ?? (observation === EPISODE_OVER ? null : 'invalid'),
      hiddenPassed: verdict?.hiddenPassed ?? null,
      hiddenTotal: verdict?.hiddenTotal ?? null,
    };
  }

}

export function createCodeEnv(options: CodeEnvOptions = {}): Env {
  return new CodeEnv(options);
}

export const codeEnv: EnvSpec = {
  id: CODE_ID,
  name: 'Code (CodeContests-style)',
  version: 'code@1.0.0',
  description:
    'Generated programming problems in the spirit of CodeContests (strings, math, greedy, simulation): ' +
    'submit whole Python 3 programs, judged in a sandbox on visible examples and hidden tests, and resubmit after each verdict.',
  taskTypes: TASK_TYPES.map(({ id, label, description, split }) => ({ id, label, description, split })),
  pitfalls: PITFALLS,
  negativeFeedback: NEGATIVE_FEEDBACK,
  maxSteps: MAX_STEPS,
  initialSystemPrompt: SYSTEM_PROMPT,
  promptTemplates: PROMPT_TEMPLATES,
  create: () => createCodeEnv(),
};
