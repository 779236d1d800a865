// Parsing and executing `search[...]` and `click[...]`, with WebShop's page transitions and
// this environment's negative feedback. Every failing action leaves the state untouched, so
// that an agent repeating a mistake gets the same answer each time.

import { OPTION_KINDS } from './catalog';
import { score } from './goal';
import { OPTION_VOCABULARY, formatPrice, kindOfValue } from './products';
import { BACK, BUY, NEXT, PREV, SECTIONS, product, renderPage } from './pages';
import { pageCount, pageOf, search, tokenize } from './search';
import type { Section, State } from './world';

export const INVALID_CLICK = 'Invalid action: that is not on this page.';
export const INVALID_SYNTAX =
  'Invalid action: actions are search[<query>] on the search page and click[<button>] for a button shown on the page.';
export const SEARCH_ELSEWHERE = 'Invalid action: searching is only possible on the search page.';
export const EMPTY_QUERY = 'Invalid action: the search query is empty.';
export const BAD_OPTION = 'That option does not exist for this item.';
export const OUT_OF_STOCK = 'This item is out of stock.';
export const ENDED = 'The episode is over.';

export const selectFirst = (kind: string) => `Please select a ${kind} first.`;
export const noResults = (query: string) => `No results for ${query}.`;

/** "size: large", "color navy blue": an option named by its kind, as the item page lists it. */
export const KIND_PREFIX = `(?:${OPTION_KINDS.join('|')})(?:\\s*:\\s*|\\s+)`;
const KIND_PREFIX_RE = new RegExp(`^${KIND_PREFIX}\\S`);

export interface Outcome {
  feedback: string;
  reward: number;
}

const say = (feedback: string): Outcome => ({ feedback, reward: 0 });

interface Parsed {
  verb: 'search' | 'click';
  text: string;
}

function parse(raw: string): Parsed | null {
  const m = raw
    .trim()
    .replace(/\s+/g, ' ')
    .match(/^(search|click) ?\[(.*)\][.!]*$/i);
  if (!m) return null;
  return { verb: m[1].toLowerCase() as Parsed['verb'], text: m[2].trim().toLowerCase() };
}

/** Applies one action to the state (mutating it only on success) and returns the feedback. */
export function execute(s: State, raw: string): Outcome {
  const a = parse(raw);
  if (!a) return say(INVALID_SYNTAX);
  return a.verb === 'search' ? doSearch(s, a.text) : doClick(s, a.text);
}

function doSearch(s: State, query: string): Outcome {
  if (s.page.kind !== 'search') return say(SEARCH_ELSEWHERE);
  if (!/[a-z0-9]/.test(query)) return say(EMPTY_QUERY);
  if (tokenize(query).length === 0 || search(query).length === 0) return say(noResults(query));
  s.page = { kind: 'results', query, page: 1 };
  s.history = [];
  return say(renderPage(s));
}

function goBack(s: State): Outcome {
  const prev = s.history.pop();
  if (!prev) return say(INVALID_CLICK);
  s.page = prev;
  return say(renderPage(s));
}

function toSearch(s: State): Outcome {
  s.page = { kind: 'search' };
  s.history = [];
  return say(renderPage(s));
}

function doClick(s: State, label: string): Outcome {
  const page = s.page;
  if (page.kind === 'search') return say(INVALID_CLICK);
  if (label === BACK) return toSearch(s);

  if (page.kind === 'results') {
    const results = search(page.query);
    if (label === PREV && page.page > 1) return goBack(s);
    if (label === NEXT && page.page < pageCount(results)) {
      s.history.push(page);
      s.page = { kind: 'results', query: page.query, page: page.page + 1 };
      return say(renderPage(s));
    }
    if (pageOf(results, page.page).includes(label)) {
      s.history.push(page);
      s.page = { kind: 'item', id: label, selected: {} };
      return say(renderPage(s));
    }
    return say(INVALID_CLICK);
  }

  if (page.kind === 'detail') return label === PREV ? goBack(s) : say(INVALID_CLICK);

  // The item page.
  const p = product(page.id);
  if (label === PREV) return goBack(s);
  if ((SECTIONS as string[]).includes(label)) {
    s.history.push(page);
    s.page = { kind: 'detail', id: p.id, section: label as Section };
    return say(renderPage(s));
  }
  // Clicking the item's own id again just shows the page again.
  if (label === p.id) return say(renderPage(s));
  const kind = kindOfValue(p, label);
  if (kind) {
    page.selected[kind] = label;
    return say(renderPage(s));
  }
  if (label === BUY) {
    if (!p.inStock) return say(OUT_OF_STOCK);
    const missing = p.options.find((o) => !page.selected[o.kind]);
    if (missing) return say(selectFirst(missing.kind));
    const { reward, success } = score(p, page.selected, s.goal);
    s.done = true;
    s.success = success;
    s.purchase = { id: p.id, selected: { ...page.selected }, reward };
    const chosen = p.options.map((o) => page.selected[o.kind]).join(', ');
    return {
      feedback: `Thank you for shopping with us! You bought ${p.title} (${chosen}) for ${formatPrice(p.price)}. Your score (min 0.0, max 1.0): ${reward.toFixed(2)}`,
      reward,
    };
  }
  // A click naming an option value this item lacks ("x-large", "size: large") is a bad option;
  // anything else is simply not on the page.
  if (OPTION_VOCABULARY.has(label) || KIND_PREFIX_RE.test(label)) return say(BAD_OPTION);
  return say(INVALID_CLICK);
}
