// Simulation problems: follow the rules step by step, or find the shortcut that skips the steps.

import type { Rng } from '../../../util/rng';
import { int, ints, word, type Family } from '../family';
import { readInts } from '../python';

interface RoundRobinCase {
  q: number;
  bursts: number[];
}

function roundRobin(c: RoundRobinCase): { order: number[]; finish: number[] } {
  const queue = c.bursts.map((b, i) => [i + 1, b]);
  const order: number[] = [];
  const finish = new Array(c.bursts.length).fill(0);
  let time = 0;
  for (let head = 0; head < queue.length; head++) {
    const [pid, left] = queue[head];
    const ran = Math.min(c.q, left);
    time += ran;
    if (left > ran) queue.push([pid, left - ran]);
    else {
      order.push(pid);
      finish[pid - 1] = time;
    }
  }
  return { order, finish };
}

const roundRobinFamily: Family<{ report: 'order' | 'finish' }, RoundRobinCase> = {
  id: 'round-robin',
  type: 'simulation',
  params: (rng) => ({ report: rng.pick(['order', 'finish'] as const) }),
  title: () => 'Round-robin scheduler',
  legend: (p) =>
    'Processes 1 … n wait in a queue, process i needing b_i units of CPU time. The scheduler repeatedly takes the process at the front, runs it for q units (or less, if it needs less), and puts it back at the end of the queue if it is not finished. Time starts at 0. ' +
    (p.report === 'order' ? 'Print the processes in the order in which they finish.' : 'Print the time at which each process finishes, for processes 1 … n.'),
  input: () =>
    'Each test case is two lines: n and q (1 ≤ n ≤ 1000, 1 ≤ q ≤ 10^9), then b_1 … b_n (1 ≤ b_i ≤ 10^9). The scheduler never makes more than 200000 turns.',
  output: () => 'n numbers on one line, separated by single spaces.',
  write: (_p, c) => `${c.bursts.length} ${c.q}\n${c.bursts.join(' ')}`,
  answer: (p, c) => (p.report === 'order' ? roundRobin(c).order : roundRobin(c).finish).join(' '),
  example: (rng) => ({ q: int(rng, 2, 4), bursts: ints(rng, int(rng, 3, 4), 1, 10) }),
  random: (rng) => ({ q: int(rng, 1, 5), bursts: ints(rng, int(rng, 1, 8), 1, 20) }),
  edges: () => [
    { q: 1, bursts: [1] },
    { q: 5, bursts: [5, 5] },
    { q: 10, bursts: [3, 1, 2] },
  ],
  large: (rng) => ({ q: 100000, bursts: ints(rng, 10, 900000000, 1000000000) }),
  python: (p) => ({
    mode: 'tokens',
    imports: ['from collections import deque'],
    read: [
      'n, q = int(data[pos]), int(data[pos + 1])',
      'bursts = [int(x) for x in data[pos + 2:pos + 2 + n]]',
      'pos += 2 + n',
      'answers.append(solve(q, bursts))',
    ].join('\n'),
    solve: [
      'def solve(q, bursts):',
      '    queue = deque((i + 1, b) for i, b in enumerate(bursts))',
      '    time = 0',
      p.report === 'order' ? '    done = []' : '    done = [0] * len(bursts)',
      '    while queue:',
      '        pid, left = queue.popleft()',
      '        ran = min(q, left)',
      '        time += ran',
      '        if left > ran:',
      '            queue.append((pid, left - ran))',
      '        else:',
      p.report === 'order' ? '            done.append(pid)' : '            done[pid - 1] = time',
      '    return " ".join(map(str, done))',
    ].join('\n'),
  }),
  slowSolve: (p) =>
    [
      'def solve(q, bursts):',
      '    queue = deque((i + 1, b) for i, b in enumerate(bursts))',
      '    time = 0',
      p.report === 'order' ? '    done = []' : '    done = [0] * len(bursts)',
      '    while queue:',
      '        pid, left = queue.popleft()',
      '        used = 0',
      '        while used < q and left > 0:',
      '            time += 1',
      '            used += 1',
      '            left -= 1',
      '        if left > 0:',
      '            queue.append((pid, left))',
      '        else:',
      p.report === 'order' ? '            done.append(pid)' : '            done[pid - 1] = time',
      '    return " ".join(map(str, done))',
    ].join('\n'),
};

