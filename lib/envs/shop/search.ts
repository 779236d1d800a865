// A small deterministic BM25 search over title, attributes and category name. Results are
// capped at 50 like WebShop's, ties broken by catalogue order, so that the same query always
// lists the same products in the same order.

import { categorySpec } from './catalog';
import { PRODUCTS, type Product } from './products';

export const MAX_RESULTS = 50;
export const PAGE_SIZE = 10;

const K1 = 1.2;
const B = 0.75;

const STOPWORDS = new Set(
  (
    'a an the and or for with in of to on at by is it be i im me my need want looking find buy get some ' +
    'that this than price lower dollars dollar please under less cheap size color'
  ).split(' '),
);

/** Lower case, apostrophes dropped ("men's" → "mens"), a naive plural strip ("shoes" → "shoe"). */
export function tokenize(text: string): string[] {
  return text
    .toLowerCase()
    .replace(/['’]/g, '')
    .split(/[^a-z0-9]+/)
    .filter((t) => t.length > 1 && !STOPWORDS.has(t))
    .map((t) => (t.length > 3 && t.endsWith('s') && !t.endsWith('ss') ? t.slice(0, -1) : t));
}

interface Doc {
  tf: Map<string, number>;
  length: number;
}

function docOf(p: Product): Doc {
  const tokens = tokenize([p.title, ...p.attributes, categorySpec(p.category).noun].join(' '));
  const tf = new Map<string, number>();
  for (const t of tokens) tf.set(t, (tf.get(t) ?? 0) + 1);
  return { tf, length: tokens.length };
}

const DOCS: Doc[] = PRODUCTS.map(docOf);
const AVG_LENGTH = DOCS.reduce((s, d) => s + d.length, 0) / DOCS.length;
const DF = new Map<string, number>();
for (const d of DOCS) for (const t of d.tf.keys()) DF.set(t, (DF.get(t) ?? 0) + 1);

function idf(term: string): number {
  const df = DF.get(term) ?? 0;
  return Math.log(1 + (DOCS.length - df + 0.5) / (df + 0.5));
}

// Agents repeat queries (and the oracle re-plans every step); the cache keeps that cheap.
const cache = new Map<string, string[]>();
const CACHE_LIMIT = 2000;

/** Ids of the matching products, best first, at most MAX_RESULTS; empty when no term matches. */
export function search(query: string): string[] {
  const key = query.toLowerCase().trim();
  const hit = cache.get(key);
  if (hit) return hit;
  const terms = [...new Set(tokenize(key))];
  const scored: { i: number; score: number }[] = [];
  DOCS.forEach((d, i) => {
    let score = 0;
    for (const t of terms) {
      const f = d.tf.get(t);
      if (!f) continue;
      score += (idf(t) * f * (K1 + 1)) / (f + K1 * (1 - B + (B * d.length) / AVG_LENGTH));
    }
    if (score > 0) scored.push({ i, score });
  });
  scored.sort((a, b) => b.score - a.score || a.i - b.i);
  const ids = scored.slice(0, MAX_RESULTS).map((s) => PRODUCTS[s.i].id);
  if (cache.size >= CACHE_LIMIT) cache.clear();
  cache.set(key, ids);
  return ids;
}

export function pageCount(results: readonly string[]): number {
  return Math.max(1, Math.ceil(results.length / PAGE_SIZE));
}

/** The ids shown on a 1-based results page. */
export function pageOf(results: readonly string[], page: number): string[] {
  return results.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE);
}
