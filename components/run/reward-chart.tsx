'use client';

import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { MetaTurnView } from '@/db/queries/views';
import { formatReward } from '@/components/ui/format';

const TRAIN = '#6366f1'; // indigo-500
const VAL = '#0f172a'; // slate-900
const AXIS = { fontSize: 12, fill: '#475569' };

type Point = { index: number; train: number | null; validation: number | null };

export function RewardChart({ metaTurns, totalMetaTurns }: { metaTurns: MetaTurnView[]; totalMetaTurns: number }) {
  const data: Point[] = metaTurns.map((m) => ({ index: m.index, train: m.trainReward, validation: m.valReward }));
  const scored = data.some((d) => d.train !== null || d.validation !== null);
  return (
    <section className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm" aria-label="Reward per meta-turn">
      <h2 className="mb-2 text-sm font-semibold text-slate-900">Reward per meta-turn</h2>
      {scored ? (
        <div className="h-64 w-full" data-testid="reward-chart">
          <RewardLines data={data} totalMetaTurns={totalMetaTurns} />
        </div>
      ) : (
        <div
          data-testid="reward-chart"
          data-empty="true"
          className="flex h-24 items-center justify-center rounded-md border border-dashed border-slate-200 text-xs text-slate-500"
        >
          No meta-turn scored yet; train and validation reward appear here as each meta-turn finishes.
        </div>
      )}
    </section>
  );
}

function RewardLines({ data, totalMetaTurns }: { data: Point[]; totalMetaTurns: number }) {
  const lastTick = Math.max(totalMetaTurns - 1, 0);
  const xTicks = Array.from({ length: lastTick + 1 }, (_, i) => i);
  // Rewards are usually in [0, 1]; keep that scale fixed so that runs compare at a glance.
  const maxReward = Math.max(1, ...data.flatMap((d) => [d.train ?? 0, d.validation ?? 0]));
  const yMax = Math.ceil(maxReward);
  const yTicks = Array.from({ length: 6 }, (_, i) => (yMax * i) / 5);

  return (
    // initialDimension gives the first (server and pre-measure) render a size instead of a 0×0 warning.
    <ResponsiveContainer width="100%" height="100%" initialDimension={{ width: 800, height: 256 }}>
      <LineChart data={data} margin={{ top: 8, right: 24, bottom: 20, left: 8 }}>
        <CartesianGrid stroke="#e2e8f0" strokeDasharray="3 3" />
        <XAxis
          dataKey="index"
          type="number"
          domain={[0, lastTick]}
          ticks={xTicks}
          allowDecimals={false}
          tick={AXIS}
          label={{ value: 'meta-turn', position: 'insideBottom', offset: -12, ...AXIS }}
        />
        <YAxis
          domain={[0, yMax]}
          ticks={yTicks}
          tickFormatter={(v: number) => v.toFixed(1)}
          tick={AXIS}
          width={48}
          label={{ value: 'mean reward', angle: -90, position: 'insideLeft', offset: 4, ...AXIS, style: { textAnchor: 'middle' } }}
        />
        <Tooltip
          formatter={(value) => formatReward(typeof value === 'number' ? value : null)}
          labelFormatter={(label) => `meta-turn ${label}`}
          contentStyle={{ fontSize: 12, borderRadius: 6, borderColor: '#cbd5e1' }}
        />
        <Legend verticalAlign="top" height={28} iconType="plainline" wrapperStyle={{ fontSize: 12 }} />
        <Line
          type="linear"
          dataKey="train"
          name="train (batch)"
          stroke={TRAIN}
          strokeWidth={2}
          strokeDasharray="6 4"
          dot={{ r: 3, strokeDasharray: '0' }}
          connectNulls
          isAnimationActive={false}
        />
        <Line
          type="linear"
          dataKey="validation"
          name="validation (held-out)"
          stroke={VAL}
          strokeWidth={2}
          dot={{ r: 3 }}
          connectNulls
          isAnimationActive={false}
        />
      </LineChart>
    </ResponsiveContainer>
  );
}
