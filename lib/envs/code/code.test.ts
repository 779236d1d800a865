import { describe, expect, it } from 'vitest';
import { findPitfalls } from '../../agents/offline/reflector';
import { promptContains } from '../../agents/prompt-text';
import type { EpisodeRecord } from '../../episodes/types';
import type { Env, StepResult } from '../types';
import { expectTaskTypes, followOracle as follow, starter, stepToLimit } from '../testing/env-checks';
import { SUBMIT_TEMPLATE, fitsAvailable, parseAction } from './actions';
import { judge, normaliseOutput, tracebackTail } from './judge';
import { codeEnv, createCodeEnv, EPISODE_OVER, MAX_STEPS } from './index';
import { problemFor } from './problems';
import { TASK_TYPES } from './task-types';

const TYPES = codeEnv.taskTypes.map((t) => t.id);
const SEEDS = Array.from({ length: 20 }, (_, i) => i + 1);
// A short CPU limit keeps the slow-solution time-outs cheap; references need a few ms per test.
const LIMITS = { cpuMs: 250 };

const start = starter(codeEnv, () => createCodeEnv({ limits: LIMITS }));

/** Follows the oracle to the end, checking each planned action against the admissible template. */
async function followOracle(env: Env, available: string[]): Promise<StepResult[]> {
  const run = await follow(env, available, (listed, next) => expect(fitsAvailable(next.action, listed)).toBe(true));
  return run.results;
}

const pick = (r: StepResult) => ({ reward: r.reward, done: r.done, success: r.success, negative: r.negative });

describe('code spec', () => {
  it('declares four task types, three for training and simulation held out', () => {
    expectTaskTypes(codeEnv, [
      { id: 'strings', split: 'train' },
      { id: 'math', split: 'train' },
      { id: 'greedy', split: 'train' },
      { id: 'simulation', split: 'heldout' },
    ]);
  });

  it('has identity, limits, negative feedback and pitfalls', () => {
    expect({ id: codeEnv.id, version: codeEnv.version, maxSteps: codeEnv.maxSteps }).toEqual({ id: 'code', version: 'code@1.0.0', maxSteps: 6 });
    expect(codeEnv.pitfalls.map((p) => p.id)).toEqual(['input-parsing', 'print-format', 'edge-case', 'slow-solution']);
    const negative = (text: string) => codeEnv.negativeFeedback.some((re) => re.test(text));
    for (const text of [
      'Invalid action: expected "submit:" followed by a complete Python 3 program on the next lines.',
      'Compilation error (SyntaxError on line 1): invalid syntax.',
      'Runtime error on example 1:\nIndexError: list index out of range',
      'Wrong answer on a hidden test (3/6 passed).',
      'Time limit exceeded on a hidden test (5/6 passed).',
      'Memory limit exceeded on example 2.',
      'Output limit exceeded on example 1.',
    ]) {
      expect(negative(text), text).toBe(true);
    }
    expect(negative('Accepted: all hidden tests passed.')).toBe(false);
  });

  it('holds 32 problem families, 8 per task type, each with examples and hidden tests', () => {
    const ids = TASK_TYPES.flatMap((t) => t.families.map((f) => f.id));
    expect(TASK_TYPES.map((t) => t.families.length)).toEqual([8, 8, 8, 8]);
    expect(new Set(ids).size).toBe(32);
    for (const type of TYPES) {
      for (let seed = 0; seed < 8; seed++) {
        const p = problemFor(type, seed);
        expect(p.examples.length).toBe(2);
        expect(p.hidden.length).toBeGreaterThanOrEqual(5);
        expect(p.hidden.length).toBeLessThanOrEqual(8);
      }
    }
  });

  it('has a neutral system prompt without any lesson, and a prompt template for programs', () => {
    const prompt = codeEnv.initialSystemPrompt;
    expect(prompt).toMatch(/Thought:/);
    expect(prompt).toMatch(/Action: submit:/);
    expect(prompt).toMatch(/admissible/);
    for (const p of codeEnv.pitfalls) {
      expect(p.lesson).toMatch(/^[A-Z].*\.$/);
      expect(promptContains(prompt, p.lesson)).toBe(false);
    }
    expect(prompt).not.toMatch(/sys\.stdin|input\(\)|edge|nested|list/i);
    expect(codeEnv.promptTemplates?.actorUser).toMatch(/\{observation\}[\s\S]*\{available_actions\}[\s\S]*Action: submit:/);
  });
});

