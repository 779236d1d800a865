// The LLM actor against a real HTTP server speaking the OpenAI protocol, playing real household
// episodes through the episode runner.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeTask } from '../../envs/tasks';
import { AbortedError, runEpisode } from '../../episodes/run-episode';
import { isLlmError } from '../../llm/errors';
import { modelFor, TEST_KEY } from '../../llm/testing/model-harness';
import { completion } from '../../llm/testing/openai-fixtures';
import { reply, startScriptedServer, type ScriptedServer } from '../../llm/testing/scripted-server';
import { MemoryRecorder } from '../../runs/memory-recorder';
import type { Actor } from '../types';
import { ActorCallError, createLlmActor } from './actor';
import { DEFAULT_TEMPLATES, TemplateError } from './templates';
import { listedActions, messagesOf, oracleAction, watchedHousehold, type WatchedSpec } from './test-support';

let srv: ScriptedServer;
let house: WatchedSpec;
beforeEach(async () => {
  srv = await startScriptedServer();
  house = watchedHousehold();
});
afterEach(async () => {
  await srv.close();
});

const task = makeTask('household', 'pick_clean_then_place', 3);
const USAGE = { prompt: 120, completion: 14 };

function actor(over: { seed?: number } = {}) {
  const { model } = modelFor(srv, { maxRetries: 0, timeoutMs: 2_000 });
  return createLlmActor({ model, label: 'test-model @ scripted', templates: DEFAULT_TEMPLATES, historyWindow: 2, params: { temperature: 0.2, maxTokens: 64 }, ...over });
}

function play(a: Actor, key = 'mt0/train/0', signal = new AbortController().signal) {
  const recorder = new MemoryRecorder();
  const run = runEpisode({ spec: house.spec, task, actor: a, systemPrompt: house.spec.initialSystemPrompt, recorder, key, role: 'train', metaTurnIndex: 0, seedKey: 'run/1', signal });
  return { recorder, run };
}

/** Answers each request from `script`, given the planner's next action; records problems seen in requests. */
function answerWith(script: (i: number, planned: string) => string) {
  const problems: string[] = [];
  const planned: string[] = [];
  srv.handler = (req, i) => {
    const next = oracleAction(house.current());
    planned.push(next);
    const user = messagesOf(req)[1].content;
    if (!listedActions(user).includes(next)) problems.push(`request ${i}: "${next}" not listed`);
    return reply.json(completion(script(i, next), { usage: USAGE }));
  };
  return { problems, planned };
}

/** Wraps an actor to keep what its `act` threw, since the runner turns most errors into a record. */
function spying(inner: Actor) {
  let thrown: unknown = null;
  const wrapped: Actor = {
    ...inner,
    startEpisode: (start) => {
      const policy = inner.startEpisode(start);
      return { act: (ctx) => policy.act(ctx).catch((e: unknown) => Promise.reject((thrown = e))) };
    },
  };
  return { actor: wrapped, thrown: () => thrown as ActorCallError };
}

