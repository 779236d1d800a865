// Greedy problems: sort, then take the locally best choice.

import type { Rng } from '../../../util/rng';
import { int, ints, type Family } from '../family';
import { READ_ARRAY, readInts } from '../python';

const COIN_SYSTEMS = [
  [1, 2, 5, 10, 20, 50, 100, 200],
  [1, 5, 10, 25],
  [1, 3, 9, 27, 81, 243],
  [1, 2, 4, 8, 16, 32, 64],
  [1, 10, 100, 1000],
];

const coinChange: Family<{ coins: number[] }, number> = {
  id: 'coin-change',
  type: 'greedy',
  params: (rng) => ({ coins: rng.pick(COIN_SYSTEMS) }),
  title: () => 'Fewest coins',
  legend: (p) =>
    `Coins of values ${p.coins.join(', ')} are available in unlimited supply. Print the smallest number of coins whose values add up to exactly x. (For these values, always taking the largest coin that fits is optimal.)`,
  input: () => 'Each test case is one line with an integer x (0 ≤ x ≤ 10^12).',
  output: () => 'the number of coins.',
  write: (_p, c) => String(c),
  answer: (p, x) => {
    let count = 0;
    for (const coin of [...p.coins].reverse()) {
      count += Math.floor(x / coin);
      x %= coin;
    }
    return String(count);
  },
  example: (rng) => int(rng, 1, 500),
  random: (rng) => int(rng, 0, 100000),
  edges: () => [0, 1, 2, 3],
  large: (rng) => 1e12 - int(rng, 0, 1000),
  python: (p) => ({
    mode: 'tokens',
    read: readInts(1),
    solve: [
      `COINS = [${[...p.coins].reverse().join(', ')}]`,
      '',
      '',
      'def solve(x):',
      '    count = 0',
      '    for coin in COINS:',
      '        count += x // coin',
      '        x %= coin',
      '    return count',
    ].join('\n'),
  }),
  slowSolve: (p) =>
    [
      `COINS = [${[...p.coins].reverse().join(', ')}]`,
      '',
      '',
      'def solve(x):',
      '    count = 0',
      '    for coin in COINS:',
      '        while x >= coin:',
      '            x -= coin',
      '            count += 1',
      '    return count',
    ].join('\n'),
};

type Interval = [number, number];

const READ_INTERVALS = [
  'n = int(data[pos])',
  'flat = [int(x) for x in data[pos + 1:pos + 1 + 2 * n]]',
  'pos += 1 + 2 * n',
  'answers.append(str(solve(n, list(zip(flat[0::2], flat[1::2])))))',
].join('\n');

function writeIntervals(c: Interval[]): string {
  return [String(c.length), ...c.map(([s, e]) => `${s} ${e}`)].join('\n');
}

/** Intervals whose end points are all distinct, so that touching never arises. */
function distinctIntervals(rng: Rng, n: number, span: number): Interval[] {
  const points = rng.shuffle(Array.from({ length: span }, (_, i) => i + 1)).slice(0, 2 * n);
  return Array.from({ length: n }, (_, i): Interval => {
    const [a, b] = [points[2 * i], points[2 * i + 1]];
    return a < b ? [a, b] : [b, a];
  });
}

function randomIntervals(rng: Rng, n: number, span: number): Interval[] {
  return Array.from({ length: n }, (): Interval => {
    const s = int(rng, 0, span - 1);
    return [s, s + int(rng, 1, Math.max(1, Math.floor(span / 3)))];
  });
}

function sharesEnd(touching: boolean): string {
  return touching
    ? 'A meeting may start exactly when another ends.'
    : 'Meetings include both end points, so two meetings that share an end point overlap.';
}

