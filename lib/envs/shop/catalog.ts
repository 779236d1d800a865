// Static knowledge the generated catalogue is built from: category groups (the task types),
// categories with their attribute pools, option kinds with their values, price ranges and
// brands. Plain data, so that the catalogue is a pure function of its seed and easy to extend.

export type GroupId = 'fashion' | 'beauty' | 'electronics' | 'home' | 'grocery';

/**
 * Option kinds. Their names matter beyond display: a click that starts with one of them on an
 * item page ("size: large") is read as an attempt to pick an option, see `commands.ts`.
 */
export const OPTION_KINDS = ['size', 'color', 'pack', 'flavor', 'scent', 'length', 'model', 'roast'] as const;
export type OptionKind = (typeof OPTION_KINDS)[number];

export interface OptionSpec {
  kind: OptionKind;
  /** Every value at most two words, so that "kind: value" stays short (see the pitfall patterns). */
  values: string[];
}

export interface CategorySpec {
  id: string;
  group: GroupId;
  /** As instructions name it: "men's t-shirt". */
  noun: string;
  /** Plural nouns take no article in instructions ("i need running shoes ..."). */
  plural: boolean;
  /** As titles name it: "Men's T-Shirt". */
  titleNoun: string;
  /** Title qualifiers; twins share theirs with the original so that titles look alike. */
  styles: string[];
  /** Attributes as matched and listed; those starting with "for "/"with " follow the noun in instructions. */
  attributes: string[];
  options: OptionSpec[];
  price: [number, number];
}

const SIZES = ['x-small', 'small', 'medium', 'large', 'x-large', 'xx-large'];

export const BRANDS: Record<GroupId, string[]> = {
  fashion: ['Northwind', 'Urban Loom', 'Coastline', 'Everpeak', 'Threadwell', 'Kestrel', 'Bluebird', 'Harbor Pine'],
  beauty: ['Lumina', 'Pure Petal', 'Velvet Moon', 'Glow Theory', 'Aloe Grove', 'Silkstone', 'Bloom Bare', 'Nordic Dew'],
  electronics: ['Voltix', 'Sonara', 'Zentrix', 'Ampwave', 'Novatek', 'Pixelight', 'Cableroo', 'Orbit Labs'],
  home: ['Hearthware', 'Oak Ember', 'Nestwell', 'Casa Verde', 'Ironleaf', 'Homestead', 'Linen Lane', 'Greyson'],
  grocery: ['Sunfield', 'Golden Grove', 'Wild Harvest', 'Mountain Bean', 'Happy Pantry', 'Olivera', 'Terra Farms', 'Brightleaf'],
};

