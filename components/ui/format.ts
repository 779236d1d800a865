export function formatReward(x: number | null | undefined): string {
  return x === null || x === undefined ? '—' : x.toFixed(2);
}

export function formatPercent(x: number | null | undefined): string {
  return x === null || x === undefined ? '—' : `${Math.round(x * 100)}%`;
}

/** Fixed locale and UTC so server and browser render the same text (no hydration mismatch). */
export function formatTime(ms: number | null | undefined): string {
  if (!ms) return '—';
  return new Date(ms).toISOString().replace('T', ' ').slice(0, 19) + ' UTC';
}