const meetings: Family<{ touching: boolean }, Interval[]> = {
  id: 'meeting-selection',
  type: 'greedy',
  params: (rng) => ({ touching: rng.chance(0.5) }),
  title: () => 'One meeting room',
  legend: (p) =>
    `Each meeting runs from time s to time e. Choose as many meetings as possible so that no two chosen meetings overlap, and print how many you chose. ${sharesEnd(p.touching)}`,
  input: () => 'Each test case starts with a line with n (0 ≤ n ≤ 30000), then n lines each with s and e (0 ≤ s < e ≤ 10^9).',
  output: () => 'the largest number of meetings.',
  write: (_p, c) => writeIntervals(c),
  answer: (p, c) => {
    let count = 0;
    let last = -1;
    for (const [s, e] of [...c].sort((x, y) => x[1] - y[1])) {
      if (p.touching ? s >= last : s > last) {
        count++;
        last = e;
      }
    }
    return String(count);
  },
  example: (rng) => distinctIntervals(rng, int(rng, 3, 5), 20),
  random: (rng) => randomIntervals(rng, int(rng, 0, 8), 20),
  edges: () => [
    [],
    [
      [1, 2],
      [2, 3],
      [3, 4],
    ],
    [
      [0, 5],
      [5, 10],
    ],
    [[0, 1000000000]],
  ],
  large: () => Array.from({ length: 30000 }, (_, i): Interval => [3 * i, 3 * i + 2]),
  python: (p) => ({
    mode: 'tokens',
    read: READ_INTERVALS,
    solve: [
      'def solve(n, meetings):',
      '    count = 0',
      '    last_end = -1',
      '    for start, end in sorted(meetings, key=lambda m: m[1]):',
      `        if start ${p.touching ? '>=' : '>'} last_end:`,
      '            count += 1',
      '            last_end = end',
      '    return count',
    ].join('\n'),
  }),
  edgeBug: (p) =>
    p.touching
      ? { from: '        if start >= last_end:', to: '        if start > last_end:' }
      : { from: '        if start > last_end:', to: '        if start >= last_end:' },
  slowSolve: (p) =>
    [
      'def solve(n, meetings):',
      '    chosen = []',
      '    for start, end in sorted(meetings, key=lambda m: m[1]):',
      '        free = True',
      '        for other_start, other_end in chosen:',
      `            if start ${p.touching ? '<' : '<='} other_end and other_start ${p.touching ? '<' : '<='} end:`,
      '                free = False',
      '        if free:',
      '            chosen.append((start, end))',
      '    return len(chosen)',
    ].join('\n'),
};

interface CookieCase {
  greed: number[];
  sizes: number[];
}

const cookies: Family<{ strict: boolean }, CookieCase> = {
  id: 'assign-cookies',
  type: 'greedy',
  params: (rng) => ({ strict: rng.chance(0.5) }),
  title: () => 'Cookies for children',
  legend: (p) =>
    `Child i is content with a cookie of size ${p.strict ? 'strictly greater than' : 'at least'} g_i. Each child gets at most one cookie and each cookie goes to at most one child. Print the largest number of content children.`,
  input: () =>
    'Each test case is three lines: n and m (0 ≤ n, m ≤ 30000), then g_1 … g_n, then the cookie sizes s_1 … s_m (1 ≤ g_i, s_j ≤ 10^9).',
  output: () => 'the number of content children.',
  write: (_p, c) => `${c.greed.length} ${c.sizes.length}\n${c.greed.join(' ')}\n${c.sizes.join(' ')}`,
  answer: (p, c) => {
    const g = [...c.greed].sort((a, b) => a - b);
    let fed = 0;
    for (const s of [...c.sizes].sort((a, b) => a - b)) if (fed < g.length && (p.strict ? s > g[fed] : s >= g[fed])) fed++;
    return String(fed);
  },
  example: (rng) => ({ greed: ints(rng, int(rng, 2, 5), 1, 9), sizes: ints(rng, int(rng, 2, 5), 1, 9) }),
  random: (rng) => ({ greed: ints(rng, int(rng, 0, 8), 1, 20), sizes: ints(rng, int(rng, 0, 8), 1, 20) }),
  edges: () => [
    { greed: [], sizes: [3] },
    { greed: [3], sizes: [] },
    { greed: [5], sizes: [5] },
  ],
  large: (rng) => ({ greed: ints(rng, 30000, 1, 1000), sizes: ints(rng, 30000, 1001, 2000) }),
  python: (p) => ({
    mode: 'tokens',
    read: [
      'n, m = int(data[pos]), int(data[pos + 1])',
      'greed = [int(x) for x in data[pos + 2:pos + 2 + n]]',
      'sizes = [int(x) for x in data[pos + 2 + n:pos + 2 + n + m]]',
      'pos += 2 + n + m',
      'answers.append(str(solve(greed, sizes)))',
    ].join('\n'),
    solve: [
      'def solve(greed, sizes):',
      '    greed = sorted(greed)',
      '    fed = 0',
      '    for size in sorted(sizes):',
      `        if fed < len(greed) and size ${p.strict ? '>' : '>='} greed[fed]:`,
      '            fed += 1',
      '    return fed',
    ].join('\n'),
  }),
  slowSolve: (p) =>
    [
      'def solve(greed, sizes):',
      '    sizes = sorted(sizes)',
      '    used = [False] * len(sizes)',
      '    fed = 0',
      '    for g in sorted(greed):',
      '        for j in range(len(sizes)):',
      `            if not used[j] and sizes[j] ${p.strict ? '>' : '>='} g:`,
      '                used[j] = True',
      '                fed += 1',
      '                break',
      '    return fed',
    ].join('\n'),
};

