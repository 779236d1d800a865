// String problems. Line-mode families take one test case per line, so empty strings are valid
// inputs (and the natural edge case).

import type { Rng } from '../../../util/rng';
import { LOWER, int, word, type Family } from '../family';
import { READ_WORD } from '../python';

const reverseWords: Family<{ mode: 'letters' | 'order' }, string[]> = {
  id: 'reverse-words',
  type: 'strings',
  params: (rng) => ({ mode: rng.pick(['letters', 'order'] as const) }),
  title: (p) => (p.mode === 'letters' ? 'Mirror words' : 'Reverse the sentence'),
  legend: (p) =>
    p.mode === 'letters'
      ? 'Each test case is a sentence. Reverse the letters of every word but keep the words in their order.'
      : 'Each test case is a sentence. Print its words in reverse order.',
  input: () => 'Each test case is one line: 1 to 10 lowercase words separated by single spaces, each of 1 to 10 letters.',
  output: () => 'the transformed sentence on its own line, words separated by single spaces.',
  write: (_p, c) => c.join(' '),
  answer: (p, c) => (p.mode === 'letters' ? c.map((w) => [...w].reverse().join('')).join(' ') : [...c].reverse().join(' ')),
  example: (rng) => Array.from({ length: int(rng, 2, 5) }, () => word(rng, LOWER, 2, 6)),
  random: (rng) => Array.from({ length: int(rng, 1, 8) }, () => word(rng, LOWER, 1, 7)),
  edges: () => [['a'], ['ab', 'c'], ['level']],
  python: (p) => ({
    mode: 'lines',
    solve:
      p.mode === 'letters'
        ? 'def solve(line):\n    return " ".join(word[::-1] for word in line.split())'
        : 'def solve(line):\n    return " ".join(reversed(line.split()))',
  }),
};

interface RleParams {
  countFirst: boolean;
  omitOnes: boolean;
}

function runs(s: string): [string, number][] {
  const out: [string, number][] = [];
  for (const ch of s) {
    if (out.length && out[out.length - 1][0] === ch) out[out.length - 1][1]++;
    else out.push([ch, 1]);
  }
  return out;
}

function runString(rng: Rng, alphabet: string, blocks: number): string {
  let s = '';
  let prev = '';
  for (let i = 0; i < blocks; i++) {
    let ch = alphabet[rng.int(alphabet.length)];
    while (ch === prev) ch = alphabet[rng.int(alphabet.length)];
    s += ch.repeat(int(rng, 1, 4));
    prev = ch;
  }
  return s;
}

const runLength: Family<RleParams, string> = {
  id: 'run-length',
  type: 'strings',
  params: (rng) => ({ countFirst: rng.chance(0.5), omitOnes: rng.chance(0.5) }),
  title: () => 'Run-length encoding',
  legend: (p) => {
    const piece = p.countFirst ? 'its length followed by the letter' : 'the letter followed by its length';
    const sample = p.countFirst ? (p.omitOnes ? '3ab2c' : '3a1b2c') : p.omitOnes ? 'a3bc2' : 'a3b1c2';
    const ones = p.omitOnes ? ' A block of length 1 is written as the letter alone.' : '';
    return `Compress a string by replacing every maximal block of equal letters with ${piece}.${ones} For example, "aaabcc" becomes "${sample}".`;
  },
  input: () => 'Each test case is one line: a string of lowercase letters of length 0 to 100 (the line may be empty).',
  output: () => 'the encoded string on its own line (an empty line for an empty string).',
  write: (_p, c) => c,
  answer: (p, c) =>
    runs(c)
      .map(([ch, k]) => (p.omitOnes && k === 1 ? ch : p.countFirst ? `${k}${ch}` : `${ch}${k}`))
      .join(''),
  example: (rng) => runString(rng, 'abcd', int(rng, 2, 5)),
  random: (rng) => (rng.chance(0.15) ? '' : runString(rng, 'abcxyz', int(rng, 1, 7))),
  edges: () => ['', 'z', 'zz', ''],
  python: (p) => {
    const piece = p.countFirst ? 'str(k) + ch' : 'ch + str(k)';
    return {
      mode: 'lines',
      solve: [
        'def piece(ch, k):',
        p.omitOnes ? `    return ch if k == 1 else ${piece}` : `    return ${piece}`,
        '',
        '',
        'def solve(s):',
        '    if not s:',
        '        return ""',
        '    parts = []',
        '    prev = s[0]',
        '    run = 0',
        '    for ch in s:',
        '        if ch == prev:',
        '            run += 1',
        '        else:',
        '            parts.append(piece(prev, run))',
        '            prev = ch',
        '            run = 1',
        '    parts.append(piece(prev, run))',
        '    return "".join(parts)',
      ].join('\n'),
    };
  },
  edgeBug: () => ({ from: '    if not s:\n        return ""\n', to: '' }),
};

