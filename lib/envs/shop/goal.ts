// Instructions, generated from a target product as in WebShop: the required attributes are a
// subset of the target's, the required options are values it offers (one per option kind), and
// the price limit lies above its price. Any product that meets them all is a full match.

import { rngFor, type Rng } from '../../util/rng';
import { CATEGORIES, categorySpec, isPostNominal, optionPhrase, type CategorySpec, type GroupId, type OptionKind } from './catalog';
import { PRODUCTS, optionValues, productById, type Product } from './products';
import { PAGE_SIZE, search } from './search';
import { taskTypeDef } from './taskTypes';

export interface RequiredOption {
  kind: OptionKind;
  value: string;
}

export interface Goal {
  /** The instruction, e.g. "i need a machine washable men's t-shirt in navy blue, size large, and price lower than 30.00 dollars". */
  text: string;
  group: GroupId;
  category: string;
  attributes: string[];
  options: RequiredOption[];
  /** Prices must be strictly lower. */
  priceLimit: number;
  /** The product the instruction was written from (another full match counts as well). */
  targetId: string;
  /** The oracle's query: words that bring a full match onto the first results pages. */
  query: string;
}

/** The oracle's path (search, ≤1 next page, open, options, buy) stays short enough to leave room for mistakes. */
const MAX_MATCH_RANK = 2 * PAGE_SIZE;

export function isFullMatch(p: Product, g: Goal): boolean {
  return (
    p.inStock &&
    p.category === g.category &&
    p.price < g.priceLimit &&
    g.attributes.every((a) => p.attributes.includes(a)) &&
    g.options.every((o) => optionValues(p, o.kind).includes(o.value))
  );
}

export interface Score {
  reward: number;
  success: boolean;
}

/**
 * WebShop's reward: the share of requirements met (attributes, options, price) times a type
 * factor (1 for the right category, 0.5 for another category of the same group, 0 otherwise).
 */
export function score(p: Product, selected: Record<string, string>, g: Goal): Score {
  const met =
    g.attributes.filter((a) => p.attributes.includes(a)).length +
    g.options.filter((o) => selected[o.kind] === o.value).length +
    (p.price < g.priceLimit ? 1 : 0);
  const total = g.attributes.length + g.options.length + 1;
  const factor = p.category === g.category ? 1 : p.group === g.group ? 0.5 : 0;
  return { reward: Math.round((factor * met * 10000) / total) / 10000, success: factor === 1 && met === total };
}

/** Ids of the full matches among a query's results, in result order. */
export function matchesIn(results: readonly string[], g: Goal): string[] {
  return results.filter((id) => isFullMatch(productById(id)!, g));
}

function niceLimit(rng: Rng, price: number): number {
  const raw = price * (1.1 + rng.int(41) / 100);
  const step = raw < 50 ? 5 : 10;
  return Math.ceil(raw / step) * step;
}

function describe(c: CategorySpec, attributes: string[], options: RequiredOption[], limit: number, rng: Rng): string {
  const pre = attributes.filter((a) => !isPostNominal(a));
  const post = attributes.filter(isPostNominal);
  const head = [pre.join(', '), c.noun, post.join(' and ')].filter(Boolean).join(' ');
  const article = c.plural ? '' : /^[aeiou]/.test(head) ? 'an ' : 'a ';
  const opts = options.map((o) => optionPhrase(o.kind, o.value)).join(', ');
  const opener = rng.pick(["i need", "i'm looking for", 'i want to buy', 'find me', 'i would like']);
  return `${opener} ${article}${head} ${opts}, and price lower than ${limit.toFixed(2)} dollars`;
}

function queriesFor(target: Product, attributes: string[]): string[] {
  const noun = categorySpec(target.category).noun;
  // What a good shopper types: the required attributes and the product noun; failing that,
  // the target's own title words without the brand.
  return [`${attributes.join(' ')} ${noun}`, target.title.slice(target.brand.length + 1)];
}

function tryGoal(rng: Rng, group: GroupId): Goal | null {
  const c = rng.pick(CATEGORIES.filter((x) => x.group === group));
  const pool = PRODUCTS.filter((p) => p.category === c.id && p.inStock);
  const twinned = pool.filter((p) => PRODUCTS.some((q) => q.twinOf === p.id));
  // About half the tasks target a product with an out-of-stock lookalike.
  const target = twinned.length > 0 && rng.chance(0.5) ? rng.pick(twinned) : rng.pick(pool);
  const nAttributes = Math.min(target.attributes.length, 1 + rng.int(2));
  const picked = new Set(rng.shuffle(target.attributes).slice(0, nAttributes));
  const attributes = target.attributes.filter((a) => picked.has(a));
  const options = target.options.map((o) => ({ kind: o.kind, value: rng.pick(o.values) }));
  const priceLimit = niceLimit(rng, target.price);
  const text = describe(c, attributes, options, priceLimit, rng);
  const base = { text, group, category: c.id, attributes, options, priceLimit, targetId: target.id };
  for (const query of queriesFor(target, attributes)) {
    const g: Goal = { ...base, query };
    const results = search(query);
    const first = results.findIndex((id) => isFullMatch(productById(id)!, g));
    if (first >= 0 && first < MAX_MATCH_RANK) return g;
  }
  return null;
}

export function generateGoal(taskType: string, seed: number): Goal {
  const def = taskTypeDef(taskType);
  const rng = rngFor('shop', def.id, seed);
  // Retrying with the same stream keeps generation a pure function of (type, seed).
  for (let attempt = 0; attempt < 100; attempt++) {
    const g = tryGoal(rng, def.id);
    if (g) return g;
  }
  throw new Error(`shop: could not generate a ${def.id} task for seed ${seed}`);
}