interface QueueParams {
  stack: boolean;
  empty: string;
}

function runOps(p: QueueParams, ops: string[]): string {
  const items: string[] = [];
  const out: string[] = [];
  for (const op of ops) {
    if (op !== '-') items.push(op);
    else if (items.length) out.push(p.stack ? items.pop()! : items.shift()!);
    else out.push(p.empty);
  }
  return out.join(' ');
}

function ops(rng: Rng, n: number, popEmpty: boolean): string[] {
  const out: string[] = [];
  let size = 0;
  for (let i = 0; i < n; i++) {
    if ((size > 0 || popEmpty) && rng.chance(0.4)) {
      out.push('-');
      size = Math.max(0, size - 1);
    } else {
      out.push(String(int(rng, 1, 99)));
      size++;
    }
  }
  if (!out.includes('-')) out.push('-');
  return out;
}

const queueOps: Family<QueueParams, string[]> = {
  id: 'queue-operations',
  type: 'simulation',
  params: (rng) => ({ stack: rng.chance(0.5), empty: rng.pick(['EMPTY', '-1']) }),
  title: (p) => (p.stack ? 'Plate stack' : 'Ticket queue'),
  legend: (p) =>
    `Start with an empty ${p.stack ? 'stack' : 'queue'} and process the operations from left to right. An integer x puts x ${p.stack ? 'on top of the stack' : 'at the back of the queue'}. A "-" removes the element ${p.stack ? 'on top' : 'at the front'} and prints it; if there is no element, it prints ${p.empty} instead.`,
  input: () => 'Each test case is one line: 1 to 30000 operations separated by single spaces, each an integer (1 ≤ x ≤ 99) or "-".',
  output: () => 'the printed values on one line, separated by single spaces (an empty line when nothing is printed).',
  write: (_p, c) => c.join(' '),
  answer: (p, c) => runOps(p, c),
  example: (rng) => ops(rng, int(rng, 4, 9), false),
  random: (rng) => ops(rng, int(rng, 1, 12), true),
  edges: () => [['-'], ['7', '-', '-'], ['-', '3', '-'], ['5']],
  python: (p) => ({
    mode: 'lines',
    imports: ['from collections import deque'],
    solve: [
      'def solve(line):',
      '    items = deque()',
      '    out = []',
      '    for op in line.split():',
      '        if op != "-":',
      '            items.append(op)',
      '        elif items:',
      `            out.append(items.${p.stack ? 'pop' : 'popleft'}())`,
      '        else:',
      `            out.append("${p.empty}")`,
      '    return " ".join(out)',
    ].join('\n'),
  }),
  edgeBug: (p) => ({
    from: `        elif items:\n            out.append(items.${p.stack ? 'pop' : 'popleft'}())\n        else:\n            out.append("${p.empty}")\n`,
    to: `        else:\n            out.append(items.${p.stack ? 'pop' : 'popleft'}())\n`,
  }),
};

const josephus: Family<{ base: 0 | 1 }, [number, number]> = {
  id: 'josephus',
  type: 'simulation',
  params: (rng) => ({ base: rng.pick([0, 1] as const) }),
  title: () => 'Counting-out game',
  legend: (p) =>
    `n people stand in a circle, numbered ${p.base} … ${p.base === 1 ? 'n' : 'n - 1'} clockwise. Starting from person ${p.base}, count k people clockwise (the first counted is person ${p.base}); the k-th person counted leaves the circle, and counting starts again from the next person. Print the number of the last person left.`,
  input: () => 'Each test case is one line with n and k (1 ≤ n ≤ 100000, 1 ≤ k ≤ 10^9).',
  output: () => 'the number of the last person.',
  write: (_p, c) => c.join(' '),
  answer: (p, [n, k]) => {
    let survivor = 0;
    for (let size = 2; size <= n; size++) survivor = (survivor + k) % size;
    return String(survivor + p.base);
  },
  example: (rng) => [int(rng, 3, 10), int(rng, 2, 4)],
  random: (rng) => [int(rng, 1, 300), int(rng, 1, 50)],
  edges: () => [
    [1, 1],
    [1, 5],
    [2, 1],
    [5, 1],
    [6, 100],
  ],
  large: () => [100000, 1000000000],
  python: (p) => ({
    mode: 'tokens',
    read: readInts(2),
    solve: [
      'def solve(n, k):',
      '    survivor = 0',
      '    for size in range(2, n + 1):',
      '        survivor = (survivor + k) % size',
      `    return survivor${p.base === 1 ? ' + 1' : ''}`,
    ].join('\n'),
  }),
  slowSolve: (p) =>
    [
      'def solve(n, k):',
      '    alive = [True] * n',
      '    position = -1',
      '    for _ in range(n - 1):',
      '        steps = 0',
      '        while steps < k:',
      '            position = (position + 1) % n',
      '            if alive[position]:',
      '                steps += 1',
      '        alive[position] = False',
      `    return alive.index(True)${p.base === 1 ? ' + 1' : ''}`,
    ].join('\n'),
};