const mostFrequent: Family<{ tie: 'smallest' | 'largest' }, string> = {
  id: 'most-frequent-letter',
  type: 'strings',
  params: (rng) => ({ tie: rng.pick(['smallest', 'largest'] as const) }),
  title: () => 'Most frequent letter',
  legend: (p) =>
    `For each word, find the letter that occurs most often and how many times it occurs. If several letters are tied, choose the alphabetically ${p.tie} of them.`,
  input: () => 'Each test case is one line: a word of lowercase letters, 1 ≤ length ≤ 30000.',
  output: () => 'the letter and its number of occurrences, separated by a space.',
  write: (_p, c) => c,
  answer: (p, c) => {
    const counts = new Map<string, number>();
    for (const ch of c) counts.set(ch, (counts.get(ch) ?? 0) + 1);
    const top = Math.max(...counts.values());
    const tied = [...counts.keys()].filter((ch) => counts.get(ch) === top).sort();
    return `${p.tie === 'smallest' ? tied[0] : tied[tied.length - 1]} ${top}`;
  },
  example: (rng) => word(rng, 'abcde', 4, 12),
  random: (rng) => word(rng, 'abcdefg', 1, 20),
  edges: () => ['z', 'ba', 'abcabc'],
  large: (rng) => word(rng, 'abcdef', 30000, 30000),
  python: (p) => ({
    mode: 'tokens',
    imports: ['from collections import Counter'],
    read: READ_WORD,
    solve: [
      'def solve(s):',
      '    counts = Counter(s)',
      '    top = max(counts.values())',
      `    return ${p.tie === 'smallest' ? 'min' : 'max'}(ch for ch in counts if counts[ch] == top) + " " + str(top)`,
    ].join('\n'),
  }),
  slowSolve: (p) =>
    [
      'def solve(s):',
      '    best_ch = ""',
      '    best = 0',
      '    for ch in s:',
      '        count = 0',
      '        for other in s:',
      '            if other == ch:',
      '                count += 1',
      `        if count > best or (count == best and ch ${p.tie === 'smallest' ? '<' : '>'} best_ch):`,
      '            best_ch = ch',
      '            best = count',
      '    return best_ch + " " + str(best)',
    ].join('\n'),
};

const VOWELS = 'aeiou';

