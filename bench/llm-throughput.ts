// Throughput of episode scheduling against a model server with a fixed capacity.
//
// A loopback OpenAI-compatible server serves at most C requests at once, each taking its latency
// (fixed L, or long-tailed with mean L). E episodes of S steps each call it through the real client
// (OpenAICompatibleModel; its per-endpoint limiter at 2C so the server's queue stays fed). Schedules:
//   pipelined: every episode is its own async chain, a step's request leaves as soon as the
//              previous step of that episode returned (how ReflectLab runs episodes);
//   lockstep:  every step waits for the slowest call of the batch (MetaGym's parallel loop).
// Prints achieved requests/s as a ratio of the server's limit C / mean latency. Same sampled
// latencies for both schedules. No pass/fail.
import { OpenAICompatibleModel } from '../lib/llm/openai-compatible';
import { completion } from '../lib/llm/testing/openai-fixtures';
import { reply, startScriptedServer } from '../lib/llm/testing/scripted-server';
import { createRng } from '../lib/util/rng';

const C = Number(process.env.BENCH_C ?? 8);
const L = Number(process.env.BENCH_L_MS ?? 40);
const E = Number(process.env.BENCH_EPISODES ?? 32);
const S = Number(process.env.BENCH_STEPS ?? 12);
// The client's per-endpoint limit; above C so that the server's own queue keeps it busy, as vLLM's does.
const CLIENT_C = Number(process.env.BENCH_CLIENT_C ?? 2 * C);

type Latencies = number[][]; // [episode][step] in ms

function fixed(): Latencies {
  return Array.from({ length: E }, () => Array.from({ length: S }, () => L));
}

/** Log-normal with mean L and sigma 1.2: most calls fast, a few 5–10× the mean. */
function longTailed(seed: number): Latencies {
  const rng = createRng(seed);
  const sigma = 1.2;
  const mu = Math.log(L) - (sigma * sigma) / 2;
  const normal = () => Math.sqrt(-2 * Math.log(1 - rng.next())) * Math.cos(2 * Math.PI * rng.next());
  return Array.from({ length: E }, () => Array.from({ length: S }, () => Math.exp(mu + sigma * normal())));
}

async function measure(latencies: Latencies, schedule: 'pipelined' | 'lockstep') {
  const server = await startScriptedServer({ concurrency: C });
  server.handler = (req) => {
    const text = String((req.json as { messages: { content: string }[] }).messages.at(-1)?.content);
    const [, ep, step] = text.match(/ep (\d+) step (\d+)/)!.map(Number);
    return reply.json(completion('Thought: ok\nAction: look'), { delayMs: latencies[ep][step] });
  };
  const model = new OpenAICompatibleModel({ id: `bench-${schedule}-${Math.random()}`, baseUrl: server.baseUrl, model: 'bench', concurrency: CLIENT_C, maxRetries: 0 });
  const call = (ep: number, step: number) => model.complete({ messages: [{ role: 'user', content: `ep ${ep} step ${step}` }], maxTokens: 8 });
  const t0 = performance.now();
  if (schedule === 'pipelined') {
    await Promise.all(
      Array.from({ length: E }, async (_, ep) => {
        for (let step = 0; step < S; step++) await call(ep, step);
      }),
    );
  } else {
    for (let step = 0; step < S; step++) await Promise.all(Array.from({ length: E }, (_, ep) => call(ep, step)));
  }
  const seconds = (performance.now() - t0) / 1000;
  await server.close();
  const meanLatency = latencies.flat().reduce((a, b) => a + b, 0) / (E * S);
  const limit = C / (meanLatency / 1000);
  const rps = (E * S) / seconds;
  return { rps, limit, ratio: rps / limit, meanLatency };
}

async function main() {
  console.log(`server capacity C=${C}, mean latency L=${L} ms, ${E} episodes × ${S} steps = ${E * S} requests`);
  const rows: [string, Latencies][] = [
    ['fixed latency', fixed()],
    ['long-tailed latency (log-normal, σ=1.2)', longTailed(1)],
  ];
  for (const [name, lat] of rows) {
    for (const schedule of ['pipelined', 'lockstep'] as const) {
      const r = await measure(lat, schedule);
      console.log(
        `${name.padEnd(40)} ${schedule.padEnd(9)} ${r.rps.toFixed(1).padStart(7)} req/s  limit ${r.limit.toFixed(1).padStart(6)}  ratio ${r.ratio.toFixed(2)}`,
      );
    }
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
