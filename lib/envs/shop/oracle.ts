// The privileged planner. It knows the goal and the whole catalogue, and re-plans from the
// current page on every call, so an actor that strays (a pitfall, a random detour) is always
// led back: search with the goal's query, page to the first full match, open it, select the
// required options, buy.

import type { PlannedAction } from '../types';
import type { OptionKind } from './catalog';
import { isFullMatch, matchesIn } from './goal';
import { BACK, BUY, NEXT, PREV, click, product } from './pages';
import { PAGE_SIZE, search } from './search';
import { originResults, type State } from './world';

export type Decision =
  | { step: 'search'; query: string }
  | { step: 'open'; id: string }
  | { step: 'next' | 'prev' | 'back' | 'leave' }
  | { step: 'select'; kind: OptionKind; value: string; required: boolean }
  | { step: 'buy'; id: string };

function hasMatch(s: State, query: string): boolean {
  return matchesIn(search(query), s.goal).length > 0;
}

export function decide(s: State): Decision | null {
  if (s.done) return null;
  const g = s.goal;
  const page = s.page;
  switch (page.kind) {
    case 'search':
      return { step: 'search', query: g.query };
    case 'results': {
      const results = search(page.query);
      const first = matchesIn(results, g)[0];
      if (!first) return { step: 'back' };
      const at = Math.floor(results.indexOf(first) / PAGE_SIZE) + 1;
      if (at === page.page) return { step: 'open', id: first };
      return { step: at > page.page ? 'next' : 'prev' };
    }
    case 'item': {
      const p = product(page.id);
      if (!isFullMatch(p, g)) {
        const origin = originResults(s);
        return { step: origin && hasMatch(s, origin.query) ? 'prev' : 'back' };
      }
      const wanted = g.options.find((o) => page.selected[o.kind] !== o.value);
      if (wanted) return { step: 'select', kind: wanted.kind, value: wanted.value, required: true };
      // Options the instruction does not name still have to be chosen before buying.
      const other = p.options.find((o) => !page.selected[o.kind]);
      if (other) return { step: 'select', kind: other.kind, value: other.values[0], required: false };
      return { step: 'buy', id: p.id };
    }
    case 'detail':
      return { step: 'leave' };
  }
}

export function render(d: Decision): string {
  switch (d.step) {
    case 'search':
      return `search[${d.query}]`;
    case 'open':
      return click(d.id);
    case 'next':
      return click(NEXT);
    case 'prev':
    case 'leave':
      return click(PREV);
    case 'back':
      return click(BACK);
    case 'select':
      return click(d.value);
    case 'buy':
      return click(BUY);
  }
}

function thought(s: State, d: Decision): string {
  switch (d.step) {
    case 'search':
      return `I need to find the right product; I'll search for "${d.query}".`;
    case 'open':
      return `"${product(d.id).title}" fits the request and is within the budget; I'll open it.`;
    case 'next':
      return 'Nothing on this page fits all the requirements; I will check the next page.';
    case 'prev':
      return s.page.kind === 'item'
        ? 'This item does not fit all the requirements; I will go back to the results.'
        : 'The product I want was on an earlier page; I will go back to it.';
    case 'back':
      return 'Nothing here fits all the requirements; I will go back and search again.';
    case 'leave':
      return 'I have read enough here; back to the item page.';
    case 'select':
      return d.required
        ? `The instruction asks for ${d.kind} ${d.value}; I'll select it.`
        : `I also have to choose a ${d.kind}; ${d.value} will do.`;
    case 'buy':
      return 'The item fits the request and every option is selected; I will buy it.';
  }
}

export function nextAction(s: State): PlannedAction | null {
  const d = decide(s);
  return d && { action: render(d), thought: thought(s, d) };
}
