// Mistakes the scripted actor can make, and when it can make them. They are phrased over
// pages and buttons rather than product groups, so a lesson learned while buying t-shirts
// (train) transfers to buying tea (held out).
//
// The action patterns are disjoint, so that a reflector seeing only "action → feedback" can
// attribute a failed step to exactly one pitfall: an item id (out-of-stock), "buy now"
// (missing-option), an option named with its kind (bad-option), and a long text that is not an
// option, such as a product title (invalid-click).

import type { Pitfall, PitfallOpportunity } from '../types';
import { BAD_OPTION, INVALID_CLICK, KIND_PREFIX, OUT_OF_STOCK } from './commands';
import { decide } from './oracle';
import { click, product, BUY } from './pages';
import { pageOf, search } from './search';
import type { State } from './world';

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export const PITFALLS: Pitfall[] = [
  {
    id: 'out-of-stock',
    description: 'Opens (and would buy) an out-of-stock lookalike instead of an available product.',
    lesson: 'If an item is out of stock, go back and open another item.',
    actionPattern: /^click\[b0[a-z0-9]{8}\]$/i,
    feedbackPattern: new RegExp(escape(OUT_OF_STOCK)),
  },
  {
    id: 'missing-option',
    description: 'Clicks buy now before selecting every option (size, color, ...) of the item.',
    lesson: 'Select every required option (size, color, flavor and the like) on the item page before clicking buy now.',
    actionPattern: /^click\[buy now\]$/i,
    feedbackPattern: /^Please select an? [a-z]+ first\.$/,
  },
  {
    id: 'bad-option',
    description: 'Clicks an option the item does not offer, e.g. the option written with its name as in "size: large".',
    lesson: 'Select an option by clicking its bare value exactly as the item page lists it, such as click[large] rather than click[size: large].',
    actionPattern: new RegExp(`^click\\[\\s*${KIND_PREFIX}[^\\]]+\\]$`, 'i'),
    feedbackPattern: new RegExp(`^${escape(BAD_OPTION)}$`),
  },
  {
    id: 'invalid-click',
    description: 'Clicks something that is not on the page, such as a product title instead of its item id.',
    lesson: 'Only click buttons shown on the current page, and open a product by clicking its item id, not its title.',
    // Four words or more, not an option named with its kind: titles and other free text.
    actionPattern: new RegExp(`^click\\[(?!\\s*${KIND_PREFIX})\\s*[^\\s\\]]+(?:\\s+[^\\s\\]]+){3,}\\s*\\]$`, 'i'),
    feedbackPattern: new RegExp(`^${escape(INVALID_CLICK)}$`),
  },
];

export function pitfallOpportunities(s: State): PitfallOpportunity[] {
  const d = decide(s);
  if (!d) return [];
  const g = s.goal;
  const page = s.page;
  const out: PitfallOpportunity[] = [];

  if (page.kind === 'results') {
    // An out-of-stock product on this page that looks right: same category, required attributes.
    const lookalike = pageOf(search(page.query), page.page)
      .map(product)
      .find((p) => !p.inStock && p.category === g.category && g.attributes.every((a) => p.attributes.includes(a)));
    if (lookalike) {
      out.push({
        pitfallId: 'out-of-stock',
        action: click(lookalike.id),
        thought: `"${lookalike.title}" looks like what I need, and it is cheap; I'll open it.`,
      });
    }
    if (d.step === 'open') {
      const title = product(d.id).title;
      out.push({ pitfallId: 'invalid-click', action: click(title), thought: `${title} is what I want; I'll click it.` });
    }
  }

  if (page.kind === 'item' && d.step === 'select') {
    const p = product(page.id);
    // Only while an option is still unselected: with all chosen, buy now would really buy.
    if (p.options.some((o) => !page.selected[o.kind])) {
      out.push({ pitfallId: 'missing-option', action: click(BUY), thought: 'This is the item I was looking for; I will buy it now.' });
    }
    out.push({
      pitfallId: 'bad-option',
      action: click(`${d.kind}: ${d.value}`),
      thought: `The instruction asks for ${d.kind} ${d.value}; I'll select ${d.kind}: ${d.value}.`,
    });
  }
  return out;
}