interface RobotCase {
  k: number;
  commands: string;
}

const HEADINGS: [number, number][] = [
  [0, 1],
  [1, 0],
  [0, -1],
  [-1, 0],
];
const MOVES: Record<string, [number, number]> = { U: [0, 1], D: [0, -1], L: [-1, 0], R: [1, 0] };

function walk(commands: string, times: number): [number, number] {
  let [x, y, d] = [0, 0, 0];
  for (let t = 0; t < times; t++) {
    for (const ch of commands) {
      if (ch === 'L') d = (d + 3) % 4;
      else if (ch === 'R') d = (d + 1) % 4;
      else {
        x += HEADINGS[d][0];
        y += HEADINGS[d][1];
      }
    }
  }
  return [x, y];
}

const robot: Family<{ turning: boolean }, RobotCase> = {
  id: 'robot-walk',
  type: 'simulation',
  params: (rng) => ({ turning: rng.chance(0.5) }),
  title: () => 'Robot on repeat',
  legend: (p) =>
    'A robot starts at (0, 0). ' +
    (p.turning
      ? 'It faces north (towards larger y). F moves it one step forward, L turns it 90° to the left and R 90° to the right.'
      : 'U, D, L and R move it one step up (y + 1), down (y - 1), left (x - 1) and right (x + 1).') +
    ' The robot executes the command string k times in a row. Print its final position.',
  input: (p) => `Each test case is one line with k and the command string (1 ≤ k ≤ 10^9; 1 to 50 of the letters ${p.turning ? 'F, L, R' : 'U, D, L, R'}).`,
  output: () => 'x and y, separated by a space.',
  write: (_p, c) => `${c.k} ${c.commands}`,
  answer: (p, c) => {
    if (!p.turning) {
      let [x, y] = [0, 0];
      for (const ch of c.commands) [x, y] = [x + MOVES[ch][0], y + MOVES[ch][1]];
      return `${x * c.k} ${y * c.k}`;
    }
    const turn = ([...c.commands].filter((ch) => ch === 'R').length - [...c.commands].filter((ch) => ch === 'L').length + 400) % 4;
    // A net turn means the path closes after at most four rounds.
    if (turn === 0) {
      const [x, y] = walk(c.commands, 1);
      return `${x * c.k} ${y * c.k}`;
    }
    const [x, y] = walk(c.commands, c.k % 4);
    return `${x} ${y}`;
  },
  example: (rng, p) => ({ k: int(rng, 1, 5), commands: word(rng, p.turning ? 'FFFLR' : 'UDLR', 3, 8) }),
  random: (rng, p) => ({ k: int(rng, 1, 60), commands: word(rng, p.turning ? 'FFLR' : 'UDLR', 1, 12) }),
  edges: (p) =>
    p.turning
      ? [
          { k: 1, commands: 'F' },
          { k: 4, commands: 'L' },
          { k: 3, commands: 'FFRFF' },
          { k: 5, commands: 'FLFLFLF' },
        ]
      : [
          { k: 1, commands: 'U' },
          { k: 7, commands: 'UD' },
          { k: 3, commands: 'RRL' },
        ],
  large: (rng, p) => ({ k: 1000000000 - int(rng, 0, 3), commands: word(rng, p.turning ? 'FFLR' : 'UDLR', 50, 50) }),
  python: (p) => ({
    mode: 'tokens',
    read: ['k, commands = int(data[pos]), data[pos + 1]', 'pos += 2', 'answers.append(solve(k, commands))'].join('\n'),
    solve: p.turning
      ? [
          'HEADINGS = [(0, 1), (1, 0), (0, -1), (-1, 0)]',
          '',
          '',
          'def walk(commands, times):',
          '    x = y = d = 0',
          '    for ch in commands * times:',
          '        if ch == "L":',
          '            d = (d + 3) % 4',
          '        elif ch == "R":',
          '            d = (d + 1) % 4',
          '        else:',
          '            x += HEADINGS[d][0]',
          '            y += HEADINGS[d][1]',
          '    return x, y',
          '',
          '',
          'def solve(k, commands):',
          '    turn = commands.count("R") - commands.count("L")',
          '    if turn % 4 == 0:',
          '        x, y = walk(commands, 1)',
          '        return str(x * k) + " " + str(y * k)',
          '    x, y = walk(commands, k % 4)',
          '    return str(x) + " " + str(y)',
        ].join('\n')
      : [
          'MOVES = {"U": (0, 1), "D": (0, -1), "L": (-1, 0), "R": (1, 0)}',
          '',
          '',
          'def solve(k, commands):',
          '    x = y = 0',
          '    for ch in commands:',
          '        x += MOVES[ch][0]',
          '        y += MOVES[ch][1]',
          '    return str(x * k) + " " + str(y * k)',
        ].join('\n'),
  }),
  slowSolve: (p) =>
    p.turning
      ? [
          'HEADINGS = [(0, 1), (1, 0), (0, -1), (-1, 0)]',
          '',
          '',
          'def solve(k, commands):',
          '    x = y = d = 0',
          '    for _ in range(k):',
          '        for ch in commands:',
          '            if ch == "L":',
          '                d = (d + 3) % 4',
          '            elif ch == "R":',
          '                d = (d + 1) % 4',
          '            else:',
          '                x += HEADINGS[d][0]',
          '                y += HEADINGS[d][1]',
          '    return str(x) + " " + str(y)',
        ].join('\n')
      : [
          'MOVES = {"U": (0, 1), "D": (0, -1), "L": (-1, 0), "R": (1, 0)}',
          '',
          '',
          'def solve(k, commands):',
          '    x = y = 0',
          '    for _ in range(k):',
          '        for ch in commands:',
          '            x += MOVES[ch][0]',
          '            y += MOVES[ch][1]',
          '    return str(x) + " " + str(y)',
        ].join('\n'),
};

