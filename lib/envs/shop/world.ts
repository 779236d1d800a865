// Episode state. Plain JSON (the catalogue itself is constant and not part of it), so that
// snapshot/restore is a deep copy: the current page, the selected options and the history
// stack that `< prev` pops.

import { generateGoal, type Goal } from './goal';
import type { OptionKind } from './catalog';

export type Section = 'description' | 'features' | 'reviews';

export type Page =
  | { kind: 'search' }
  | { kind: 'results'; query: string; page: number }
  | { kind: 'item'; id: string; selected: Partial<Record<OptionKind, string>> }
  | { kind: 'detail'; id: string; section: Section };

export interface Purchase {
  id: string;
  selected: Partial<Record<OptionKind, string>>;
  reward: number;
}

export interface State {
  taskType: string;
  seed: number;
  goal: Goal;
  page: Page;
  /** Pages to return to with `< prev`, most recent last; a new search starts it afresh. */
  history: Page[];
  steps: number;
  done: boolean;
  success: boolean;
  purchase: Purchase | null;
}

export function generate(taskType: string, seed: number): State {
  return {
    taskType,
    seed,
    goal: generateGoal(taskType, seed),
    page: { kind: 'search' },
    history: [],
    steps: 0,
    done: false,
    success: false,
    purchase: null,
  };
}

/** The results page an item was opened from (the nearest one on the history stack). */
export function originResults(s: State): Extract<Page, { kind: 'results' }> | null {
  for (let i = s.history.length - 1; i >= 0; i--) {
    const p = s.history[i];
    if (p.kind === 'results') return p;
  }
  return null;
}
