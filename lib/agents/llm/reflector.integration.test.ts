// The LLM reflector against a real HTTP server, and a whole ICT run with both LLM agents.
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { householdEnv } from '../../envs/household';
import { makeTask } from '../../envs/tasks';
import { runEpisode } from '../../episodes/run-episode';
import type { EpisodeRecord } from '../../episodes/types';
import { ictConfigSchema } from '../../ict/config';
import { runIct } from '../../ict/loop';
import { isLlmError } from '../../llm/errors';
import { modelFor } from '../../llm/testing/model-harness';
import { completion } from '../../llm/testing/openai-fixtures';
import { reply, startScriptedServer, type ScriptedServer } from '../../llm/testing/scripted-server';
import { MemoryRecorder } from '../../runs/memory-recorder';
import { createOfflineActor } from '../offline/actor';
import { createLlmActor } from './actor';
import { createLlmReflector } from './reflector';
import { DEFAULT_TEMPLATES } from './templates';
import { messagesOf, oracleAction, watchedHousehold } from './test-support';

let srv: ScriptedServer;
beforeEach(async () => {
  srv = await startScriptedServer();
});
afterEach(async () => {
  await srv.close();
});

const SP0 = householdEnv.initialSystemPrompt;
const NEW_PROMPT = `${SP0}\n\nLessons:\n- Open a closed receptacle before looking for objects in it.`;
const MARKDOWN_REPLY = `**ANALYSIS:**\nThe actor wasted steps on closed receptacles.\n\n**IMPROVED PROMPT:**\n\`\`\`\n${NEW_PROMPT}\n\`\`\`\n\nNotes: one lesson added.`;

// Real trajectories: two household episodes played by the offline policy.
let batch: EpisodeRecord[];
beforeAll(async () => {
  const recorder = new MemoryRecorder();
  const signal = new AbortController().signal;
  const actor = createOfflineActor({ slipRate: 1, stuckRate: 0 });
  batch = await Promise.all(
    [2, 5].map((seed, i) =>
      runEpisode({ spec: householdEnv, task: makeTask('household', 'pick_clean_then_place', seed), actor, systemPrompt: SP0, recorder, key: `e${i}`, role: 'train', metaTurnIndex: 0, seedKey: 's', signal }),
    ),
  );
});

function reflector(seed?: number) {
  const { model } = modelFor(srv, { maxRetries: 0, timeoutMs: 2_000 });
  return createLlmReflector({ model, label: 'test-model @ scripted', templates: DEFAULT_TEMPLATES, params: { temperature: 0.7, maxTokens: 2048 }, seed });
}

const reflect = (r = reflector(), signal = new AbortController().signal) => r.reflect({ systemPrompt: SP0, trajectories: batch, spec: householdEnv, metaTurnIndex: 2, signal });

