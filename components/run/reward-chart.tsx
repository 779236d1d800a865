'use client';

import { useState } from 'react';
import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { MetaTurnView } from '@/db/queries/views';
import { formatRate, formatReward } from '@/components/ui/format';
import { yScale, type ChartMetric } from './chart-scale';

export type { ChartMetric };
type Metric = ChartMetric;

const TRAIN = '#6366f1'; // indigo-500
const VAL = '#0f172a'; // slate-900
const AXIS = { fontSize: 12, fill: '#475569' };

type Point = { index: number; train: number | null; validation: number | null };

export function RewardChart({
  metaTurns,
  totalMetaTurns,
  initialMetric,
}: {
  metaTurns: MetaTurnView[];
  totalMetaTurns: number;
  /** From the page's query string, so server and browser render the same chart first. */
  initialMetric: Metric;
}) {
  const [metric, setMetric] = useState<Metric>(initialMetric);
  const choose = (m: Metric) => {
    setMetric(m);
    // The chosen view lives in the URL, so a shared link shows the same chart.
    const url = new URL(window.location.href);
    if (m === 'reward') url.searchParams.delete('metric');
    else url.searchParams.set('metric', m);
    window.history.replaceState(window.history.state, '', url);
  };
  const data: Point[] = metaTurns.map((m) =>
    metric === 'reward'
      ? { index: m.index, train: m.trainReward, validation: m.valReward }
      : { index: m.index, train: m.trainSuccess, validation: m.valSuccess },
  );
  const scored = data.some((d) => d.train !== null || d.validation !== null);
  return (
    <section className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm" aria-label="Reward per meta-turn">
      <div className="mb-2 flex items-center justify-between">
        <h2 className="text-sm font-semibold text-slate-900">{metric === 'reward' ? 'Reward' : 'Success rate'} per meta-turn</h2>
        <div className="flex overflow-hidden rounded border border-slate-300 text-xs" role="tablist">
          {(['reward', 'success'] as const).map((m) => (
            <button
              key={m}
              type="button"
              role="tab"
              aria-selected={metric === m}
              data-testid={`chart-metric-${m}`}
              onClick={() => choose(m)}
              className={`px-2 py-0.5 ${metric === m ? 'bg-slate-900 text-white' : 'bg-white text-slate-600 hover:bg-slate-50'}`}
            >
              {m === 'reward' ? 'mean reward' : 'success rate'}
            </button>
          ))}
        </div>
      </div>
      {scored ? (
        <div className="h-64 w-full" data-testid="reward-chart" data-metric={metric}>
          <RewardLines data={data} totalMetaTurns={totalMetaTurns} metric={metric} />
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

function RewardLines({ data, totalMetaTurns, metric }: { data: Point[]; totalMetaTurns: number; metric: Metric }) {
  const lastTick = Math.max(totalMetaTurns - 1, 0);
  const xTicks = Array.from({ length: lastTick + 1 }, (_, i) => i);
  const values = data.flatMap((d) => [d.train, d.validation]).filter((v): v is number => v !== null);
  const y = yScale(values, metric);
  const format = metric === 'success' ? formatRate : formatReward;

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
          domain={y.domain}
          ticks={y.ticks}
          tickFormatter={(v: number) => (metric === 'success' ? formatRate(v) : String(Number(v.toFixed(2))))}
          tick={AXIS}
          width={48}
          label={{ value: metric === 'success' ? 'success rate' : 'mean reward', angle: -90, position: 'insideLeft', offset: 4, ...AXIS, style: { textAnchor: 'middle' } }}
        />
        <Tooltip
          formatter={(value) => format(typeof value === 'number' ? value : null)}
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