interface BusCase {
  capacity: number;
  stops: [number, number][];
}

function busStops(rng: Rng, n: number, capacity: number): [number, number][] {
  let onBoard = 0;
  return Array.from({ length: n }, (): [number, number] => {
    const off = int(rng, 0, onBoard);
    const waiting = int(rng, 0, capacity + 2);
    onBoard = onBoard - off + Math.min(waiting, capacity - (onBoard - off));
    return [off, waiting];
  });
}

const bus: Family<{ report: 'left-behind' | 'on-board' }, BusCase> = {
  id: 'bus-route',
  type: 'simulation',
  params: (rng) => ({ report: rng.pick(['left-behind', 'on-board'] as const) }),
  title: () => 'Full bus',
  legend: (p) =>
    'A bus with room for c passengers starts empty and visits n stops in order. At each stop, first the given number of passengers get off, then the waiting passengers board one by one while there is room; those who do not fit stay behind. ' +
    (p.report === 'left-behind' ? 'Print how many passengers were left behind over the whole route.' : 'Print how many passengers are on board after the last stop.'),
  input: () =>
    'Each test case starts with a line with n and c (1 ≤ n ≤ 1000, 1 ≤ c ≤ 100), then n lines each with the number getting off (never more than are on board) and the number waiting (0 to 100).',
  output: () => 'the answer on its own line.',
  write: (_p, c) => [`${c.stops.length} ${c.capacity}`, ...c.stops.map(([o, w]) => `${o} ${w}`)].join('\n'),
  answer: (p, c) => {
    let onBoard = 0;
    let left = 0;
    for (const [off, waiting] of c.stops) {
      onBoard -= off;
      const boarding = Math.min(waiting, c.capacity - onBoard);
      onBoard += boarding;
      left += waiting - boarding;
    }
    return String(p.report === 'left-behind' ? left : onBoard);
  },
  example: (rng) => {
    const capacity = int(rng, 3, 8);
    return { capacity, stops: busStops(rng, int(rng, 3, 5), capacity) };
  },
  random: (rng) => {
    const capacity = int(rng, 1, 20);
    return { capacity, stops: busStops(rng, int(rng, 1, 10), capacity) };
  },
  edges: () => [
    { capacity: 1, stops: [[0, 0]] },
    { capacity: 3, stops: [[0, 5], [3, 0]] },
    { capacity: 2, stops: [[0, 2], [0, 2], [2, 1]] },
  ],
  python: (p) => ({
    mode: 'tokens',
    read: [
      'n, capacity = int(data[pos]), int(data[pos + 1])',
      'flat = [int(x) for x in data[pos + 2:pos + 2 + 2 * n]]',
      'pos += 2 + 2 * n',
      'answers.append(str(solve(capacity, list(zip(flat[0::2], flat[1::2])))))',
    ].join('\n'),
    solve: [
      'def solve(capacity, stops):',
      '    on_board = 0',
      '    left_behind = 0',
      '    for off, waiting in stops:',
      '        on_board -= off',
      '        boarding = min(waiting, capacity - on_board)',
      '        on_board += boarding',
      '        left_behind += waiting - boarding',
      `    return ${p.report === 'left-behind' ? 'left_behind' : 'on_board'}`,
    ].join('\n'),
  }),
};

