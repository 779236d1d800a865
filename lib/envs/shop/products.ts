// The generated catalogue: a few hundred products built once from a fixed seed, so that every
// task of every type shops in the same store. Some products have an out-of-stock "twin": the
// same style, attributes and options under another brand, placed just before the original, so
// that a search for the original shows a lookalike that cannot be bought.

import { createRng, hashString, type Rng } from '../../util/rng';
import { BRANDS, CATEGORIES, type CategorySpec, type GroupId, type OptionKind } from './catalog';

export const CATALOGUE_SEED = 20220701;
/** Original products per category; twins come on top. */
const PER_CATEGORY = 22;
const TWIN_RATE = 0.15;
const RANDOM_OUT_OF_STOCK = 0.03;

export interface ProductOption {
  kind: OptionKind;
  values: string[];
}

export interface Product {
  /** WebShop-style ASIN, lower case: "b0" and eight letters or digits. */
  id: string;
  category: string;
  group: GroupId;
  brand: string;
  title: string;
  price: number;
  /** In tenths of a star, 30..50. */
  rating: number;
  reviewCount: number;
  attributes: string[];
  options: ProductOption[];
  inStock: boolean;
  /** For an out-of-stock lookalike: the id of the product it imitates. */
  twinOf: string | null;
}

const ID_CHARS = 'abcdefghijklmnopqrstuvwxyz0123456789';

function newId(rng: Rng, taken: Set<string>): string {
  for (;;) {
    let id = 'b0';
    for (let i = 0; i < 8; i++) id += ID_CHARS[rng.int(ID_CHARS.length)];
    if (!taken.has(id)) {
      taken.add(id);
      return id;
    }
  }
}

function titleCase(s: string): string {
  return s.replace(/(^|[\s-])([a-z])/g, (_, sep: string, c: string) => sep + c.toUpperCase());
}

/** A random subset of at least `min` items, kept in pool order. */
function subset<T>(rng: Rng, pool: readonly T[], min: number, max: number): T[] {
  const n = Math.min(pool.length, min + rng.int(Math.max(1, max - min + 1)));
  const chosen = new Set(rng.shuffle(pool).slice(0, n));
  return pool.filter((x) => chosen.has(x));
}

function price(rng: Rng, [lo, hi]: [number, number]): number {
  const whole = lo + rng.int(hi - lo + 1);
  return whole + rng.pick([0.99, 0.49, 0.95, 0.0, 0.79]);
}

function makeTitle(brand: string, style: string, c: CategorySpec, attributes: string[]): string {
  const shown = attributes.slice(0, 2).map(titleCase);
  return [`${brand} ${style} ${c.titleNoun}`, ...shown].join(', ');
}

function original(rng: Rng, c: CategorySpec, taken: Set<string>): Product {
  const brand = rng.pick(BRANDS[c.group]);
  const style = rng.pick(c.styles);
  const attributes = subset(rng, c.attributes, 2, 4);
  return {
    id: newId(rng, taken),
    category: c.id,
    group: c.group,
    brand,
    title: makeTitle(brand, style, c, rng.shuffle(attributes)),
    price: price(rng, c.price),
    rating: 30 + rng.int(21),
    reviewCount: 3 + rng.int(900),
    attributes,
    options: c.options.map((o) => ({ kind: o.kind, values: subset(rng, o.values, 2, Math.min(o.values.length, 6)) })),
    inStock: !rng.chance(RANDOM_OUT_OF_STOCK),
    twinOf: null,
  };
}

function twin(rng: Rng, c: CategorySpec, of: Product, taken: Set<string>): Product {
  const brand = rng.pick(BRANDS[c.group].filter((b) => b !== of.brand));
  return {
    ...of,
    id: newId(rng, taken),
    brand,
    title: brand + of.title.slice(of.brand.length),
    // A little cheaper: the lookalike is the tempting one.
    price: Math.max(1, Math.round(of.price * (0.85 + rng.int(10) / 100)) - 0.01),
    rating: Math.min(50, of.rating + rng.int(4)),
    reviewCount: 3 + rng.int(400),
    options: of.options.map((o) => ({ kind: o.kind, values: o.values.slice() })),
    attributes: of.attributes.slice(),
    inStock: false,
    twinOf: of.id,
  };
}

function build(): Product[] {
  const taken = new Set<string>();
  const out: Product[] = [];
  for (const c of CATEGORIES) {
    // One stream per category, so that adding a category leaves the others unchanged.
    const crng = createRng(hashString(`${CATALOGUE_SEED}/${c.id}`));
    for (let i = 0; i < PER_CATEGORY; i++) {
      const p = original(crng, c, taken);
      if (p.inStock && crng.chance(TWIN_RATE)) out.push(twin(crng, c, p, taken));
      out.push(p);
    }
  }
  return out;
}

export const PRODUCTS: readonly Product[] = build();

const BY_ID = new Map(PRODUCTS.map((p, i) => [p.id, { p, i }]));

export function productById(id: string): Product | undefined {
  return BY_ID.get(id)?.p;
}

export function productIndex(id: string): number {
  return BY_ID.get(id)?.i ?? -1;
}

/** Every option value anywhere in the store: clicking one the item lacks is a bad option, not a stray click. */
export const OPTION_VOCABULARY: ReadonlySet<string> = new Set(
  PRODUCTS.flatMap((p) => p.options.flatMap((o) => o.values)),
);

export function optionValues(p: Product, kind: OptionKind): string[] {
  return p.options.find((o) => o.kind === kind)?.values ?? [];
}

/** The kind that offers `value` on this product, if any (values never repeat across a product's kinds). */
export function kindOfValue(p: Product, value: string): OptionKind | undefined {
  return p.options.find((o) => o.values.includes(value))?.kind;
}

export function formatPrice(price: number): string {
  return `$${price.toFixed(2)}`;
}
