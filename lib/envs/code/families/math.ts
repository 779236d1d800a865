// Number problems. Values beyond 2^53 are computed with BigInt.

import type { Rng } from '../../../util/rng';
import { int, ints, type Family } from '../family';
import { READ_ARRAY, readInts } from '../python';

function bigBelow(rng: Rng, digits: number): bigint {
  let s = String(int(rng, 1, 9));
  for (let i = 1; i < digits; i++) s += String(rng.int(10));
  return BigInt(s);
}

const digits: Family<{ base: number; op: 'sum' | 'count' }, bigint> = {
  id: 'digits',
  type: 'math',
  params: (rng) => ({ base: rng.pick([2, 3, 7, 8, 10, 16]), op: rng.pick(['sum', 'count'] as const) }),
  title: (p) => (p.op === 'sum' ? `Digit sum in base ${p.base}` : `Digit count in base ${p.base}`),
  legend: (p) =>
    p.op === 'sum'
      ? `Write n in base ${p.base} and add up its digits (as numbers). Print the sum in decimal.`
      : `Print how many digits n has when written in base ${p.base} without leading zeros (zero is written as a single digit).`,
  input: () => 'Each test case is one line with an integer n (0 ≤ n ≤ 10^18).',
  output: () => 'the answer on its own line.',
  write: (_p, c) => String(c),
  answer: (p, c) => {
    const b = BigInt(p.base);
    let n = c;
    let sum = 0n;
    let count = 0;
    while (n > 0n) {
      sum += n % b;
      n /= b;
      count++;
    }
    return String(p.op === 'sum' ? sum : Math.max(count, 1));
  },
  example: (rng) => BigInt(int(rng, 1, 100000)),
  random: (rng) => (rng.chance(0.1) ? 0n : bigBelow(rng, int(rng, 1, 18))),
  edges: (p) => [0n, 1n, BigInt(p.base - 1), BigInt(p.base), 10n ** 18n],
  python: (p) => ({
    mode: 'tokens',
    read: readInts(1),
    solve: [
      `BASE = ${p.base}`,
      '',
      '',
      ...(p.op === 'sum'
        ? ['def solve(n):', '    total = 0', '    while n > 0:', '        total += n % BASE', '        n //= BASE', '    return total']
        : [
            'def solve(n):',
            '    if n == 0:',
            '        return 1',
            '    count = 0',
            '    while n > 0:',
            '        count += 1',
            '        n //= BASE',
            '    return count',
          ]),
    ].join('\n'),
  }),
  edgeBug: (p) => (p.op === 'count' ? { from: '    if n == 0:\n        return 1\n', to: '' } : null),
};

function gcd(a: bigint, b: bigint): bigint {
  while (b) [a, b] = [b, a % b];
  return a;
}

const gcdLcm: Family<{ op: 'gcd' | 'lcm' }, [number, number]> = {
  id: 'gcd-lcm',
  type: 'math',
  params: (rng) => ({ op: rng.pick(['gcd', 'lcm'] as const) }),
  title: (p) => (p.op === 'gcd' ? 'Greatest common divisor' : 'Least common multiple'),
  legend: (p) =>
    p.op === 'gcd'
      ? 'Print the greatest common divisor of a and b. By convention gcd(a, 0) = a and gcd(0, 0) = 0.'
      : 'Print the least common multiple of a and b: the smallest non-negative integer divisible by both. By convention it is 0 when a or b is 0.',
  input: () => 'Each test case is one line with two integers a and b (0 ≤ a, b ≤ 10^9).',
  output: () => 'the answer on its own line.',
  write: (_p, c) => c.join(' '),
  answer: (p, [a, b]) => {
    const g = gcd(BigInt(a), BigInt(b));
    if (p.op === 'gcd') return String(g);
    return a === 0 || b === 0 ? '0' : String((BigInt(a) / g) * BigInt(b));
  },
  example: (rng) => {
    const g = int(rng, 1, 12);
    return [g * int(rng, 1, 40), g * int(rng, 1, 40)];
  },
  random: (rng) => [rng.chance(0.1) ? 0 : int(rng, 1, 1e9), int(rng, 1, 1e9)],
  edges: () => [
    [0, 0],
    [0, 7],
    [7, 0],
    [1, 1],
    [1000000000, 999999999],
  ],
  python: (p) => ({
    mode: 'tokens',
    imports: ['import math'],
    read: readInts(2),
    solve:
      p.op === 'gcd'
        ? 'def solve(a, b):\n    return math.gcd(a, b)'
        : ['def solve(a, b):', '    if a == 0 or b == 0:', '        return 0', '    return a // math.gcd(a, b) * b'].join('\n'),
  }),
  edgeBug: (p) => (p.op === 'lcm' ? { from: '    if a == 0 or b == 0:\n        return 0\n', to: '' } : null),
};