const rooms: Family<{ reuse: boolean }, Interval[]> = {
  id: 'meeting-rooms',
  type: 'greedy',
  params: (rng) => ({ reuse: rng.chance(0.5) }),
  title: () => 'How many rooms',
  legend: (p) =>
    `Each meeting runs from time s to time e and needs a room for the whole time. Print the smallest number of rooms that can host all meetings. ${p.reuse ? 'A room freed at time t can host a meeting starting at time t.' : 'Meetings include both end points: a room freed at time t cannot host a meeting starting at time t.'}`,
  input: () => 'Each test case starts with a line with n (0 ≤ n ≤ 30000), then n lines each with s and e (0 ≤ s < e ≤ 10^9).',
  output: () => 'the number of rooms.',
  write: (_p, c) => writeIntervals(c),
  answer: (p, c) => {
    // Ends before starts at equal times when rooms are reused, starts first otherwise.
    const [START, END] = p.reuse ? [1, 0] : [0, 1];
    const events = [...c.map(([s]) => [s, START]), ...c.map(([, e]) => [e, END])].sort((x, y) => x[0] - y[0] || x[1] - y[1]);
    let open = 0;
    let best = 0;
    for (const [, kind] of events) {
      open += kind === START ? 1 : -1;
      best = Math.max(best, open);
    }
    return String(best);
  },
  example: (rng) => distinctIntervals(rng, int(rng, 3, 5), 20),
  random: (rng) => randomIntervals(rng, int(rng, 0, 8), 20),
  edges: () => [
    [],
    [
      [1, 2],
      [2, 3],
    ],
    [
      [0, 5],
      [5, 10],
      [5, 7],
    ],
    [[3, 4]],
  ],
  large: (rng) => randomIntervals(rng, 20000, 1000000),
  python: (p) => ({
    mode: 'tokens',
    read: READ_INTERVALS,
    solve: [
      `START = ${p.reuse ? 1 : 0}`,
      `END = ${p.reuse ? 0 : 1}`,
      '',
      '',
      'def solve(n, meetings):',
      '    events = sorted([(start, START) for start, end in meetings] + [(end, END) for start, end in meetings])',
      '    rooms = 0',
      '    best = 0',
      '    for time, kind in events:',
      '        rooms += 1 if kind == START else -1',
      '        best = max(best, rooms)',
      '    return best',
    ].join('\n'),
  }),
  edgeBug: (p) => ({
    from: `START = ${p.reuse ? 1 : 0}\nEND = ${p.reuse ? 0 : 1}\n`,
    to: `START = ${p.reuse ? 0 : 1}\nEND = ${p.reuse ? 1 : 0}\n`,
  }),
  slowSolve: (p) =>
    [
      'def solve(n, meetings):',
      '    best = 0',
      '    for start, end in meetings:',
      '        active = 0',
      '        for other_start, other_end in meetings:',
      `            if other_start <= start ${p.reuse ? '<' : '<='} other_end:`,
      '                active += 1',
      '        best = max(best, active)',
      '    return best',
    ].join('\n'),
};

