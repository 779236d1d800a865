import { afterAll, describe, expect, it } from 'vitest';
import { api, startServer, tempDbFile, waitFor, type AppServer } from './server';

interface RunBody {
  id: number;
  status: string;
  attempts: number;
  episodes: { id: number; key: string; taskId: string; success: boolean | null; totalReward: number | null; stepCount: number; status: string }[];
  metaTurns: { index: number; systemPrompt: string; trainReward: number | null; valReward: number | null }[];
}
interface EpisodeBody {
  steps: { index: number; executedAction: string; feedback: string }[];
}

const config = { env: 'household', batchSize: 3, metaTurns: 3, valTasks: 6, seed: 11, offlineStepDelayMs: 25, parallelEpisodes: 4 };

async function fingerprint(server: AppServer, runId: number) {
  const run = await api<RunBody>(server, `/api/runs/${runId}`);
  const episodes = await Promise.all(
    run.episodes.map(async (e) => {
      const detail = await api<EpisodeBody>(server, `/api/episodes/${e.id}`);
      return {
        key: e.key,
        taskId: e.taskId,
        status: e.status,
        success: e.success,
        totalReward: e.totalReward,
        stepCount: e.stepCount,
        steps: detail.steps.map((s) => `${s.index}:${s.executedAction}→${s.feedback}`),
      };
    }),
  );
  return {
    episodes: episodes.sort((a, b) => a.key.localeCompare(b.key)),
    metaTurns: run.metaTurns.map((m) => ({ index: m.index, systemPrompt: m.systemPrompt, trainReward: m.trainReward, valReward: m.valReward })),
  };
}

const servers: AppServer[] = [];
afterAll(async () => {
  await Promise.all(servers.map((s) => s.stop()));
});

describe('a run interrupted by a server crash', () => {
  it('resumes after a restart and ends with exactly the episodes of an uninterrupted run', async () => {
    const dbFile = tempDbFile('resume');
    const first = await startServer(dbFile);
    servers.push(first);
    const { id } = await api<{ id: number }>(first, '/api/runs', { method: 'POST', body: JSON.stringify({ ...config, name: 'crashed' }) });
    // Kill once some episodes are stored but the run is far from done.
    const atKill = await waitFor('some finished episodes', async () => {
      const run = await api<RunBody>(first, `/api/runs/${id}`);
      return run.episodes.filter((e) => e.status === 'done').length >= 5 ? run : undefined;
    });
    await first.kill();
    expect(atKill.status).toBe('running');
    expect(atKill.episodes.filter((e) => e.status === 'done').length).toBeLessThan(config.metaTurns * (config.batchSize + config.valTasks));

    const second = await startServer(dbFile);
    servers.push(second);
    const resumed = await waitFor('the resumed run to finish', async () => {
      const run = await api<RunBody>(second, `/api/runs/${id}`);
      return run.status === 'done' ? run : undefined;
    });
    expect(resumed.episodes).toHaveLength(config.metaTurns * (config.batchSize + config.valTasks));
    // Claimed twice: by the killed server, then by the restarted one.
    expect(resumed.attempts).toBe(2);

    const { id: refId } = await api<{ id: number }>(second, '/api/runs', { method: 'POST', body: JSON.stringify({ ...config, name: 'reference' }) });
    await waitFor('the reference run to finish', async () => (await api<RunBody>(second, `/api/runs/${refId}`)).status === 'done');

    const [a, b] = [await fingerprint(second, id), await fingerprint(second, refId)];
    expect(new Set(a.episodes.map((e) => e.key)).size).toBe(a.episodes.length);
    expect(a).toEqual(b);
  });
});