interface PairCase {
  k: number;
  a: number[];
}

const pairsDivisible: Family<{ maxValue: number }, PairCase> = {
  id: 'pairs-divisible',
  type: 'math',
  params: (rng) => ({ maxValue: rng.pick([100, 1000000000]) }),
  title: () => 'Pairs divisible by k',
  legend: () => 'Count the pairs of indices i < j such that a_i + a_j is divisible by k.',
  input: (p) =>
    `Each test case is two lines: n and k (0 ≤ n ≤ 30000, 1 ≤ k ≤ 1000), then the n integers a_1 … a_n (0 ≤ a_i ≤ ${p.maxValue === 100 ? '100' : '10^9'}).`,
  output: () => 'the number of pairs.',
  write: (_p, c) => `${c.a.length} ${c.k}\n${c.a.join(' ')}`,
  answer: (_p, c) => {
    const counts = new Array(c.k).fill(0);
    for (const x of c.a) counts[x % c.k]++;
    let total = (counts[0] * (counts[0] - 1)) / 2;
    for (let r = 1; r < c.k - r; r++) total += counts[r] * counts[c.k - r];
    if (c.k % 2 === 0) total += (counts[c.k / 2] * (counts[c.k / 2] - 1)) / 2;
    return String(total);
  },
  // Odd k in the examples: the middle residue k/2 only exists for even k.
  example: (rng, p) => {
    const k = 2 * int(rng, 1, 4) + 1;
    return { k, a: ints(rng, int(rng, 3, 7), 0, Math.min(p.maxValue, 30)) };
  },
  random: (rng, p) => ({ k: int(rng, 1, 12), a: ints(rng, int(rng, 0, 10), 0, p.maxValue) }),
  edges: () => [
    { k: 2, a: [1, 3, 5, 2] },
    { k: 4, a: [2, 6, 10] },
    { k: 1, a: [5] },
    { k: 3, a: [] },
  ],
  large: (rng, p) => ({ k: int(rng, 500, 1000), a: ints(rng, 30000, 0, p.maxValue) }),
  python: () => ({
    mode: 'tokens',
    read: [
      'n, k = int(data[pos]), int(data[pos + 1])',
      'a = [int(x) for x in data[pos + 2:pos + 2 + n]]',
      'pos += 2 + n',
      'answers.append(str(solve(n, k, a)))',
    ].join('\n'),
    solve: [
      'def solve(n, k, a):',
      '    counts = [0] * k',
      '    for x in a:',
      '        counts[x % k] += 1',
      '    total = counts[0] * (counts[0] - 1) // 2',
      '    for r in range(1, (k + 1) // 2):',
      '        total += counts[r] * counts[k - r]',
      '    if k % 2 == 0:',
      '        total += counts[k // 2] * (counts[k // 2] - 1) // 2',
      '    return total',
    ].join('\n'),
  }),
  edgeBug: () => ({ from: '    if k % 2 == 0:\n        total += counts[k // 2] * (counts[k // 2] - 1) // 2\n', to: '' }),
  slowSolve: () =>
    [
      'def solve(n, k, a):',
      '    total = 0',
      '    for i in range(n):',
      '        for j in range(i + 1, n):',
      '            if (a[i] + a[j]) % k == 0:',
      '                total += 1',
      '    return total',
    ].join('\n'),
};

interface RangeCase {
  a: number[];
  queries: [number, number][];
}