interface AutomatonParams {
  rule: number;
  wrap: boolean;
}

interface AutomatonCase {
  g: number;
  cells: string;
}

function evolve(p: AutomatonParams, cells: string): string {
  const n = cells.length;
  let next = '';
  for (let i = 0; i < n; i++) {
    const left = i > 0 ? cells[i - 1] : p.wrap ? cells[n - 1] : '0';
    const right = i < n - 1 ? cells[i + 1] : p.wrap ? cells[0] : '0';
    next += String((p.rule >> parseInt(left + cells[i] + right, 2)) & 1);
  }
  return next;
}

const automaton: Family<AutomatonParams, AutomatonCase> = {
  id: 'cellular-automaton',
  type: 'simulation',
  params: (rng) => ({ rule: rng.pick([30, 90, 110, 184]), wrap: rng.chance(0.5) }),
  title: (p) => `Rule ${p.rule}`,
  legend: (p) =>
    `A row of cells, each 0 or 1, changes all at once in every generation. The new state of a cell depends on its left neighbour l, itself s and its right neighbour r: it is bit number 4·l + 2·s + r (counting from the least significant bit) of the number ${p.rule}. ` +
    (p.wrap
      ? 'The row wraps around: the first and the last cell are neighbours.'
      : 'Outside the row every cell is 0, forever.') +
    ' Print the row after g generations.',
  input: () => 'Each test case is one line with g and the row (0 ≤ g ≤ 50; 1 to 80 characters 0 or 1).',
  output: () => 'the row after g generations.',
  write: (_p, c) => `${c.g} ${c.cells}`,
  answer: (p, c) => {
    let cells = c.cells;
    for (let i = 0; i < c.g; i++) cells = evolve(p, cells);
    return cells;
  },
  // Zeros on both sides, wider than the light cone, so that the two boundary rules agree.
  example: (rng) => {
    const g = int(rng, 1, 4);
    const pad = '0'.repeat(g + 1);
    return { g, cells: pad + word(rng, '01', 3, 6) + pad };
  },
  random: (rng) => ({ g: int(rng, 0, 10), cells: word(rng, '01', 1, 15) }),
  edges: () => [
    { g: 1, cells: '1' },
    { g: 2, cells: '10001' },
    { g: 3, cells: '11' },
    { g: 0, cells: '0' },
  ],
  python: (p) => ({
    mode: 'tokens',
    read: ['g, cells = int(data[pos]), data[pos + 1]', 'pos += 2', 'answers.append(solve(g, cells))'].join('\n'),
    solve: [
      `RULE = ${p.rule}`,
      '',
      '',
      'def step(cells):',
      p.wrap ? '    padded = cells[-1] + cells + cells[0]' : '    padded = "0" + cells + "0"',
      '    return "".join(str(RULE >> int(padded[i:i + 3], 2) & 1) for i in range(len(cells)))',
      '',
      '',
      'def solve(g, cells):',
      '    for _ in range(g):',
      '        cells = step(cells)',
      '    return cells',
    ].join('\n'),
  }),
  edgeBug: (p) =>
    p.wrap
      ? { from: '    padded = cells[-1] + cells + cells[0]', to: '    padded = "0" + cells + "0"' }
      : { from: '    padded = "0" + cells + "0"', to: '    padded = cells[-1] + cells + cells[0]' },
};