function compareConcat(x: string, y: string): number {
  return x + y > y + x ? -1 : x + y < y + x ? 1 : 0;
}

const largestNumber: Family<{ maxValue: number }, number[]> = {
  id: 'largest-concatenation',
  type: 'greedy',
  params: (rng) => ({ maxValue: rng.pick([99, 1000, 100000]) }),
  title: () => 'Largest concatenation',
  legend: () =>
    'Arrange the numbers in some order and write them one after another to form one big number. Print the largest number you can form, without leading zeros.',
  input: (p) => `Each test case is two lines: n (1 ≤ n ≤ 30000), then the n integers (0 ≤ a_i ≤ ${p.maxValue}).`,
  output: () => 'the largest number on its own line.',
  write: (_p, c) => `${c.length}\n${c.join(' ')}`,
  answer: (_p, c) => {
    const s = c.map(String).sort(compareConcat).join('');
    return s.replace(/^0+/, '') || '0';
  },
  example: (rng, p) => {
    const a = ints(rng, int(rng, 3, 6), 0, Math.min(p.maxValue, 99));
    a[0] = int(rng, 1, 9);
    return a;
  },
  random: (rng, p) => ints(rng, int(rng, 1, 8), 0, p.maxValue),
  edges: () => [[0], [0, 0, 0], [10, 2], [0, 1]],
  large: (rng, p) => ints(rng, 12000, 0, p.maxValue),
  python: () => ({
    mode: 'tokens',
    imports: ['from functools import cmp_to_key'],
    read: READ_ARRAY,
    solve: [
      'def compare(x, y):',
      '    if x + y > y + x:',
      '        return -1',
      '    return 1 if x + y < y + x else 0',
      '',
      '',
      'def solve(n, a):',
      '    parts = sorted((str(x) for x in a), key=cmp_to_key(compare))',
      '    return "".join(parts).lstrip("0") or "0"',
    ].join('\n'),
  }),
  edgeBug: () => ({ from: '    return "".join(parts).lstrip("0") or "0"', to: '    return "".join(parts)' }),
  slowSolve: () =>
    [
      'def solve(n, a):',
      '    parts = [str(x) for x in a]',
      '    out = []',
      '    while parts:',
      '        best = 0',
      '        for i in range(1, len(parts)):',
      '            if parts[i] + parts[best] > parts[best] + parts[i]:',
      '                best = i',
      '        out.append(parts.pop(best))',
      '    return "".join(out).lstrip("0") or "0"',
    ].join('\n'),
};

