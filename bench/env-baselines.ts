// Per built-in environment, on N seeded tasks of its held-out types: the success rate of the
// privileged planner alone, and of the offline scripted actor under the initial prompt (no lessons)
// and under a prompt holding every lesson. Ratios of successes, no pass/fail.
import { createOfflineActor } from '../lib/agents/offline/actor';
import { addLessons } from '../lib/agents/offline/reflector';
import { runEpisode } from '../lib/episodes/run-episode';
import { defaultSplit, listEnvSpecs } from '../lib/envs/registry';
import { makeTask } from '../lib/envs/tasks';
import type { Actor } from '../lib/agents/types';
import type { EnvSpec, Task } from '../lib/envs/types';
import { MemoryRecorder } from '../lib/runs/memory-recorder';
import { mapPool } from '../lib/util/pool';
import { seedFor } from '../lib/util/rng';

const N = Number(process.env.BENCH_TASKS ?? 100);

const planner: Actor = {
  label: 'planner',
  kind: 'offline',
  startEpisode: ({ env }) => ({
    act: async () => {
      const next = env.oracle!.nextAction();
      return { thought: null, action: next?.action ?? 'look', calls: [] };
    },
  }),
};

async function rate(spec: EnvSpec, tasks: Task[], actor: Actor, prompt: string) {
  const rec = new MemoryRecorder();
  const signal = new AbortController().signal;
  const results = await mapPool(tasks, 8, (task, i) =>
    runEpisode({ spec, task, actor, systemPrompt: prompt, recorder: rec, key: `t${i}`, role: 'validation', metaTurnIndex: null, seedKey: 'baseline', signal }),
  );
  const errored = results.filter((r) => r.status === 'errored');
  if (errored.length) console.error(`${spec.id}: ${errored.length} errored, e.g. ${errored[0].error}`);
  return results.filter((r) => r.success).length / tasks.length;
}

async function main() {
  console.log(`held-out tasks per environment: ${N}`);
  console.log(`${'environment'.padEnd(12)} ${'held-out types'.padEnd(44)} planner  scripted(no lessons)  scripted(all lessons)`);
  for (const spec of listEnvSpecs()) {
    const heldOut = defaultSplit(spec).heldout;
    const tasks = Array.from({ length: N }, (_, i) => makeTask(spec.id, heldOut[i % heldOut.length], seedFor('baseline', spec.id, i)));
    const t0 = performance.now();
    const p = await rate(spec, tasks, planner, spec.initialSystemPrompt);
    const bare = await rate(spec, tasks, createOfflineActor(), spec.initialSystemPrompt);
    const taught = await rate(spec, tasks, createOfflineActor(), addLessons(spec.initialSystemPrompt, spec.pitfalls.map((x) => x.lesson)));
    const secs = ((performance.now() - t0) / 1000).toFixed(1);
    console.log(`${spec.id.padEnd(12)} ${heldOut.join(', ').padEnd(44)} ${p.toFixed(2).padStart(7)}  ${bare.toFixed(2).padStart(20)}  ${taught.toFixed(2).padStart(21)}   (${secs} s)`);
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
