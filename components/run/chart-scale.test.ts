import { describe, expect, it } from 'vitest';
import { yScale } from './chart-scale';

describe('yScale', () => {
  it('keeps rewards in [0, 1] on the fixed unit scale', () => {
    expect(yScale([0.25, 0.75, 1], 'reward').domain).toEqual([0, 1]);
  });

  it('widens to nice bounds that contain shaped rewards, negatives included', () => {
    const { domain, ticks } = yScale([-4.98, 3.47, 10.3], 'reward');
    expect(domain[0]).toBeLessThanOrEqual(-4.98);
    expect(domain[1]).toBeGreaterThanOrEqual(10.3);
    expect(ticks[0]).toBe(domain[0]);
    expect(ticks.at(-1)).toBe(domain[1]);
    expect(ticks).toContain(0);
  });

  it('always shows success rates on [0, 1]', () => {
    expect(yScale([0.5], 'success')).toEqual({ domain: [0, 1], ticks: [0, 0.2, 0.4, 0.6, 0.8, 1] });
  });
});
