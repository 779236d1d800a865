// Code: competitive programming in the spirit of CodeContests. The agent submits whole Python 3
// programs; a sandboxed judge runs them on visible examples and hidden tests and answers with a
// verdict. Several submissions are allowed within the step limit.

import { createHash } from 'node:crypto';
import type { Env, EnvSnapshot, EnvSpec, Oracle, PromptTemplates, ResetResult, StepResult, Task } from '../types';
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

function isNegative(feedback: string): boolean {
  return NEGATIVE_FEEDBACK.some((re) => re.test(feedback));
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

class CodeEnv implements Env {
  private state: State | null = null;
  private readonly limits: SandboxLimits;

  constructor(options: CodeEnvOptions) {
    this.limits = { ...DEFAULT_LIMITS, ...options.limits };
  }

  readonly oracle: Oracle = {
    nextAction: () => {
      const s = this.state;
      if (!s || s.done) return null;
      const p = problemFor(s.taskType, s.seed);
      return {
        action: submission(p.reference),
        thought: `I read the whole input, solve each test case of "${p.title}" with an efficient method that also covers the smallest inputs, and print one answer per line.`,
      };
    },
    pitfallOpportunities: () => {
      const s = this.state;
      return s && !s.done ? pitfallOpportunities(problemFor(s.taskType, s.seed)) : [];
    },
  };

  private current(): State {
    if (!this.state) throw new Error('code: step() called before reset()');
    return this.state;
  }

  async reset(task: Task): Promise<ResetResult> {
    const p = problemFor(task.taskType, task.seed);
    this.state = { taskType: p.taskType, seed: task.seed, steps: 0, done: false, success: false, submissions: 0, lastVerdict: null };
    return {
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
    };
  }

  async step(action: string): Promise<StepResult> {
    const s = this.current();
    if (s.done) return this.result(s, EPISODE_OVER, 0, null);
    s.steps += 1;
    const p = problemFor(s.taskType, s.seed);
    const parsed = parseAction(action);
    let feedback: string;
    let verdict: Verdict | null = null;
    if (!parsed.ok) {
      feedback = parsed.error;
      s.lastVerdict = 'invalid';
    } else {
      s.submissions += 1;
      verdict = await cachedJudge(p, parsed.code, this.limits);
      feedback = verdict.message;
      s.lastVerdict = verdict.kind;
      if (verdict.kind === 'accepted') {
        s.done = true;
        s.success = true;
        return this.result(s, feedback, 1, verdict);
      }
    }
    if (s.steps >= MAX_STEPS) s.done = true;
    // The statement goes with every verdict: the actor's prompt shows only the current observation.
    const observation = s.done ? feedback : `${feedback}\n\nThe problem, for reference:\n\n${problemText(p, this.limits)}`;
    return this.result(s, observation, 0, verdict);
  }

  private result(s: State, observation: string, reward: number, verdict: Verdict | null): StepResult {
    return {
      observation,
      reward,
      done: s.done,
      success: s.success,
      availableActions: [SUBMIT_TEMPLATE],
      negative: isNegative(observation),
      info: {
        steps: s.steps,
        submissions: s.submissions,
        verdict: verdict?.kind ?? (observation === EPISODE_OVER ? null : 'invalid'),
        hiddenPassed: verdict?.hiddenPassed ?? null,
        hiddenTotal: verdict?.hiddenTotal ?? null,
      },
    };
  }

  async snapshot(): Promise<EnvSnapshot> {
    return { ...this.current() };
  }

  async restore(snapshot: EnvSnapshot): Promise<void> {
    this.state = { ...(snapshot as State) };
  }

  async close(): Promise<void> {
    this.state = null;
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