const longestRun: Family<{ kind: 'equal' | 'vowels' }, string> = {
  id: 'longest-run',
  type: 'strings',
  params: (rng) => ({ kind: rng.pick(['equal', 'vowels'] as const) }),
  title: (p) => (p.kind === 'equal' ? 'Longest block' : 'Longest vowel stretch'),
  legend: (p) =>
    p.kind === 'equal'
      ? 'Find the length of the longest block of consecutive equal letters in the string.'
      : 'Find the length of the longest block of consecutive vowels (a, e, i, o, u) in the string.',
  input: () => 'Each test case is one line: a string of lowercase letters of length 0 to 30000 (the line may be empty).',
  output: (p) => `the length on its own line (0 when there is no ${p.kind === 'equal' ? 'letter' : 'vowel'}).`,
  write: (_p, c) => c,
  answer: (p, c) => {
    let best = 0;
    let run = 0;
    let prev = '';
    for (const ch of c) {
      if (p.kind === 'equal') run = ch === prev ? run + 1 : 1;
      else run = VOWELS.includes(ch) ? run + 1 : 0;
      prev = ch;
      best = Math.max(best, run);
    }
    return String(best);
  },
  // Examples always contain what is counted, so that only the hidden tests show an empty answer.
  example: (rng, p) => (p.kind === 'equal' ? word(rng, 'ab', 4, 12) : word(rng, 'aeiobcdt', 3, 10) + 'ea'),
  random: (rng, p) => (rng.chance(0.1) ? '' : word(rng, p.kind === 'equal' ? 'abc' : 'aeiobcdt', 1, 20)),
  edges: (p) => (p.kind === 'equal' ? ['', 'q', 'qq'] : ['', 'xyz', 'a', 'bcd']),
  large: (rng, p) => (p.kind === 'equal' ? 'a'.repeat(30000) : word(rng, VOWELS, 30000, 30000)),
  python: (p) => ({
    mode: 'lines',
    solve:
      p.kind === 'equal'
        ? [
            'def solve(s):',
            '    best = 0',
            '    run = 0',
            '    prev = ""',
            '    for ch in s:',
            '        run = run + 1 if ch == prev else 1',
            '        prev = ch',
            '        best = max(best, run)',
            '    return best',
          ].join('\n')
        : [
            'VOWELS = set("aeiou")',
            '',
            '',
            'def solve(s):',
            '    best = 0',
            '    run = 0',
            '    for ch in s:',
            '        run = run + 1 if ch in VOWELS else 0',
            '        best = max(best, run)',
            '    return best',
          ].join('\n'),
  }),
  edgeBug: () => ({ from: '    best = 0\n', to: '    best = 1\n' }),
  slowSolve: (p) =>
    [
      ...(p.kind === 'vowels' ? ['VOWELS = set("aeiou")', '', ''] : []),
      'def solve(s):',
      '    best = 0',
      '    for i in range(len(s)):',
      '        j = i',
      `        while j < len(s) and ${p.kind === 'equal' ? 's[j] == s[i]' : 's[j] in VOWELS'}:`,
      '            j += 1',
      '        best = max(best, j - i)',
      '    return best',
    ].join('\n'),
};

const countPairs: Family<{ x: string; y: string }, string> = {
  id: 'count-letter-pairs',
  type: 'strings',
  params: (rng) => {
    const [x, y] = rng.shuffle(['a', 'b', 'c']);
    return { x, y };
  },
  title: (p) => `Count "${p.x}${p.y}" pairs`,
  legend: (p) => `Count the pairs of positions i < j such that s[i] = '${p.x}' and s[j] = '${p.y}'.`,
  input: () => 'Each test case is one line: a word of the letters a, b and c, 1 ≤ length ≤ 30000.',
  output: () => 'the number of such pairs.',
  write: (_p, c) => c,
  answer: (p, c) => {
    let seen = 0;
    let total = 0;
    for (const ch of c) {
      if (ch === p.y) total += seen;
      if (ch === p.x) seen++;
    }
    return String(total);
  },
  example: (rng) => word(rng, 'abc', 4, 12),
  random: (rng) => word(rng, 'abc', 1, 20),
  edges: (p) => ['a', 'b', p.x + p.y, p.y + p.x],
  large: (_rng, p) => p.x.repeat(15000) + p.y.repeat(15000),
  python: (p) => ({
    mode: 'tokens',
    read: READ_WORD,
    solve: [
      'def solve(s):',
      '    seen = 0',
      '    total = 0',
      '    for ch in s:',
      `        if ch == "${p.y}":`,
      '            total += seen',
      `        if ch == "${p.x}":`,
      '            seen += 1',
      '    return total',
    ].join('\n'),
  }),
  slowSolve: (p) =>
    [
      'def solve(s):',
      '    total = 0',
      '    for i in range(len(s)):',
      `        if s[i] == "${p.x}":`,
      '            for j in range(i + 1, len(s)):',
      `                if s[j] == "${p.y}":`,
      '                    total += 1',
      '    return total',
    ].join('\n'),
};

interface BracketParams {
  kinds: string;
  yes: string;
  no: string;
}

const CLOSE: Record<string, string> = { '(': ')', '[': ']', '{': '}' };

