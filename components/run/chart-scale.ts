import { scaleLinear } from 'd3';

export type ChartMetric = 'reward' | 'success';

/**
 * Success rates and most rewards live in [0, 1]: that scale stays fixed so runs compare at a
 * glance. Shaped rewards (sokoban: −0.1 per step, +10 when solved) widen it to nice bounds.
 */
export function yScale(values: number[], metric: ChartMetric): { domain: [number, number]; ticks: number[] } {
  if (metric === 'success') return { domain: [0, 1], ticks: [0, 0.2, 0.4, 0.6, 0.8, 1] };
  const scale = scaleLinear()
    .domain([Math.min(0, ...values), Math.max(1, ...values)])
    .nice(5);
  const [lo, hi] = scale.domain();
  return { domain: [lo, hi], ticks: scale.ticks(5) };
}