type Customer = [number, number];

const bank: Family<{ report: 'total-wait' | 'max-wait' | 'last-finish' }, Customer[]> = {
  id: 'bank-teller',
  type: 'simulation',
  params: (rng) => ({ report: rng.pick(['total-wait', 'max-wait', 'last-finish'] as const) }),
  title: () => 'One bank teller',
  legend: (p) =>
    'Customers arrive at a bank with a single teller, who serves them one at a time in order of arrival; a customer arriving at time t with a service time d is served as soon as the teller is free (and not before t), which takes d. ' +
    (p.report === 'total-wait'
      ? 'Print the total time customers spend waiting before their service starts.'
      : p.report === 'max-wait'
        ? 'Print the longest time any customer waits before their service starts.'
        : 'Print the time at which the teller finishes serving the last customer.'),
  input: () =>
    'Each test case starts with a line with n (1 ≤ n ≤ 30000), then n lines each with the arrival time t and the service time d (0 ≤ t ≤ 10^9, 1 ≤ d ≤ 10^4); arrival times never decrease.',
  output: () => 'the answer on its own line.',
  write: (_p, c) => [String(c.length), ...c.map(([t, d]) => `${t} ${d}`)].join('\n'),
  answer: (p, c) => {
    let time = 0;
    let total = 0;
    let worst = 0;
    for (const [arrival, duration] of c) {
      const start = Math.max(time, arrival);
      total += start - arrival;
      worst = Math.max(worst, start - arrival);
      time = start + duration;
    }
    return String(p.report === 'total-wait' ? total : p.report === 'max-wait' ? worst : time);
  },
  // The teller is never idle in the examples: everyone arrives before the previous service ends.
  example: (rng) => {
    let time = 0;
    let arrival = 0;
    return Array.from({ length: int(rng, 3, 5) }, (_, i): Customer => {
      arrival = i === 0 ? 0 : int(rng, arrival, time);
      const d = int(rng, 1, 6);
      time = Math.max(time, arrival) + d;
      return [arrival, d];
    });
  },
  random: (rng) => {
    let arrival = 0;
    return Array.from({ length: int(rng, 1, 8) }, (): Customer => {
      arrival += int(rng, 0, 10);
      return [arrival, int(rng, 1, 10)];
    });
  },
  edges: () => [
    [[5, 3]],
    [
      [0, 1],
      [10, 1],
    ],
    [
      [0, 5],
      [0, 5],
    ],
  ],
  large: (rng) => Array.from({ length: 30000 }, (_, i): Customer => [i * 33333, int(rng, 1, 10000)]),
  python: (p) => ({
    mode: 'tokens',
    read: [
      'n = int(data[pos])',
      'flat = [int(x) for x in data[pos + 1:pos + 1 + 2 * n]]',
      'pos += 1 + 2 * n',
      'answers.append(str(solve(list(zip(flat[0::2], flat[1::2])))))',
    ].join('\n'),
    solve: [
      'def solve(customers):',
      '    time = 0',
      '    total = 0',
      '    worst = 0',
      '    for arrival, duration in customers:',
      '        start = max(time, arrival)',
      '        total += start - arrival',
      '        worst = max(worst, start - arrival)',
      '        time = start + duration',
      `    return ${p.report === 'total-wait' ? 'total' : p.report === 'max-wait' ? 'worst' : 'time'}`,
    ].join('\n'),
  }),
  edgeBug: () => ({ from: '        start = max(time, arrival)\n', to: '        start = time\n' }),
  slowSolve: (p) =>
    [
      'def solve(customers):',
      '    time = 0',
      '    total = 0',
      '    worst = 0',
      '    for arrival, duration in customers:',
      '        while time < arrival:',
      '            time += 1',
      '        total += time - arrival',
      '        worst = max(worst, time - arrival)',
      '        time += duration',
      `    return ${p.report === 'total-wait' ? 'total' : p.report === 'max-wait' ? 'worst' : 'time'}`,
    ].join('\n'),
};