function balanced(rng: Rng, openers: string, pairs: number): string {
  if (pairs === 0) return '';
  const inner = int(rng, 0, pairs - 1);
  const o = openers[rng.int(openers.length)];
  return o + balanced(rng, openers, inner) + CLOSE[o] + balanced(rng, openers, pairs - 1 - inner);
}

function isBalanced(s: string): boolean {
  const stack: string[] = [];
  for (const ch of s) {
    if (ch in CLOSE) stack.push(ch);
    else if (!stack.length || CLOSE[stack.pop()!] !== ch) return false;
  }
  return stack.length === 0;
}

const brackets: Family<BracketParams, string> = {
  id: 'balanced-brackets',
  type: 'strings',
  params: (rng) => {
    const [yes, no] = rng.pick([
      ['YES', 'NO'],
      ['Yes', 'No'],
    ]);
    return { kinds: rng.pick(['(', '([', '([{']), yes, no };
  },
  title: () => 'Balanced brackets',
  legend: (p) =>
    `A bracket sequence is balanced if every opening bracket is closed by a bracket of the same kind, in the right order. Decide whether each sequence is balanced. The empty sequence is balanced. Answer ${p.yes} or ${p.no}.`,
  input: (p) =>
    `Each test case is one line: a sequence of the characters ${[...p.kinds].map((o) => o + CLOSE[o]).join('')}, of length 0 to 30000 (the line may be empty).`,
  output: (p) => `${p.yes} or ${p.no}.`,
  write: (_p, c) => c,
  answer: (p, c) => (isBalanced(c) ? p.yes : p.no),
  // Unbalanced examples fail early (a stray or mismatched closer), never by staying open.
  example: (rng, p) => {
    const a = balanced(rng, p.kinds, int(rng, 1, 3));
    if (rng.chance(0.5)) return a;
    const closers = [...p.kinds].map((o) => CLOSE[o]);
    return a + rng.pick(closers) + balanced(rng, p.kinds, int(rng, 0, 2));
  },
  random: (rng, p) => {
    const alphabet = [...p.kinds].flatMap((o) => [o, CLOSE[o]]).join('');
    return rng.chance(0.5) ? balanced(rng, p.kinds, int(rng, 0, 5)) : word(rng, alphabet, 0, 10);
  },
  edges: (p) => ['', p.kinds[0], p.kinds[0].repeat(2) + CLOSE[p.kinds[0]], CLOSE[p.kinds[0]] + p.kinds[0]],
  python: (p) => ({
    mode: 'lines',
    solve: [
      'PAIRS = {")": "(", "]": "[", "}": "{"}',
      '',
      '',
      'def solve(s):',
      '    stack = []',
      '    for ch in s:',
      '        if ch in PAIRS:',
      '            if not stack or stack.pop() != PAIRS[ch]:',
      `                return "${p.no}"`,
      '        else:',
      '            stack.append(ch)',
      `    return "${p.yes}" if not stack else "${p.no}"`,
    ].join('\n'),
  }),
  edgeBug: (p) => ({ from: `    return "${p.yes}" if not stack else "${p.no}"`, to: `    return "${p.yes}"` }),
};

const caesar: Family<{ shift: number; decode: boolean }, string> = {
  id: 'caesar',
  type: 'strings',
  params: (rng) => ({ shift: int(rng, 1, 25), decode: rng.chance(0.5) }),
  title: (p) => (p.decode ? 'Caesar decoder' : 'Caesar encoder'),
  legend: (p) =>
    p.decode
      ? `Each line was encoded by shifting every letter ${p.shift} places forward in the alphabet, wrapping around from z to a. Decode it; spaces stay as they are.`
      : `Shift every letter ${p.shift} places forward in the alphabet, wrapping around from z to a; spaces stay as they are.`,
  input: () => 'Each test case is one line: 1 to 10 lowercase words separated by single spaces.',
  output: (p) => `the ${p.decode ? 'decoded' : 'encoded'} line.`,
  write: (_p, c) => c,
  answer: (p, c) => {
    const k = p.decode ? 26 - p.shift : p.shift;
    return [...c].map((ch) => (ch === ' ' ? ch : String.fromCharCode(((ch.charCodeAt(0) - 97 + k) % 26) + 97))).join('');
  },
  example: (rng) => Array.from({ length: int(rng, 2, 4) }, () => word(rng, LOWER, 2, 6)).join(' '),
  random: (rng) => Array.from({ length: int(rng, 1, 6) }, () => word(rng, LOWER, 1, 8)).join(' '),
  edges: () => ['z', 'a', 'xyz abc'],
  python: (p) => ({
    mode: 'lines',
    solve: [
      `SHIFT = ${p.decode ? 26 - p.shift : p.shift}`,
      '',
      '',
      'def solve(line):',
      '    return "".join(ch if ch == " " else chr((ord(ch) - 97 + SHIFT) % 26 + 97) for ch in line)',
    ].join('\n'),
  }),
};