const jumps: Family<{ impossible: string }, number[]> = {
  id: 'jump-game',
  type: 'greedy',
  params: (rng) => ({ impossible: rng.pick(['-1', 'IMPOSSIBLE']) }),
  title: () => 'Fewest jumps',
  legend: (p) =>
    `You stand on cell 1 of a row of n cells. From cell i you may jump forward to any of the cells i + 1 … i + a_i. Print the smallest number of jumps that reach cell n, or ${p.impossible} if it cannot be reached.`,
  input: () => 'Each test case is two lines: n (1 ≤ n ≤ 30000), then a_1 … a_n (0 ≤ a_i ≤ 30000).',
  output: (p) => `the number of jumps or ${p.impossible}.`,
  write: (_p, c) => `${c.length}\n${c.join(' ')}`,
  answer: (p, a) => {
    // Breadth-first over reach: after k jumps every cell up to `end` is reachable.
    const n = a.length;
    let jumpsMade = 0;
    let end = 0;
    let far = 0;
    for (let i = 0; i < n - 1; i++) {
      if (i > far) return p.impossible;
      far = Math.max(far, i + a[i]);
      if (i === end) {
        jumpsMade++;
        end = far;
      }
    }
    return far >= n - 1 ? String(jumpsMade) : p.impossible;
  },
  example: (rng) => ints(rng, int(rng, 3, 7), 0, 3),
  random: (rng) => ints(rng, int(rng, 1, 12), 0, 4),
  edges: () => [[0], [5], [0, 1], [1, 0, 1], [2, 0, 0]],
  large: () => Array.from({ length: 30000 }, () => 30000),
  python: (p) => ({
    mode: 'tokens',
    read: READ_ARRAY,
    solve: [
      'def solve(n, a):',
      '    jumps = 0',
      '    end = 0',
      '    far = 0',
      '    for i in range(n - 1):',
      '        if i > far:',
      `            return "${p.impossible}"`,
      '        far = max(far, i + a[i])',
      '        if i == end:',
      '            jumps += 1',
      '            end = far',
      `    return str(jumps) if far >= n - 1 else "${p.impossible}"`,
    ].join('\n'),
  }),
  slowSolve: (p) =>
    [
      'def solve(n, a):',
      '    best = [-1] * n',
      '    best[0] = 0',
      '    for i in range(n):',
      '        if best[i] < 0:',
      '            continue',
      '        for j in range(i + 1, min(n, i + a[i] + 1)):',
      '            if best[j] < 0 or best[i] + 1 < best[j]:',
      '                best[j] = best[i] + 1',
      `    return str(best[n - 1]) if best[n - 1] >= 0 else "${p.impossible}"`,
    ].join('\n'),
};

interface BoatCase {
  limit: number;
  weights: number[];
}

function boats(c: BoatCase, strictLoop: boolean): number {
  const w = [...c.weights].sort((a, b) => a - b);
  let light = 0;
  let heavy = w.length - 1;
  let count = 0;
  while (strictLoop ? light < heavy : light <= heavy) {
    if (w[light] + w[heavy] <= c.limit) light++;
    heavy--;
    count++;
  }
  return count;
}

const boatRescue: Family<{ maxLimit: number }, BoatCase> = {
  id: 'boats',
  type: 'greedy',
  params: (rng) => ({ maxLimit: rng.pick([100, 1000000000]) }),
  title: () => 'Rescue boats',
  legend: () =>
    'Each boat carries at most two people whose total weight is at most the limit. Every person weighs at most the limit. Print the smallest number of boats that carry everyone.',
  input: (p) =>
    `Each test case is two lines: n and the limit (1 ≤ n ≤ 30000, 1 ≤ limit ≤ ${p.maxLimit === 100 ? '100' : '10^9'}), then the n weights.`,
  output: () => 'the number of boats.',
  write: (_p, c) => `${c.weights.length} ${c.limit}\n${c.weights.join(' ')}`,
  answer: (_p, c) => String(boats(c, false)),
  // Examples where the two-pointer loop never ends on a lone middle person.
  example: (rng, p) => {
    const limit = int(rng, 6, Math.min(p.maxLimit, 12));
    for (let attempt = 0; attempt < 100; attempt++) {
      const c = { limit, weights: ints(rng, int(rng, 3, 6), 1, limit) };
      if (boats(c, true) === boats(c, false)) return c;
    }
    return { limit, weights: [1, limit - 1, 2, limit - 2] };
  },
  random: (rng, p) => {
    const limit = int(rng, 1, p.maxLimit);
    return { limit, weights: ints(rng, int(rng, 1, 10), 1, limit) };
  },
  edges: () => [
    { limit: 5, weights: [5] },
    { limit: 10, weights: [3, 5, 7] },
    { limit: 4, weights: [2, 2, 2] },
  ],
  large: (rng, p) => ({ limit: p.maxLimit, weights: ints(rng, 30000, 1, Math.floor(p.maxLimit / 2)) }),
  python: () => ({
    mode: 'tokens',
    read: [
      'n, limit = int(data[pos]), int(data[pos + 1])',
      'weights = [int(x) for x in data[pos + 2:pos + 2 + n]]',
      'pos += 2 + n',
      'answers.append(str(solve(limit, weights)))',
    ].join('\n'),
    solve: [
      'def solve(limit, weights):',
      '    weights = sorted(weights)',
      '    light = 0',
      '    heavy = len(weights) - 1',
      '    boats = 0',
      '    while light <= heavy:',
      '        if weights[light] + weights[heavy] <= limit:',
      '            light += 1',
      '        heavy -= 1',
      '        boats += 1',
      '    return boats',
    ].join('\n'),
  }),
  edgeBug: () => ({ from: '    while light <= heavy:', to: '    while light < heavy:' }),
  slowSolve: () =>
    [
      'def solve(limit, weights):',
      '    weights = sorted(weights, reverse=True)',
      '    taken = [False] * len(weights)',
      '    boats = 0',
      '    for i in range(len(weights)):',
      '        if taken[i]:',
      '            continue',
      '        taken[i] = True',
      '        boats += 1',
      '        partner = -1',
      '        for j in range(i + 1, len(weights)):',
      '            if not taken[j] and weights[i] + weights[j] <= limit:',
      '                partner = j',
      '        if partner >= 0:',
      '            taken[partner] = True',
      '    return boats',
    ].join('\n'),
};