describe('LLM actor playing household episodes', () => {
  it('succeeds by following the replies, storing each call with its messages, reply and tokens', async () => {
    // Three reply styles in turn: plain, markdown, and the model running on into an Observation.
    const replyFor = (i: number, a: string) =>
      [`Thought: step ${i}\nAction: ${a}`, `**Thought:** step ${i}\n\n**Action:** \`${a}\``, `Thought: step ${i}\nAction: ${a}\nObservation: You arrive somewhere.`][i % 3];
    const { problems } = answerWith(replyFor);
    const { run } = play(actor());
    const ep = await run;

    expect(problems).toEqual([]);
    expect({ status: ep.status, success: ep.success, error: ep.error, negative: ep.negativeCount }).toEqual({ status: 'done', success: true, error: null, negative: 0 });
    expect(ep.stepCount).toBeGreaterThanOrEqual(5);
    expect(srv.requests).toHaveLength(ep.stepCount);
    ep.steps.forEach((s, i) => {
      expect({ thought: s.thought, proposed: s.proposedAction }).toEqual({ thought: `step ${i}`, proposed: s.executedAction });
      expect(s.calls).toHaveLength(1);
      const [call] = s.calls;
      expect({ ...call, latencyMs: 0, messages: null }).toEqual({
        messages: null,
        reply: replyFor(i, s.executedAction),
        model: 'test-model',
        promptTokens: 120,
        completionTokens: 14,
        latencyMs: 0,
        retries: 0,
        finishReason: 'stop',
      });
      expect(call.messages).toEqual(messagesOf(srv.requests[i]));
      expect(call.messages[0]).toEqual({ role: 'system', content: house.spec.initialSystemPrompt });
    });

    const users = ep.steps.map((s) => s.calls[0].messages[1].content);
    expect(users[0]).toContain(`Your task is to: ${ep.goal}`);
    expect(users[0]).toContain('(none yet)');
    expect(users[0]).toContain(`step 1 of at most 30):\n${ep.steps[0].observation}`);
    // A window of 2: step 4 shows steps 2 and 3 only.
    const [, s1, s2] = ep.steps;
    expect(users[3]).toContain(`(1 earlier step not shown)\n> ${s1.executedAction}\n${s1.feedback}\n> ${s2.executedAction}\n${s2.feedback}\n`);
    expect(srv.requests[0].json).toMatchObject({ model: 'test-model', temperature: 0.2, max_tokens: 64 });
    expect(srv.requests[0].json).not.toHaveProperty('seed');
  });

  it('sends per-step seeds derived from the run seed and the episode, the same on a replay', async () => {
    answerWith((_i, a) => `Action: ${a}`);
    const seeds = async (key: string) => {
      const from = srv.requests.length;
      await play(actor({ seed: 7 }), key).run;
      return srv.requests.slice(from).map((r) => (r.json as { seed?: number }).seed);
    };
    const first = await seeds('mt0/train/0');
    const replay = await seeds('mt0/train/0');
    const other = await seeds('mt0/train/1');
    expect(first.every((s) => Number.isInteger(s))).toBe(true);
    expect(new Set(first).size).toBe(first.length);
    expect(replay).toEqual(first);
    expect(other[0]).not.toBe(first[0]);
  });

  it('executes an invalid action as proposed, corrects case and typos, and turns a reply without an action into an invalid step', async () => {
    // A typo the environment itself would reject: the second character dropped.
    const typo = (a: string) => a.slice(0, 1) + a.slice(2);
    const { planned } = answerWith((i, a) =>
      i === 0 ? 'Thought: I will fly.\nAction: fly to the moon' : i === 1 ? `Action: ${a.toUpperCase()}` : i === 2 ? 'I am not sure what to do here.' : i === 3 ? `Action: ${typo(a)}` : `Action: ${a}`,
    );
    const ep = await play(actor()).run;
    const [s0, s1, s2, s3] = ep.steps;
    const view = (s: typeof s0) => ({ thought: s.thought, proposed: s.proposedAction, executed: s.executedAction, feedback: s.feedback, negative: s.negative });
    expect(view(s0)).toEqual({ thought: 'I will fly.', proposed: 'fly to the moon', executed: 'fly to the moon', feedback: 'Nothing happens.', negative: true });
    expect([s1.proposedAction, s1.executedAction]).toEqual([planned[1].toUpperCase(), planned[1]]);
    expect(view(s2)).toEqual({ thought: null, proposed: 'I am not sure what to do here', executed: 'I am not sure what to do here', feedback: 'Nothing happens.', negative: true });
    expect(s2.calls[0].reply).toBe('I am not sure what to do here.');
    expect([s3.proposedAction, s3.executedAction, s3.negative]).toEqual([typo(planned[3]), planned[3], false]);
    expect({ success: ep.success, negative: ep.negativeCount }).toEqual({ success: true, negative: 2 });
  });

  it.each([
    [401, 'auth', true],
    [404, 'not_found', true],
    [500, 'server_error', false],
  ] as const)('HTTP %i ends the episode errored (%s), the error carrying the failed call; fatal: %s', async (status, kind, fatal) => {
    srv.handler = () => reply.json({ error: { message: 'scripted failure', type: 'test_error' } }, { status });
    const { actor: a, thrown } = spying(actor());
    const { recorder, run } = play(a);
    // The runner records the episode either way, and rethrows a fatal error to stop the run.
    const outcome = await run.then((ep) => ({ ep, rejected: null }), (e: unknown) => ({ ep: null, rejected: e }));
    const [stored] = [...recorder.episodes.values()];

    expect({ status: stored.status, finished: stored.finished, steps: stored.stepCount }).toEqual({ status: 'errored', finished: true, steps: 0 });
    expect(stored.error).toContain(`actor model call failed: ${kind}: HTTP ${status}`);
    expect(srv.requests).toHaveLength(1);
    const err = thrown();
    expect(err).toBeInstanceOf(ActorCallError);
    expect(outcome.rejected).toBe(fatal ? err : null);
    if (!fatal) expect(outcome.ep).toMatchObject({ status: 'errored', error: stored.error });
    expect({ fatal: err.fatal, kind: err.cause.kind, message: err.message }).toEqual({ fatal, kind, message: stored.error });
    expect(err.calls).toHaveLength(1);
    expect(err.calls[0]).toMatchObject({ reply: '', error: expect.stringContaining(`${kind}: HTTP ${status}`), messages: [{ role: 'system' }, { role: 'user' }] });
    expect(JSON.stringify(err.calls)).not.toContain(TEST_KEY);
  });

  it('propagates cancellation during a model call instead of recording an error', async () => {
    srv.enqueue(reply.hang());
    const ctl = new AbortController();
    const { actor: a, thrown } = spying(actor());
    const { recorder, run } = play(a, 'k', ctl.signal);
    setTimeout(() => ctl.abort(), 50);
    await expect(run).rejects.toBeInstanceOf(AbortedError);
    const err = thrown();
    expect(isLlmError(err) && err.kind).toBe('aborted');
    expect([...recorder.episodes.values()].map((e) => e.finished)).toEqual([false]);
  });

  it('rejects a template with an unknown placeholder when it is built', () => {
    const { model } = modelFor(srv);
    expect(() => createLlmActor({ model, label: 'x', templates: { ...DEFAULT_TEMPLATES, actorUser: '{goal} {obs}' }, historyWindow: 1 })).toThrow(TemplateError);
    expect(() => createLlmActor({ model, label: 'x', templates: { ...DEFAULT_TEMPLATES, actorUser: '{goal} {obs}' }, historyWindow: 1 })).toThrow(/\{obs\}/);
  });
});