type Division = 'truncate' | 'floor';

function divide(a: bigint, b: bigint, mode: Division): bigint {
  const q = a / b;
  return mode === 'floor' && a % b !== 0n && a < 0n !== b < 0n ? q - 1n : q;
}

/** Evaluates an RPN expression; null on a division by zero. */
function evaluate(tokens: string[], mode: Division): bigint | null {
  const stack: bigint[] = [];
  for (const t of tokens) {
    if (!'+-*/'.includes(t)) {
      stack.push(BigInt(t));
      continue;
    }
    const b = stack.pop()!;
    const a = stack.pop()!;
    if (t === '/' && b === 0n) return null;
    stack.push(t === '+' ? a + b : t === '-' ? a - b : t === '*' ? a * b : divide(a, b, mode));
  }
  return stack[0];
}

function expression(rng: Rng, depth: number): string[] {
  if (depth === 0 || rng.chance(0.3)) return [String(int(rng, 1, 20))];
  return [...expression(rng, depth - 1), ...expression(rng, depth - 1), rng.pick(['+', '-', '*', '/', '-', '/'])];
}

function validExpression(rng: Rng, depth: number, sameUnderBoth: boolean): string[] {
  for (let attempt = 0; attempt < 200; attempt++) {
    const e = expression(rng, depth);
    const t = evaluate(e, 'truncate');
    const f = evaluate(e, 'floor');
    if (t === null || f === null) continue;
    if (sameUnderBoth && t !== f) continue;
    return e;
  }
  return ['6', '3', '/', '2', '+'];
}

const rpn: Family<{ division: Division }, string[]> = {
  id: 'rpn-calculator',
  type: 'simulation',
  params: (rng) => ({ division: rng.pick(['truncate', 'floor'] as const) }),
  title: () => 'Stack calculator',
  legend: (p) =>
    'Evaluate an expression in reverse Polish notation with a stack: a number is pushed; an operator pops b, then a, and pushes a op b. The operators are +, -, * and /, where / is integer division ' +
    (p.division === 'truncate' ? 'rounding towards zero (so -7 / 2 = -3).' : 'rounding down (so -7 / 2 = -4).') +
    ' No division by zero occurs, and the stack holds exactly one number at the end.',
  input: () => 'Each test case is one line: the tokens separated by single spaces (positive integers up to 20 and operators, at most 63 tokens).',
  output: () => 'the value of the expression.',
  write: (_p, c) => c.join(' '),
  answer: (p, c) => String(evaluate(c, p.division)),
  // The examples never divide numbers of different signs, where the two roundings differ.
  example: (rng) => validExpression(rng, 3, true),
  random: (rng) => validExpression(rng, 4, false),
  edges: () => [['7', '10', '-', '2', '/'], ['5'], ['3', '4', '-', '5', '*'], ['1', '3', '/'], ['2', '9', '-', '3', '/']],
  python: (p) => ({
    mode: 'lines',
    solve: [
      'def apply(op, a, b):',
      '    if op == "+":',
      '        return a + b',
      '    if op == "-":',
      '        return a - b',
      '    if op == "*":',
      '        return a * b',
      ...(p.division === 'truncate'
        ? ['    q = abs(a) // abs(b)', '    return q if (a >= 0) == (b > 0) else -q']
        : ['    return a // b']),
      '',
      '',
      'def solve(line):',
      '    stack = []',
      '    for token in line.split():',
      '        if token in ("+", "-", "*", "/"):',
      '            b = stack.pop()',
      '            a = stack.pop()',
      '            stack.append(apply(token, a, b))',
      '        else:',
      '            stack.append(int(token))',
      '    return stack[0]',
    ].join('\n'),
  }),
  edgeBug: (p) =>
    p.division === 'truncate'
      ? { from: '    q = abs(a) // abs(b)\n    return q if (a >= 0) == (b > 0) else -q\n', to: '    return a // b\n' }
      : { from: '    return a // b\n', to: '    return int(a / b)\n' },
};

export const SIMULATION_FAMILIES = [roundRobinFamily, queueOps, josephus, robot, bus, automaton, bank, rpn];
