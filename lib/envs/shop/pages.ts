// What each page shows and which actions it offers, in WebShop's style: buttons in brackets,
// clicked with `click[<button>]`. The search page offers the template `search[...]`: an
// admissible entry ending in "[...]" stands for free text (the LLM actor fills it in).

import { categorySpec } from './catalog';
import { formatPrice, productById, type Product } from './products';
import { pageCount, pageOf, search } from './search';
import type { Page, Section, State } from './world';

export const SEARCH_TEMPLATE = 'search[...]';
export const BACK = 'back to search';
export const PREV = '< prev';
export const NEXT = 'next >';
export const BUY = 'buy now';
export const SECTIONS: Section[] = ['description', 'features', 'reviews'];

export const click = (label: string) => `click[${label}]`;

export function product(id: string): Product {
  const p = productById(id);
  if (!p) throw new Error(`shop: unknown product "${id}"`);
  return p;
}

export function renderSearch(s: State): string {
  return `WebShop\nInstruction:\n${s.goal.text}\n[search]`;
}

function renderResults(page: Extract<Page, { kind: 'results' }>): string {
  const results = search(page.query);
  const pages = pageCount(results);
  const nav = [`[${BACK}]`, page.page > 1 ? `[${PREV}]` : '', page.page < pages ? `[${NEXT}]` : ''].filter(Boolean).join(' ');
  const lines = [
    nav,
    `Page ${page.page} of ${pages} (total results: ${results.length}) for "${page.query}"`,
    ...pageOf(results, page.page).map((id) => {
      const p = product(id);
      return `[${id}] ${p.title} | ${formatPrice(p.price)}`;
    }),
  ];
  return lines.join('\n');
}

export function renderItem(page: Extract<Page, { kind: 'item' }>): string {
  const p = product(page.id);
  const chosen = p.options.map((o) => page.selected[o.kind]).filter(Boolean);
  return [
    `[${BACK}] [${PREV}]`,
    p.title,
    `Price: ${formatPrice(p.price)}`,
    `Rating: ${(p.rating / 10).toFixed(1)} out of 5 (${p.reviewCount} reviews)`,
    // Shown on opening, so that an unavailable lookalike is recognisable before buying.
    ...(p.inStock ? [] : ['This item is out of stock.']),
    ...p.options.map((o) => `${o.kind}: ${o.values.map((v) => `[${v}]`).join(' ')}`),
    `Selected options: ${chosen.length ? chosen.join(', ') : 'none'}`,
    [...SECTIONS, BUY].map((b) => `[${b}]`).join(' '),
  ].join('\n');
}

/** A short, stable pseudo-random pick per product, so that texts vary without any state. */
function variant(p: Product, salt: number, n: number): number {
  let h = salt;
  for (const ch of p.id) h = (Math.imul(h, 31) + ch.charCodeAt(0)) >>> 0;
  return h % n;
}

const PRAISE = [
  'Exactly as described, would buy again.',
  'Good quality for the price.',
  'Arrived quickly and works as expected.',
  'Nice, but took a while to arrive.',
  'My second one; still happy with it.',
  'Decent, though not as sturdy as I hoped.',
];

function renderDetail(page: Extract<Page, { kind: 'detail' }>): string {
  const p = product(page.id);
  const c = categorySpec(p.category);
  let body: string;
  if (page.section === 'description') {
    const opts = p.options.map((o) => `${o.values.length} ${o.kind === 'size' ? 'sizes' : `${o.kind} options`}`).join(' and ');
    body = `Description: The ${p.brand} ${c.noun} is ${p.attributes.join(', ')}. Available in ${opts}.`;
  } else if (page.section === 'features') {
    body = ['Features:', ...p.attributes.map((a) => `- ${a}`)].join('\n');
  } else {
    body = [
      `Reviews: ${(p.rating / 10).toFixed(1)} out of 5 (${p.reviewCount} reviews)`,
      `"${PRAISE[variant(p, 7, PRAISE.length)]}"`,
      `"${PRAISE[(variant(p, 7, PRAISE.length) + 1 + variant(p, 13, PRAISE.length - 1)) % PRAISE.length]}"`,
    ].join('\n');
  }
  return `[${BACK}] [${PREV}]\n${body}`;
}

export function renderPage(s: State): string {
  const page = s.page;
  switch (page.kind) {
    case 'search':
      return renderSearch(s);
    case 'results':
      return renderResults(page);
    case 'item':
      return renderItem(page);
    case 'detail':
      return renderDetail(page);
  }
}

/** The concrete clickables of the current page, plus the search template on the search page. */
export function admissible(s: State): string[] {
  const page = s.page;
  switch (page.kind) {
    case 'search':
      return [SEARCH_TEMPLATE];
    case 'results': {
      const results = search(page.query);
      const out = [click(BACK)];
      if (page.page > 1) out.push(click(PREV));
      if (page.page < pageCount(results)) out.push(click(NEXT));
      for (const id of pageOf(results, page.page)) out.push(click(id));
      return out;
    }
    case 'item': {
      const p = product(page.id);
      return [
        click(BACK),
        click(PREV),
        ...p.options.flatMap((o) => o.values.map(click)),
        ...SECTIONS.map(click),
        click(BUY),
      ];
    }
    case 'detail':
      return [click(BACK), click(PREV)];
  }
}