const rangeQueries: Family<{ op: 'sum' | 'xor' }, RangeCase> = {
  id: 'range-queries',
  type: 'math',
  params: (rng) => ({ op: rng.pick(['sum', 'xor'] as const) }),
  title: (p) => (p.op === 'sum' ? 'Range sums' : 'Range XOR'),
  legend: (p) =>
    `Answer q queries on an array: for each query l r, print the ${p.op === 'sum' ? 'sum' : 'bitwise XOR'} of a_l, a_(l+1), …, a_r.`,
  input: (p) =>
    `Each test case starts with a line with n and q (1 ≤ n, q ≤ 30000), then a line with a_1 … a_n (${p.op === 'sum' ? '|a_i| ≤ 10^9' : '0 ≤ a_i < 2^30'}), then q lines each with l and r (1 ≤ l ≤ r ≤ n).`,
  output: () => 'the q answers on one line, separated by single spaces.',
  write: (_p, c) => [`${c.a.length} ${c.queries.length}`, c.a.join(' '), ...c.queries.map(([l, r]) => `${l} ${r}`)].join('\n'),
  answer: (p, c) => {
    const prefix = [0];
    for (const x of c.a) prefix.push(p.op === 'sum' ? prefix[prefix.length - 1] + x : prefix[prefix.length - 1] ^ x);
    return c.queries.map(([l, r]) => (p.op === 'sum' ? prefix[r] - prefix[l - 1] : prefix[r] ^ prefix[l - 1])).join(' ');
  },
  example: (rng, p) => rangeCase(rng, p.op, int(rng, 3, 6), int(rng, 2, 3), 20),
  random: (rng, p) => rangeCase(rng, p.op, int(rng, 1, 12), int(rng, 1, 6), 1e9),
  edges: (p) => [
    { a: [p.op === 'sum' ? -5 : 5], queries: [[1, 1]] },
    { a: [1, 2], queries: [[1, 2], [2, 2], [1, 1]] },
  ],
  large: (rng, p) => {
    const n = 30000;
    const a = p.op === 'sum' ? ints(rng, n, -1e9, 1e9) : ints(rng, n, 0, 2 ** 30 - 1);
    const queries = Array.from({ length: 30000 }, (): [number, number] => [int(rng, 1, 1000), int(rng, n - 1000, n)]);
    return { a, queries };
  },
  python: (p) => ({
    mode: 'tokens',
    read: [
      'n, q = int(data[pos]), int(data[pos + 1])',
      'a = [int(x) for x in data[pos + 2:pos + 2 + n]]',
      'flat = [int(x) for x in data[pos + 2 + n:pos + 2 + n + 2 * q]]',
      'pos += 2 + n + 2 * q',
      'answers.append(solve(n, a, list(zip(flat[0::2], flat[1::2]))))',
    ].join('\n'),
    solve: [
      'def solve(n, a, queries):',
      '    prefix = [0] * (n + 1)',
      '    for i, x in enumerate(a):',
      `        prefix[i + 1] = prefix[i] ${p.op === 'sum' ? '+' : '^'} x`,
      `    return " ".join(str(prefix[r] ${p.op === 'sum' ? '-' : '^'} prefix[l - 1]) for l, r in queries)`,
    ].join('\n'),
  }),
  slowSolve: (p) =>
    [
      'def solve(n, a, queries):',
      '    out = []',
      '    for l, r in queries:',
      '        total = 0',
      '        for j in range(l - 1, r):',
      `            total ${p.op === 'sum' ? '+=' : '^='} a[j]`,
      '        out.append(str(total))',
      '    return " ".join(out)',
    ].join('\n'),
};

function rangeCase(rng: Rng, op: 'sum' | 'xor', n: number, q: number, maxAbs: number): RangeCase {
  const a = op === 'sum' ? ints(rng, n, -maxAbs, maxAbs) : ints(rng, n, 0, Math.min(maxAbs, 2 ** 30 - 1));
  const queries = Array.from({ length: q }, (): [number, number] => {
    const l = int(rng, 1, n);
    return [l, int(rng, l, n)];
  });
  return { a, queries };
}

function isSquare(n: number): boolean {
  const r = Math.round(Math.sqrt(n));
  return r * r === n;
}

const divisors: Family<{ op: 'count' | 'sum' }, number> = {
  id: 'divisors',
  type: 'math',
  params: (rng) => ({ op: rng.pick(['count', 'sum'] as const) }),
  title: (p) => (p.op === 'count' ? 'Number of divisors' : 'Sum of divisors'),
  legend: (p) => `Print the ${p.op === 'count' ? 'number' : 'sum'} of the positive divisors of n (1 and n included).`,
  input: () => 'Each test case is one line with an integer n (1 ≤ n ≤ 10^9).',
  output: () => 'the answer on its own line.',
  write: (_p, c) => String(c),
  answer: (p, n) => {
    let count = 0;
    let sum = 0;
    for (let d = 1; d * d <= n; d++) {
      if (n % d) continue;
      const other = n / d;
      count += d === other ? 1 : 2;
      sum += d === other ? d : d + other;
    }
    return String(p.op === 'count' ? count : sum);
  },
  // Perfect squares (1 included) have an unpaired divisor; the examples avoid them.
  example: (rng) => {
    let n = int(rng, 2, 2000);
    while (isSquare(n)) n++;
    return n;
  },
  random: (rng) => (rng.chance(0.2) ? int(rng, 1, 31622) ** 2 : int(rng, 1, 1e9)),
  edges: () => [1, 4, 36, 999950884, 735134400],
  python: (p) => ({
    mode: 'tokens',
    imports: ['import math'],
    read: readInts(1),
    solve:
      p.op === 'count'
        ? [
            'def solve(n):',
            '    count = 0',
            '    for d in range(1, math.isqrt(n) + 1):',
            '        if n % d == 0:',
            '            count += 1 if d * d == n else 2',
            '    return count',
          ].join('\n')
        : [
            'def solve(n):',
            '    total = 0',
            '    for d in range(1, math.isqrt(n) + 1):',
            '        if n % d == 0:',
            '            total += d if d * d == n else d + n // d',
            '    return total',
          ].join('\n'),
  }),
  edgeBug: (p) =>
    p.op === 'count'
      ? { from: 'count += 1 if d * d == n else 2', to: 'count += 2' }
      : { from: 'total += d if d * d == n else d + n // d', to: 'total += d + n // d' },
};

