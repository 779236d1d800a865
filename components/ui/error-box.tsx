import type { ReactNode } from 'react';

/** A stored failure, shown as it was recorded: title, the message verbatim, optional details. */
export function ErrorBox({ title, message, testId, children }: { title: string; message: string | null; testId: string; children?: ReactNode }) {
  return (
    <div data-testid={testId} role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
      <div className="font-medium">{title}</div>
      <pre className="mt-1 font-mono text-xs whitespace-pre-wrap">{message ?? 'no error message recorded'}</pre>
      {children}
    </div>
  );
}
