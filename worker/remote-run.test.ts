import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/open';
import { getEndpointById, insertEndpoint } from '../db/queries/endpoints';
import { insertRemoteEnvironment, getRemoteEnvironment } from '../db/queries/environments';
import { listSteps } from '../db/queries/episodes';
import { getRunById, insertRun } from '../db/queries/runs';
import { getRunView } from '../db/queries/views';
import { endpointInputSchema } from '../lib/endpoints/schema';
import { householdEnv } from '../lib/envs/household';
import { remoteEnvConfigSchema } from '../lib/envs/remote/config';
import { startEnvServer } from '../lib/envs/remote/server';
import { ictConfigSchema } from '../lib/ict/config';
import { completion } from '../lib/llm/testing/openai-fixtures';
import { reply, startScriptedServer } from '../lib/llm/testing/scripted-server';
import { startWorker, type WorkerHandle } from './worker';

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

describe('an ICT run on a remote environment', () => {
  it('plays every episode over HTTP against the env server and stores its version and feedback', async () => {
    const envServer = await startEnvServer({ spec: householdEnv });
    cleanups.push(() => envServer.close());
    const llm = await startScriptedServer();
    cleanups.push(() => llm.close());
    llm.handler = (req) => {
      const messages = (req.json as { messages: { content: string }[] }).messages;
      if (messages[0].content.includes('IMPROVED PROMPT')) return reply.json(completion('ANALYSIS: fine\nIMPROVED PROMPT:\nYou are a careful agent in a remote household.'));
      return reply.json(completion('Thought: look first\nAction: look'));
    };

    const db = openDatabase(':memory:');
    const envId = insertRemoteEnvironment(
      db,
      remoteEnvConfigSchema.parse({
        name: 'hh remote',
        baseUrl: envServer.url,
        version: 'household@1.0.0/http',
        taskTypes: [
          { id: 'pick_and_place', split: 'train', dataIdx: { from: 0, to: 9 } },
          { id: 'pick_cool_then_place', split: 'heldout', dataIdx: { from: 100, to: 109 } },
        ],
        maxSteps: 4,
        negativeFeedback: ['^Nothing happens\\.$'],
      }),
      () => false,
    );
    const endpointId = insertEndpoint(db, endpointInputSchema.parse({ name: 'llm', baseUrl: llm.baseUrl, model: 'm' }));
    const { maskedKey: _m, createdAt: _c, updatedAt: _u, ...endpoint } = getEndpointById(db, { id: endpointId })!;
    const config = {
      ...ictConfigSchema.parse({
        name: 'remote',
        env: envId,
        remoteEnv: getRemoteEnvironment(db, { id: envId })!.config,
        batchSize: 2,
        metaTurns: 2,
        valTasks: 2,
        actor: endpointId,
        reflector: endpointId,
        actorEndpoint: endpoint,
        reflectorEndpoint: endpoint,
      }),
    };
    const runId = insertRun(db, { name: 'remote', kind: 'ict', config, seed: 1 });
    const worker: WorkerHandle = startWorker(db, { pollMs: 20, heartbeatMs: 50, log: () => undefined });
    cleanups.push(() => worker.stop());

    const deadline = Date.now() + 20_000;
    while (!['done', 'failed'].includes(getRunById(db, { id: runId })!.status) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 25));
    const run = getRunById(db, { id: runId })!;
    expect(run.error).toBeNull();
    expect(run.status).toBe('done');
    const view = getRunView(db, { id: runId })!;
    expect(view.episodes).toHaveLength(8);
    expect(view.episodes.every((e) => e.envId === envId && e.status === 'done' && e.stepCount === 4)).toBe(true);
    expect(view.metaTurns[1].systemPrompt).toBe('You are a careful agent in a remote household.');
    const steps = listSteps(db, { episodeId: view.episodes[0].id });
    expect(steps[0].executedAction).toBe('look');
    expect(steps[0].feedback).toMatch(/^You are in the middle of a room/);
  });
});