const maxSubarray: Family<{ kind: 'max' | 'min' }, number[]> = {
  id: 'best-subarray',
  type: 'math',
  params: (rng) => ({ kind: rng.pick(['max', 'min'] as const) }),
  title: (p) => (p.kind === 'max' ? 'Maximum subarray sum' : 'Minimum subarray sum'),
  legend: (p) => `Print the ${p.kind === 'max' ? 'largest' : 'smallest'} sum of a non-empty contiguous block of the array.`,
  input: () => 'Each test case is two lines: n (1 ≤ n ≤ 30000), then the n integers a_1 … a_n (|a_i| ≤ 10^4).',
  output: () => 'the sum on its own line.',
  write: (_p, c) => `${c.length}\n${c.join(' ')}`,
  answer: (p, a) => {
    const sign = p.kind === 'max' ? 1 : -1;
    let best = -Infinity;
    let cur = 0;
    for (const x of a) {
      cur = Math.max(sign * x, cur + sign * x);
      best = Math.max(best, cur);
    }
    return String(sign * best);
  },
  // Examples always contain a number of the sign the answer favours.
  example: (rng, p) => {
    const a = ints(rng, int(rng, 4, 8), -9, 9);
    a[rng.int(a.length)] = p.kind === 'max' ? int(rng, 1, 9) : -int(rng, 1, 9);
    return a;
  },
  random: (rng) => ints(rng, int(rng, 1, 12), -10000, 10000),
  edges: (p) => (p.kind === 'max' ? [[-5], [-3, -1, -2], [7], [0, -1]] : [[5], [3, 1, 2], [-7], [0, 1]]),
  large: (rng) => ints(rng, 30000, -10000, 10000),
  python: (p) => ({
    mode: 'tokens',
    read: READ_ARRAY,
    solve: [
      'def solve(n, a):',
      `    best = ${p.kind === 'max' ? '-10 ** 18' : '10 ** 18'}`,
      '    current = 0',
      '    for x in a:',
      `        current = ${p.kind}(x, current + x)`,
      `        best = ${p.kind}(best, current)`,
      '    return best',
    ].join('\n'),
  }),
  edgeBug: (p) => ({ from: `    best = ${p.kind === 'max' ? '-10 ** 18' : '10 ** 18'}\n`, to: '    best = 0\n' }),
  slowSolve: (p) =>
    [
      'def solve(n, a):',
      `    best = ${p.kind === 'max' ? '-10 ** 18' : '10 ** 18'}`,
      '    for i in range(n):',
      '        total = 0',
      '        for j in range(i, n):',
      '            total += a[j]',
      `            best = ${p.kind}(best, total)`,
      '    return best',
    ].join('\n'),
};

function powMod(a: bigint, b: bigint, m: bigint): bigint {
  let result = 1n % m;
  a %= m;
  while (b > 0n) {
    if (b & 1n) result = (result * a) % m;
    a = (a * a) % m;
    b >>= 1n;
  }
  return result;
}