describe('code determinism', () => {
  it('gives the same problem and the same oracle trajectory for the same seed', async () => {
    for (const type of TYPES) {
      const a = await start(type, 7);
      const b = await start(type, 7);
      expect(b.reset).toEqual(a.reset);
      const plain = await starter(codeEnv)(type, 7);
      expect(plain.reset.observation.replace('1 s of CPU', '250 ms of CPU')).toBe(a.reset.observation);
      const runA = await followOracle(a.env, a.reset.availableActions);
      const c = await start(type, 7);
      expect(await followOracle(c.env, c.reset.availableActions)).toEqual(runA);
      // Verdicts are cached per submission; judging afresh must agree.
      const p = problemFor(type, 7);
      expect((await judge(p.reference, p.examples, p.hidden, LIMITS)).message).toBe(runA[0].observation);
      expect((await judge(p.variants.printFormat, p.examples, p.hidden, LIMITS)).message).toBe((await b.env.step(`submit:\n${p.variants.printFormat}`)).observation.split('\n\n')[0]);
    }
  });

  it('gives different problems for different seeds', () => {
    for (const type of TYPES) {
      const statements = new Set(SEEDS.slice(0, 10).map((seed) => problemFor(type, seed).statement));
      expect(statements.size).toBe(10);
    }
  });

  it('shows the statement with two examples and the limits, and a one-line goal', async () => {
    for (const type of TYPES) {
      const { reset } = await start(type, 3);
      expect(reset.observation).toMatch(/^Problem: .+\n\n[\s\S]+\nInput\nThe first line contains T[\s\S]+\nOutput\nFor each test case, print [\s\S]+\nExample 1\nInput:\n[\s\S]+\nOutput:\n[\s\S]+\nExample 2\n[\s\S]+\n\nLimits: 250 ms of CPU time and 256 MB of memory per test; Python 3 standard library only; no network\.$/);
      expect(reset.goal).toMatch(/^Solve ".+": submit a Python 3 program that passes the examples and the hidden tests$/);
      expect(reset.availableActions).toEqual([SUBMIT_TEMPLATE]);
      expect(reset.info).toMatchObject({ taskType: type, seed: 3, examples: 2 });
    }
  });
});

describe('code oracle', () => {
  it('solves every task type on 20 seeds with its first submission', async () => {
    for (const type of TYPES) {
      const outcomes = await Promise.all(
        SEEDS.map(async (seed) => {
          const { env, reset } = await start(type, seed);
          const results = await followOracle(env, reset.availableActions);
          expect(env.oracle!.nextAction()).toBeNull();
          return { seed, steps: results.length, last: { ...pick(results[results.length - 1]), observation: results[results.length - 1].observation } };
        }),
      );
      const solved = outcomes.filter((o) => o.last.success).length;
      expect(outcomes.filter((o) => !o.last.success)).toEqual([]);
      for (const o of outcomes) {
        expect(o).toEqual({ seed: o.seed, steps: 1, last: { reward: 1, done: true, success: true, negative: false, observation: 'Accepted: all hidden tests passed.' } });
      }
      expect(solved / SEEDS.length).toBe(1);
    }
  }, 60_000);
});