const stockProfit: Family<{ short: boolean }, number[]> = {
  id: 'stock-profit',
  type: 'greedy',
  params: (rng) => ({ short: rng.chance(0.5) }),
  title: (p) => (p.short ? 'Sell high, buy back low' : 'Buy low, sell high'),
  legend: (p) =>
    p.short
      ? 'You know the price of a share on each of n days. You may sell one share on some day and buy it back on a later day. Print the largest profit you can make, or 0 if no trade makes a profit.'
      : 'You know the price of a share on each of n days. You may buy one share on some day and sell it on a later day. Print the largest profit you can make, or 0 if no trade makes a profit.',
  input: () => 'Each test case is two lines: n (1 ≤ n ≤ 30000), then the n prices (1 ≤ p_i ≤ 10^9).',
  output: () => 'the largest profit.',
  write: (_p, c) => `${c.length}\n${c.join(' ')}`,
  answer: (p, prices) => {
    let best = 0;
    let extreme = prices[0];
    for (const x of prices.slice(1)) {
      best = Math.max(best, p.short ? extreme - x : x - extreme);
      extreme = p.short ? Math.max(extreme, x) : Math.min(extreme, x);
    }
    return String(best);
  },
  // At least two days and a profitable trade, so that starting from the first pair looks right.
  example: (rng, p) => {
    const a = ints(rng, int(rng, 4, 8), 1, 20);
    const i = int(rng, 0, a.length - 2);
    const j = int(rng, i + 1, a.length - 1);
    [a[i], a[j]] = p.short ? [25, 2] : [2, 25];
    return a;
  },
  random: (rng) => ints(rng, int(rng, 1, 12), 1, 1e9),
  edges: () => [[7], [5, 4, 3, 2, 1], [1, 2, 3, 4, 5], [3, 3]],
  large: (rng) => ints(rng, 30000, 1, 1e9),
  python: (p) => ({
    mode: 'tokens',
    read: READ_ARRAY,
    solve: [
      'def solve(n, prices):',
      '    best = 0',
      `    ${p.short ? 'high' : 'low'} = prices[0]`,
      '    for price in prices[1:]:',
      `        best = max(best, ${p.short ? 'high - price' : 'price - low'})`,
      `        ${p.short ? 'high = max(high, price)' : 'low = min(low, price)'}`,
      '    return best',
    ].join('\n'),
  }),
  edgeBug: (p) => ({ from: '    best = 0\n', to: `    best = ${p.short ? 'prices[0] - prices[1]' : 'prices[1] - prices[0]'}\n` }),
  slowSolve: (p) =>
    [
      'def solve(n, prices):',
      '    best = 0',
      '    for i in range(n):',
      '        for j in range(i + 1, n):',
      `            best = max(best, ${p.short ? 'prices[i] - prices[j]' : 'prices[j] - prices[i]'})`,
      '    return best',
    ].join('\n'),
};

export const GREEDY_FAMILIES = [coinChange, meetings, cookies, rooms, largestNumber, jumps, boatRescue, stockProfit];
