import type { ReactNode } from 'react';

/** A labelled value in a header's description list (run, episode). */
export function Field({ label, children, mono, numeric, breakAll }: { label: string; children: ReactNode; mono?: boolean; numeric?: boolean; breakAll?: boolean }) {
  const classes = ['text-slate-900', breakAll && 'break-all', mono && 'font-mono text-xs leading-5', numeric && 'tabular-nums'].filter(Boolean).join(' ');
  return (
    <div className="min-w-0">
      <dt className="text-xs text-slate-500">{label}</dt>
      <dd className={classes}>{children}</dd>
    </div>
  );
}