describe('code pitfalls', () => {
  it('each flawed program fails recognisably, alone, and the oracle still recovers', async () => {
    const pitfalls = new Map(codeEnv.pitfalls.map((p) => [p.id, p]));
    const seen = new Map<string, Set<string>>();
    const jobs = TYPES.flatMap((type) => Array.from({ length: 8 }, (_, seed) => ({ type, seed })));
    await Promise.all(
      jobs.map(async ({ type, seed }) => {
        const { env, reset } = await start(type, seed);
        const opportunities = env.oracle!.pitfallOpportunities();
        expect(opportunities.slice(0, 2).map((o) => o.pitfallId)).toEqual(['input-parsing', 'print-format']);
        const initial = await env.snapshot!();
        for (const opp of opportunities) {
          const pitfall = pitfalls.get(opp.pitfallId)!;
          const where = `${type}/${seed} ${problemFor(type, seed).family} ${opp.pitfallId}`;
          expect(opp.thought.length).toBeGreaterThan(0);
          expect(fitsAvailable(opp.action, reset.availableActions)).toBe(true);
          expect(opp.action, where).toMatch(pitfall.actionPattern);
          for (const other of codeEnv.pitfalls) {
            if (other.id !== pitfall.id) expect(pitfall.actionPattern.test(opp.action) && !other.actionPattern.test(opp.action), `${where} vs ${other.id}`).toBe(true);
          }
          await env.restore!(initial);
          const r = await env.step(opp.action);
          expect(r.observation, where).toMatch(pitfall.feedbackPattern);
          expect(pick(r), where).toEqual({ reward: 0, done: false, success: false, negative: true });
          // An actor stuck on the mistake gets the same answer every time.
          const again = await env.step(opp.action);
          expect(again.observation).toBe(r.observation);
          const rest = await followOracle(env, again.availableActions);
          expect(pick(rest[rest.length - 1]), where).toEqual({ reward: 1, done: true, success: true, negative: false });
          if (!seen.has(opp.pitfallId)) seen.set(opp.pitfallId, new Set());
          seen.get(opp.pitfallId)!.add(type);
        }
      }),
    );
    // Shared across types, so that lessons learned on training types apply to held-out ones.
    for (const id of pitfalls.keys()) expect([...(seen.get(id) ?? [])].sort(), id).toEqual([...TYPES].sort());
  }, 90_000);

  it('the reflector recognises each mistake from its step and never the oracle', async () => {
    const { env } = await start('greedy', 1);
    const steps = [];
    for (const opp of env.oracle!.pitfallOpportunities()) {
      const r = await env.step(opp.action);
      steps.push({ index: steps.length, executedAction: opp.action, feedback: r.observation });
    }
    const reference = env.oracle!.nextAction()!.action;
    const last = await env.step(reference);
    steps.push({ index: steps.length, executedAction: reference, feedback: last.observation });
    const found = findPitfalls(codeEnv.pitfalls, [{ steps } as unknown as EpisodeRecord]);
    expect(found.map((f) => [f.pitfall.id, f.step])).toEqual([
      ['input-parsing', 1],
      ['print-format', 2],
      ['edge-case', 3],
      ['slow-solution', 4],
    ]);
  });
});