export const CATEGORIES: CategorySpec[] = [
  // fashion
  {
    id: 'mens-tshirt',
    group: 'fashion',
    noun: "men's t-shirt",
    plural: false,
    titleNoun: "Men's T-Shirt",
    styles: ['Classic Crew Neck', 'Heavyweight', 'Performance', 'Everyday Pocket', 'Soft Jersey', 'Athletic'],
    attributes: ['machine washable', '100% cotton', 'moisture wicking', 'short sleeve', 'long sleeve', 'slim fit', 'tagless', 'relaxed fit'],
    options: [
      { kind: 'size', values: SIZES.slice(1) },
      { kind: 'color', values: ['black', 'white', 'navy blue', 'heather gray', 'olive green', 'burgundy'] },
    ],
    price: [8, 32],
  },
  {
    id: 'womens-dress',
    group: 'fashion',
    noun: "women's dress",
    plural: false,
    titleNoun: "Women's Dress",
    styles: ['Casual Midi', 'Wrap', 'Summer Maxi', 'A-Line', 'Shift', 'Floral'],
    attributes: ['machine washable', 'with pockets', 'sleeveless', 'long sleeve', 'wrinkle free', 'stretch fabric', 'v-neck', 'knee length'],
    options: [
      { kind: 'size', values: SIZES.slice(0, 5) },
      { kind: 'color', values: ['black', 'navy blue', 'dusty pink', 'emerald green', 'wine red', 'ivory'] },
    ],
    price: [22, 70],
  },
  {
    id: 'running-shoes',
    group: 'fashion',
    noun: 'running shoes',
    plural: true,
    titleNoun: 'Running Shoes',
    styles: ['Lightweight Road', 'Trail', 'Cushioned', 'Everyday Training', 'Breathable Knit', 'Speed'],
    attributes: ['lightweight', 'breathable mesh', 'non slip', 'arch support', 'water resistant', 'memory foam', 'wide toe box'],
    options: [
      { kind: 'size', values: ['6', '6.5', '7', '7.5', '8', '8.5', '9', '9.5', '10', '10.5', '11', '12'] },
      { kind: 'color', values: ['black', 'white', 'gray', 'blue', 'red', 'triple black'] },
    ],
    price: [35, 120],
  },
  {
    id: 'hoodie',
    group: 'fashion',
    noun: 'pullover hoodie',
    plural: false,
    titleNoun: 'Pullover Hoodie',
    styles: ['Fleece', 'Heavyweight', 'Classic', 'Oversized', 'Lightweight', 'Zip Pocket'],
    attributes: ['fleece lined', 'machine washable', 'kangaroo pocket', 'drawstring hood', 'relaxed fit', '100% cotton', 'unisex'],
    options: [
      { kind: 'size', values: SIZES.slice(1) },
      { kind: 'color', values: ['black', 'charcoal', 'navy blue', 'forest green', 'maroon', 'oatmeal'] },
    ],
    price: [18, 55],
  },
  // beauty
  {
    id: 'shampoo',
    group: 'beauty',
    noun: 'shampoo',
    plural: false,
    titleNoun: 'Shampoo',
    styles: ['Daily Moisture', 'Volumizing', 'Repair', 'Clarifying', 'Gentle', 'Smoothing'],
    attributes: ['sulfate free', 'paraben free', 'cruelty free', 'for dry hair', 'color safe', 'vegan', 'natural ingredients', 'for curly hair'],
    options: [
      { kind: 'size', values: ['8 oz', '12 oz', '16 oz', '32 oz'] },
      { kind: 'scent', values: ['lavender', 'coconut', 'citrus', 'unscented', 'tea tree', 'rose'] },
    ],
    price: [6, 28],
  },
  {
    id: 'face-moisturizer',
    group: 'beauty',
    noun: 'face moisturizer',
    plural: false,
    titleNoun: 'Face Moisturizer',
    styles: ['Daily', 'Hydrating', 'Oil Control', 'Night Repair', 'Lightweight Gel', 'Barrier'],
    attributes: ['fragrance free', 'oil free', 'spf 30', 'hyaluronic acid', 'for sensitive skin', 'non comedogenic', 'vegan', 'dermatologist tested'],
    options: [{ kind: 'size', values: ['1.7 oz', '2.5 oz', '4 oz'] }],
    price: [9, 45],
  },
  {
    id: 'lipstick',
    group: 'beauty',
    noun: 'lipstick',
    plural: false,
    titleNoun: 'Lipstick',
    styles: ['Matte', 'Satin', 'Creamy', 'Velvet', 'Sheer', 'Bold'],
    attributes: ['long lasting', 'cruelty free', 'vegan', 'moisturizing', 'waterproof', 'transfer proof', 'paraben free'],
    options: [{ kind: 'color', values: ['ruby red', 'nude', 'berry', 'coral', 'rose pink', 'plum', 'mauve'] }],
    price: [5, 26],
  },
  {
    id: 'body-lotion',
    group: 'beauty',
    noun: 'body lotion',
    plural: false,
    titleNoun: 'Body Lotion',
    styles: ['Daily Moisture', 'Intensive Repair', 'Shea Butter', 'Soothing', 'Light', 'Nourishing'],
    attributes: ['fragrance free', 'for dry skin', 'non greasy', 'paraben free', 'cruelty free', 'vegan', 'with aloe vera', 'fast absorbing'],
    options: [
      { kind: 'size', values: ['8 oz', '12 oz', '16 oz'] },
      { kind: 'scent', values: ['lavender', 'coconut', 'vanilla', 'unscented', 'cucumber'] },
    ],
    price: [5, 24],
  },
  // electronics
  {
    id: 'phone-case',
    group: 'electronics',
    noun: 'phone case',
    plural: false,
    titleNoun: 'Phone Case',
    styles: ['Slim Clear', 'Rugged', 'Silicone', 'Leather Wallet', 'Hybrid Armor', 'Magnetic'],
    attributes: ['shockproof', 'wireless charging compatible', 'with kickstand', 'raised edges', 'anti yellowing', 'drop protection', 'slim profile'],
    options: [
      { kind: 'model', values: ['iphone 14', 'iphone 15', 'galaxy s23', 'galaxy s24', 'pixel 8'] },
      { kind: 'color', values: ['black', 'clear', 'navy blue', 'pink', 'purple', 'green'] },
    ],
    price: [7, 30],
  },
  {
    id: 'wireless-earbuds',
    group: 'electronics',
    noun: 'wireless earbuds',
    plural: true,
    titleNoun: 'Wireless Earbuds',
    styles: ['True', 'Sport', 'Compact', 'Pro', 'Open Ear', 'Studio'],
    attributes: ['noise cancelling', 'water resistant', 'bluetooth 5.3', 'long battery life', 'with charging case', 'touch control', 'built in microphone'],
    options: [{ kind: 'color', values: ['black', 'white', 'navy blue', 'gray', 'rose gold'] }],
    price: [18, 90],
  },
  {
    id: 'usb-c-cable',
    group: 'electronics',
    noun: 'usb c cable',
    plural: false,
    titleNoun: 'USB C Cable',
    styles: ['Fast Charging', 'Braided', 'Heavy Duty', 'Right Angle', 'Short', 'Premium'],
    attributes: ['fast charging', 'braided nylon', 'data transfer', '60w power delivery', 'tangle free', 'durable'],
    options: [
      { kind: 'length', values: ['1 ft', '3 ft', '6 ft', '10 ft'] },
      { kind: 'pack', values: ['2 pack', '3 pack', '5 pack'] },
    ],
    price: [6, 22],
  },
  {
    id: 'bluetooth-speaker',
    group: 'electronics',
    noun: 'bluetooth speaker',
    plural: false,
    titleNoun: 'Bluetooth Speaker',
    styles: ['Portable', 'Mini', 'Outdoor', 'Party', 'Shower', 'Rugged'],
    attributes: ['waterproof', 'wireless', 'long battery life', 'deep bass', 'built in microphone', 'dustproof', 'stereo pairing'],
    options: [{ kind: 'color', values: ['black', 'blue', 'red', 'teal', 'gray'] }],
    price: [20, 110],
  },
  // home
  {
    id: 'coffee-mug',
    group: 'home',
    noun: 'coffee mug',
    plural: false,
    titleNoun: 'Coffee Mug',
    styles: ['Classic Ceramic', 'Stoneware', 'Speckled', 'Minimalist', 'Large', 'Travel'],
    attributes: ['dishwasher safe', 'microwave safe', 'lead free', 'insulated', 'with lid', 'large handle', 'stackable'],
    options: [
      { kind: 'size', values: ['12 oz', '16 oz', '20 oz'] },
      { kind: 'color', values: ['white', 'black', 'sage green', 'navy blue', 'terracotta', 'cream'] },
    ],
    price: [8, 32],
  },
  {
    id: 'frying-pan',
    group: 'home',
    noun: 'frying pan',
    plural: false,
    titleNoun: 'Frying Pan',
    styles: ['Nonstick', 'Cast Iron', 'Stainless Steel', 'Ceramic', 'Hard Anodized', 'Deep'],
    attributes: ['nonstick', 'dishwasher safe', 'oven safe', 'induction compatible', 'pfoa free', 'with lid', 'stay cool handle'],
    options: [{ kind: 'size', values: ['8 inch', '10 inch', '12 inch'] }],
    price: [15, 65],
  },
  {
    id: 'bed-sheets',
    group: 'home',
    noun: 'bed sheet set',
    plural: false,
    titleNoun: 'Bed Sheet Set',
    styles: ['Microfiber', 'Percale', 'Sateen', 'Bamboo', 'Linen Blend', 'Jersey'],
    attributes: ['deep pocket', 'wrinkle free', 'breathable', 'machine washable', '100% cotton', 'cooling', 'hypoallergenic'],
    options: [
      { kind: 'size', values: ['twin', 'full', 'queen', 'king'] },
      { kind: 'color', values: ['white', 'gray', 'navy blue', 'sage green', 'ivory', 'blush'] },
    ],
    price: [20, 85],
  },
  {
    id: 'office-chair',
    group: 'home',
    noun: 'office chair',
    plural: false,
    titleNoun: 'Office Chair',
    styles: ['Ergonomic Mesh', 'Executive', 'High Back', 'Task', 'Mid Back', 'Gaming Style'],
    attributes: ['ergonomic', 'lumbar support', 'adjustable height', 'mesh back', 'padded armrests', 'easy assembly', 'swivel'],
    options: [{ kind: 'color', values: ['black', 'gray', 'white', 'blue'] }],
    price: [60, 240],
  },
  // grocery
  {
    id: 'coffee-beans',
    group: 'grocery',
    noun: 'whole bean coffee',
    plural: false,
    titleNoun: 'Whole Bean Coffee',
    styles: ['Colombian', 'Breakfast Blend', 'Espresso', 'House Blend', 'Sumatra', 'French'],
    attributes: ['organic', 'fair trade', 'single origin', 'kosher', 'low acid', 'non gmo'],
    options: [
      { kind: 'roast', values: ['light roast', 'medium roast', 'dark roast'] },
      { kind: 'size', values: ['12 oz', '2 lb', '5 lb'] },
    ],
    price: [8, 40],
  },
  {
    id: 'protein-bars',
    group: 'grocery',
    noun: 'protein bars',
    plural: true,
    titleNoun: 'Protein Bars',
    styles: ['Chewy', 'Crispy', 'Whole Food', 'Baked', 'Plant Based', 'Layered'],
    attributes: ['gluten free', 'high protein', 'low sugar', 'non gmo', 'vegan', 'keto friendly', 'dairy free'],
    options: [
      { kind: 'flavor', values: ['chocolate chip', 'peanut butter', 'almond', 'blueberry', 'salted caramel', 'lemon'] },
      { kind: 'pack', values: ['6 pack', '12 pack', '24 pack'] },
    ],
    price: [10, 45],
  },
  {
    id: 'herbal-tea',
    group: 'grocery',
    noun: 'herbal tea',
    plural: false,
    titleNoun: 'Herbal Tea Bags',
    styles: ['Calming', 'Organic', 'Classic', 'Wellness', 'Bedtime', 'Garden'],
    attributes: ['organic', 'caffeine free', 'non gmo', 'kosher', 'gluten free', 'individually wrapped'],
    options: [
      { kind: 'flavor', values: ['peppermint', 'chamomile', 'ginger lemon', 'hibiscus', 'rooibos', 'lemon balm'] },
      { kind: 'pack', values: ['2 pack', '4 pack', '6 pack'] },
    ],
    price: [4, 24],
  },
  {
    id: 'olive-oil',
    group: 'grocery',
    noun: 'extra virgin olive oil',
    plural: false,
    titleNoun: 'Extra Virgin Olive Oil',
    styles: ['Mediterranean', 'Greek', 'Italian', 'Spanish', 'California', 'Premium'],
    attributes: ['cold pressed', 'organic', 'non gmo', 'kosher', 'first harvest', 'unfiltered'],
    options: [{ kind: 'size', values: ['16.9 oz', '25.4 oz', '33.8 oz', '68 oz'] }],
    price: [8, 38],
  },
];

export function categorySpec(id: string): CategorySpec {
  const c = CATEGORIES.find((x) => x.id === id);
  if (!c) throw new Error(`shop: unknown category "${id}"`);
  return c;
}

/** How an instruction asks for an option value: "size large", "in navy blue", "vanilla scent". */
export function optionPhrase(kind: OptionKind, value: string): string {
  switch (kind) {
    case 'size':
      return `size ${value}`;
    case 'color':
      return `in ${value}`;
    case 'pack':
      return `in a ${value}`;
    case 'flavor':
      return `${value} flavor`;
    case 'scent':
      return value === 'unscented' ? value : `${value} scent`;
    case 'length':
      return `${value} long`;
    case 'model':
      return `for ${value}`;
    case 'roast':
      return value;
  }
}

/** Attributes phrased "for dry hair" or "with lid" follow the noun; the others precede it. */
export function isPostNominal(attribute: string): boolean {
  return /^(?:for|with) /.test(attribute);
}