function sortedKey(w: string): string {
  return [...w].sort().join('');
}

const anagrams: Family<{ op: 'count' | 'largest' }, string[]> = {
  id: 'anagram-classes',
  type: 'strings',
  params: (rng) => ({ op: rng.pick(['count', 'largest'] as const) }),
  title: (p) => (p.op === 'count' ? 'Anagram classes' : 'Largest anagram class'),
  legend: (p) =>
    'Two words are in the same class when one is an anagram of the other (the same letters, in any order; equal words are in the same class). ' +
    (p.op === 'count' ? 'Count the classes among the words of the line.' : 'Find the size of the largest class among the words of the line.'),
  input: () => 'Each test case is one line: 0 to 30000 lowercase words separated by single spaces, each of 1 to 8 letters (the line may be empty).',
  output: (p) => (p.op === 'count' ? 'the number of classes.' : 'the size of the largest class (0 for an empty line).'),
  write: (_p, c) => c.join(' '),
  answer: (p, c) => {
    const sizes = new Map<string, number>();
    for (const w of c) sizes.set(sortedKey(w), (sizes.get(sortedKey(w)) ?? 0) + 1);
    return String(p.op === 'count' ? sizes.size : Math.max(0, ...sizes.values()));
  },
  example: (rng) => {
    const bases = Array.from({ length: int(rng, 2, 3) }, () => word(rng, 'abcdeilnrst', 3, 5));
    return Array.from({ length: int(rng, 3, 7) }, () => rng.shuffle([...rng.pick(bases)]).join(''));
  },
  random: (rng) => {
    if (rng.chance(0.1)) return [];
    const bases = Array.from({ length: int(rng, 1, 4) }, () => word(rng, 'abcde', 1, 4));
    return Array.from({ length: int(rng, 1, 8) }, () => rng.shuffle([...rng.pick(bases)]).join(''));
  },
  edges: () => [[], ['a'], ['ab', 'ba'], ['abc', 'abd']],
  large: (rng) => Array.from({ length: 30000 }, () => word(rng, LOWER, 6, 8)),
  python: (p) => ({
    mode: 'lines',
    imports: ['from collections import Counter'],
    solve: [
      'def solve(line):',
      '    classes = Counter("".join(sorted(word)) for word in line.split())',
      p.op === 'count' ? '    return len(classes)' : '    return max(classes.values()) if classes else 0',
    ].join('\n'),
  }),
  edgeBug: (p) =>
    p.op === 'largest' ? { from: '    return max(classes.values()) if classes else 0', to: '    return max(classes.values())' } : null,
  slowSolve: (p) =>
    [
      'def solve(line):',
      '    keys = ["".join(sorted(word)) for word in line.split()]',
      '    sizes = []',
      '    for i in range(len(keys)):',
      '        first = True',
      '        for j in range(i):',
      '            if keys[j] == keys[i]:',
      '                first = False',
      '                break',
      '        if first:',
      '            sizes.append(keys.count(keys[i]))',
      p.op === 'count' ? '    return len(sizes)' : '    return max(sizes) if sizes else 0',
    ].join('\n'),
};

export const STRING_FAMILIES = [reverseWords, runLength, mostFrequent, longestRun, countPairs, brackets, caesar, anagrams];