describe('code judging', () => {
  it('answers CodeContests-style verdicts', async () => {
    const { env } = await start('math', 5);
    const verdicts = [];
    for (const code of [
      'def f(:\n    pass',
      'import sys\nprint(undefined_name)',
      'print("1")',
      'while True:\n    pass',
      'x = bytearray(2 * 1024 ** 3)',
    ]) {
      verdicts.push((await env.step(`submit:\n${code}`)).observation.split('\n\n')[0]);
    }
    expect(verdicts).toEqual([
      'Compilation error (SyntaxError on line 1): invalid syntax.\n    def f(:',
      expect.stringMatching(/^Runtime error on example 1:\n(?:.*\n)*  File "solution\.py", line 2, in <module>\n    print\(undefined_name\)\n(?:.*\n)?NameError: name 'undefined_name' is not defined$/),
      expect.stringMatching(/^Wrong answer on example 1: expected "-?\d+\\n-?\d+(\\n-?\d+)?", got "1"\.$/),
      'Time limit exceeded on example 1.',
      'Memory limit exceeded on example 1.',
    ]);
  });

  it('compares outputs line by line and quotes whole frames of a traceback', () => {
    expect(normaliseOutput('1 2 \r\n3\n\n\n')).toBe('1 2\n3');
    expect(normaliseOutput('1  2')).not.toBe(normaliseOutput('1 2'));
    const stderr = ['Traceback (most recent call last):', '  File "solution.py", line 9, in <module>', '    main()', '  File "solution.py", line 5, in main', '    x = data[9]', '        ~~~~^^^', 'IndexError: list index out of range'].join('\n');
    expect(tracebackTail(stderr)).toBe(['  File "solution.py", line 5, in main', '    x = data[9]', '        ~~~~^^^', 'IndexError: list index out of range'].join('\n'));
    expect(tracebackTail('MemoryError')).toBe('MemoryError');
  });

  it('names only the exception of a hidden runtime error', async () => {
    // gcd-lcm asking for the lcm, whose edge bug divides by zero on a hidden test.
    const seed = [1, 9, 17, 25, 33, 41].find((s) => (problemFor('math', s).params as { op: string }).op === 'lcm')!;
    const { env } = await start('math', seed);
    const r = await env.step(`submit:\n${problemFor('math', seed).variants.edgeCase}`);
    expect(r.observation.split('\n\n')[0]).toMatch(/^Runtime error on a hidden test \(\d\/\d passed\): ZeroDivisionError: integer division or modulo by zero$/);
  });

  it('accepts the program on the same line, fenced, or as a bare fenced block', async () => {
    const ref = problemFor('strings', 2).reference;
    expect(parseAction(`SUBMIT : print(1)`)).toEqual({ ok: true, code: 'print(1)\n' });
    expect(parseAction(`submit:\n\`\`\`python\n${ref}\`\`\``)).toEqual({ ok: true, code: ref });
    expect(parseAction(`\`\`\`py\n${ref}\n\`\`\`\n`)).toEqual({ ok: true, code: ref });
    expect(parseAction(`submit:\r\n${ref.replace(/\n/g, '\r\n')}`)).toEqual({ ok: true, code: ref });
    const { env } = await start('strings', 2);
    const r = await env.step(`Submit:\n\`\`\`python\n${ref}\`\`\``);
    expect(pick(r)).toEqual({ reward: 1, done: true, success: true, negative: false });
  });

  it('answers garbage with a clear negative feedback and keeps going', async () => {
    const { env } = await start('greedy', 2);
    for (const action of ['', 'dance wildly', 'look', 'submit:', 'print(1)']) {
      const r = await env.step(action);
      expect(r.observation).toMatch(/^Invalid action: /);
      expect(pick(r)).toEqual({ reward: 0, done: false, success: false, negative: true });
      expect(r.availableActions).toEqual([SUBMIT_TEMPLATE]);
      if (r.done) break;
    }
  });

  it('ends the episode at maxSteps and changes nothing afterwards', async () => {
    const { env } = await start('simulation', 4);
    const last = await stepToLimit(env, 'look', MAX_STEPS);
    expect(pick(last)).toEqual({ reward: 0, done: true, success: false, negative: true });
    expect(last.observation).toBe('Invalid action: expected "submit:" followed by a complete Python 3 program on the next lines.');
    expect(env.oracle!.nextAction()).toBeNull();
    expect(env.oracle!.pitfallOpportunities()).toEqual([]);
    const snap = await env.snapshot!();
    const after = await env.step(`submit:\n${problemFor('simulation', 4).reference}`);
    expect({ ...pick(after), observation: after.observation }).toEqual({ reward: 0, done: true, success: false, negative: true, observation: EPISODE_OVER });
    expect(await env.snapshot!()).toEqual(snap);
  });
});

describe('code snapshot', () => {
  it('restores a JSON-safe state, also into a fresh instance, so that later steps replay identically', async () => {
    for (const type of TYPES) {
      const { env } = await start(type, 11);
      const flawed = env.oracle!.pitfallOpportunities()[1].action;
      await env.step(flawed);
      const snap = await env.snapshot!();
      expect(JSON.parse(JSON.stringify(snap))).toEqual(snap);
      const rest = [flawed, 'nonsense', env.oracle!.nextAction()!.action, 'after the end'];
      const first: StepResult[] = [];
      for (const a of rest) first.push(await env.step(a));
      const fresh = createCodeEnv({ limits: LIMITS });
      await fresh.restore!(JSON.parse(JSON.stringify(snap)));
      const second: StepResult[] = [];
      for (const a of rest) second.push(await fresh.step(a));
      expect(second).toEqual(first);
      expect(first.map((r) => r.success)).toEqual([false, false, true, true]);
      expect(first[3].observation).toBe(EPISODE_OVER);
    }
  });
});