const powerMod: Family<{ bigExponent: boolean }, [number, bigint, number]> = {
  id: 'power-mod',
  type: 'math',
  params: (rng) => ({ bigExponent: rng.chance(0.5) }),
  title: () => 'Modular power',
  legend: () => 'Print a^b mod m, the remainder of a to the power b divided by m. By convention a^0 = 1 (also for a = 0).',
  input: (p) => `Each test case is one line with a, b and m (0 ≤ a ≤ 10^9, 0 ≤ b ≤ ${p.bigExponent ? '10^18' : '10^9'}, 1 ≤ m ≤ 10^9).`,
  output: () => 'the remainder on its own line.',
  write: (_p, c) => c.join(' '),
  answer: (_p, [a, b, m]) => String(powMod(BigInt(a), b, BigInt(m))),
  // m = 1 and b = 0 together are the edge: 1 mod 1 is 0.
  example: (rng) => [int(rng, 2, 20), BigInt(int(rng, 1, 30)), int(rng, 2, 1000)],
  random: (rng, p) => [
    int(rng, 0, 1e9),
    p.bigExponent ? bigBelow(rng, int(rng, 1, 18)) : BigInt(int(rng, 0, 1e9)),
    rng.chance(0.1) ? 1 : int(rng, 1, 1e9),
  ],
  edges: () => [
    [5, 0n, 1],
    [0, 0n, 7],
    [0, 5n, 7],
    [123, 0n, 1000000000],
    [1000000000, 1000000000n, 1],
  ],
  python: () => ({
    mode: 'tokens',
    read: readInts(3),
    solve: [
      'def solve(a, b, m):',
      '    result = 1 % m',
      '    a %= m',
      '    while b > 0:',
      '        if b % 2 == 1:',
      '            result = result * a % m',
      '        a = a * a % m',
      '        b //= 2',
      '    return result',
    ].join('\n'),
  }),
  edgeBug: () => ({ from: '    result = 1 % m\n', to: '    result = 1\n' }),
};

function primeSieve(r: number): Uint8Array {
  const sieve = new Uint8Array(r + 1).fill(1);
  sieve[0] = 0;
  if (r >= 1) sieve[1] = 0;
  for (let i = 2; i * i <= r; i++) if (sieve[i]) for (let j = i * i; j <= r; j += i) sieve[j] = 0;
  return sieve;
}

const primesInRange: Family<{ op: 'count' | 'sum' }, [number, number]> = {
  id: 'primes-in-range',
  type: 'math',
  params: (rng) => ({ op: rng.pick(['count', 'sum'] as const) }),
  title: (p) => (p.op === 'count' ? 'Counting primes' : 'Summing primes'),
  legend: (p) => `Print the ${p.op === 'count' ? 'number' : 'sum'} of the prime numbers p with l ≤ p ≤ r.`,
  input: () => 'Each test case is one line with l and r (1 ≤ l ≤ r ≤ 10^6).',
  output: () => 'the answer on its own line.',
  write: (_p, c) => c.join(' '),
  answer: (p, [l, r]) => {
    const sieve = primeSieve(r);
    let count = 0;
    let sum = 0;
    for (let i = l; i <= r; i++) {
      if (!sieve[i]) continue;
      count++;
      sum += i;
    }
    return String(p.op === 'count' ? count : sum);
  },
  example: (rng) => {
    const l = int(rng, 2, 30);
    return [l, l + int(rng, 0, 40)];
  },
  random: (rng) => {
    const l = int(rng, 1, 5000);
    return [l, l + int(rng, 0, 5000)];
  },
  edges: () => [
    [1, 1],
    [1, 2],
    [1, 10],
    [2, 2],
    [4, 4],
  ],
  large: () => [1, 1000000],
  python: (p) => ({
    mode: 'tokens',
    imports: ['import math', ...(p.op === 'sum' ? ['from itertools import compress'] : [])],
    read: readInts(2),
    solve: [
      'def solve(l, r):',
      '    sieve = bytearray([1]) * (r + 1)',
      '    sieve[0] = sieve[1] = 0',
      '    for i in range(2, math.isqrt(r) + 1):',
      '        if sieve[i]:',
      '            sieve[i * i::i] = bytearray(len(range(i * i, r + 1, i)))',
      p.op === 'count' ? '    return sum(sieve[l:r + 1])' : '    return sum(compress(range(l, r + 1), sieve[l:r + 1]))',
    ].join('\n'),
  }),
  edgeBug: () => ({ from: '    sieve[0] = sieve[1] = 0\n', to: '    sieve[0] = 0\n' }),
  slowSolve: (p) =>
    [
      'def solve(l, r):',
      '    total = 0',
      '    for x in range(max(l, 2), r + 1):',
      '        prime = True',
      '        for d in range(2, math.isqrt(x) + 1):',
      '            if x % d == 0:',
      '                prime = False',
      '                break',
      '        if prime:',
      `            total += ${p.op === 'count' ? '1' : 'x'}`,
      '    return total',
    ].join('\n'),
};

export const MATH_FAMILIES = [digits, gcdLcm, pairsDivisible, rangeQueries, divisors, maxSubarray, powerMod, primesInRange];