describe('LLM reflector', () => {
  it('parses a markdown-decorated reply into sp_{i+1}, keeping what it was shown and the call', async () => {
    srv.enqueue(reply.json(completion(MARKDOWN_REPLY, { usage: { prompt: 900, completion: 80 } })));
    const r = await reflect(reflector(11));

    expect({ analysis: r.analysis, prompt: r.prompt, output: r.output, error: r.error }).toEqual({
      analysis: 'The actor wasted steps on closed receptacles.',
      prompt: NEW_PROMPT,
      output: MARKDOWN_REPLY,
      error: null,
    });
    const [system, user] = messagesOf(srv.requests[0]);
    expect(system).toEqual({ role: 'system', content: DEFAULT_TEMPLATES.reflectorSystem });
    expect(user.role).toBe('user');
    expect(user.content).toContain(`CURRENT PROMPT:\n${SP0}\n\nBATCH: 2 episodes, `);
    expect(user.content).toContain(`### Episode 1: ${batch[0].success ? 'SUCCESS' : 'FAILURE'}`);
    expect(user.content).toContain(`Goal: ${batch[1].goal}`);
    expect(user.content).toContain(`> ${batch[1].steps[0].executedAction}\n${batch[1].steps[0].feedback}`);
    expect(r.input).toBe(`[system]\n${system.content}\n\n[user]\n${user.content}`);
    expect(r.calls).toHaveLength(1);
    expect(r.calls![0]).toMatchObject({ messages: [system, user], reply: MARKDOWN_REPLY, promptTokens: 900, completionTokens: 80, finishReason: 'stop' });
    expect(srv.requests[0].json).toMatchObject({ temperature: 0.7, max_tokens: 2048, seed: expect.any(Number) });
    expect(r).not.toHaveProperty('fatal');
  });

  it('keeps the prompt and records the failure on a reply it cannot parse', async () => {
    srv.enqueue(reply.json(completion('Sure! The agent did great, keep going.')));
    const r = await reflect();
    expect({ ...r, input: '', calls: null }).toEqual({
      analysis: '',
      prompt: SP0,
      input: '',
      output: 'Sure! The agent did great, keep going.',
      error: "could not parse the reflector's reply: missing IMPROVED PROMPT section",
      calls: null,
    });
    expect(r.input).toContain('TRAJECTORIES:');
    expect(r.calls![0].reply).toBe('Sure! The agent did great, keep going.');
  });

  it('says when the reply was cut off at the token limit', async () => {
    srv.enqueue(reply.json(completion('ANALYSIS:\nThe actor kept trying to', { finishReason: 'length' })));
    const r = await reflect();
    expect([r.prompt, r.error]).toEqual([SP0, "could not parse the reflector's reply: missing IMPROVED PROMPT section (the reply was cut off at the token limit)"]);
  });

  it('keeps the prompt on a failed call, marking a misconfigured endpoint as fatal', async () => {
    srv.enqueue(reply.json({ error: { message: 'Incorrect API key provided' } }, { status: 401 }), reply.json({ error: { message: 'boom' } }, { status: 500 }));
    const auth = await reflect();
    expect({ prompt: auth.prompt, output: auth.output, analysis: auth.analysis, fatal: auth.fatal }).toEqual({ prompt: SP0, output: '', analysis: '', fatal: true });
    expect(auth.error).toMatch(/^reflector model call failed: auth: HTTP 401 .*Incorrect API key provided/);
    expect(auth.calls![0]).toMatchObject({ reply: '', error: expect.stringMatching(/^auth: /) });
    const server = await reflect();
    expect([server.prompt, server.fatal, server.error]).toEqual([SP0, undefined, expect.stringMatching(/^reflector model call failed: server_error: HTTP 500/)]);
  });

  it('throws on cancellation instead of returning a failed reflection', async () => {
    srv.enqueue(reply.hang());
    const ctl = new AbortController();
    setTimeout(() => ctl.abort(), 50);
    const err = await reflect(reflector(), ctl.signal).catch((e: unknown) => e);
    expect(isLlmError(err) && err.kind).toBe('aborted');
  });
});

describe('ICT run with an LLM actor and an LLM reflector', () => {
  it('plays every episode through the endpoint and carries the parsed prompt into the next meta-turn', async () => {
    const house = watchedHousehold();
    srv.handler = (req) => {
      const [system] = messagesOf(req);
      if (system.content === DEFAULT_TEMPLATES.reflectorSystem) return reply.json(completion(MARKDOWN_REPLY));
      return reply.json(completion(`Thought: next\nAction: ${oracleAction(house.current())}`));
    };
    const { model } = modelFor(srv, { maxRetries: 0, timeoutMs: 2_000 });
    const config = ictConfigSchema.parse({ name: 't', env: 'household', seed: 5, batchSize: 2, valTasks: 1, metaTurns: 2, parallelEpisodes: 1 });
    const recorder = new MemoryRecorder();
    const summary = await runIct({
      config,
      spec: house.spec,
      actor: createLlmActor({ model, label: 'llm', templates: DEFAULT_TEMPLATES, historyWindow: 4 }),
      reflector: createLlmReflector({ model, label: 'llm', templates: DEFAULT_TEMPLATES }),
      recorder,
      signal: new AbortController().signal,
    });

    const episodes = [...recorder.episodes.values()];
    expect(episodes).toHaveLength(6);
    expect(episodes.map((e) => [e.metaTurnIndex, e.status, e.success, e.systemPrompt === (e.metaTurnIndex === 0 ? SP0 : NEW_PROMPT)])).toEqual(
      [0, 0, 0, 1, 1, 1].map((i) => [i, 'done', true, true]),
    );
    for (const e of episodes) for (const s of e.steps) expect(s.calls[0].messages[0].content).toBe(e.systemPrompt);
    const turns = [...recorder.metaTurns.values()];
    expect(turns.map((t) => [t.systemPrompt === SP0, t.reflection?.error, t.reflection?.calls?.length])).toEqual([
      [true, null, 1],
      [false, null, 1],
    ]);
    expect(summary.finalPrompt).toBe(NEW_PROMPT);
  });
});
