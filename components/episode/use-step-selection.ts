'use client';

import { useCallback, useEffect, useState } from 'react';

/**
 * Step numbers in the UI and in `?step=N` count from 1, as the reflector's analysis does
 * ("step 3 …"), so a number read there can be pasted into the URL.
 */
export const stepNumber = (index: number) => index + 1;

/**
 * The selected step, kept in `?step=N`. history.replaceState (which Next syncs into its router)
 * rather than router.replace: moving through a transcript should neither fill the back button's
 * history nor refetch the server page. Without a choice, a finished episode opens at its first
 * step and a running one follows its newest.
 */
export function useStepSelection(stepIndexes: number[], initialStep: number | null, running: boolean) {
  const [chosen, setChosen] = useState<number | null>(initialStep === null ? null : initialStep - 1);

  let position = -1;
  if (stepIndexes.length > 0) {
    if (chosen === null) position = running ? stepIndexes.length - 1 : 0;
    else {
      position = stepIndexes.indexOf(chosen);
      if (position === -1) position = chosen > stepIndexes[stepIndexes.length - 1] ? stepIndexes.length - 1 : 0;
    }
  }
  const selected = position === -1 ? null : stepIndexes[position];

  const select = useCallback((index: number) => {
    setChosen(index);
    const url = new URL(window.location.href);
    url.searchParams.set('step', String(stepNumber(index)));
    window.history.replaceState(null, '', url);
  }, []);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented || e.metaKey || e.ctrlKey || e.altKey) return;
      const target = e.target as HTMLElement | null;
      if (target && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName))) return;
      const delta = e.key === 'j' || e.key === 'ArrowDown' ? 1 : e.key === 'k' || e.key === 'ArrowUp' ? -1 : 0;
      if (delta === 0 || position === -1) return;
      e.preventDefault();
      const next = Math.min(Math.max(position + delta, 0), stepIndexes.length - 1);
      if (next !== position) select(stepIndexes[next]);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [position, stepIndexes, select]);

  return { selected, position, select };
}
