// Mistakes shared by every task type, each recognisable from the submitted code plus the
// judge's verdict. The flawed programs come from problems.ts; the patterns below must tell them
// apart: input-parsing never touches sys.stdin, print-format prints a list, slow-solution nests
// loops, and edge-case is a well-formed program with none of those features that still fails a
// hidden test. References therefore never nest loops (see python.ts).

import type { Pitfall, PitfallOpportunity } from '../types';
import type { Problem } from './problems';

/** A `for`/`while` whose indented body holds another `for`/`while`. */
const NESTED_LOOP = String.raw`(?:^|\n)([ \t]*)(?:for|while)\b[^\n]*\n(?:(?:\1[ \t]+[^\n]*|[ \t]*)\n)*?\1[ \t]+(?:for|while)\b`;
const LIST_PRINT = String.raw`\bprint\(\s*(?:\[|list\(|tuple\(|sorted\(|(?:answers?|results?|res|ans|out|output)\s*\))`;
const READS_ALL = String.raw`\bsys\.stdin\b|\bopen\(\s*0\b`;

export const PITFALLS: Pitfall[] = [
  {
    id: 'input-parsing',
    description: 'Reads the input with a single input() call although it spans several lines.',
    lesson:
      'Read the whole input at once, for example with data = sys.stdin.read().split(), and walk through it; a single input() call reads only the first line, but the input spans several lines.',
    actionPattern: new RegExp(String.raw`^(?![\s\S]*(?:${READS_ALL}))[\s\S]*\binput\(\s*\)`),
    feedbackPattern: /^(?:Runtime error|Wrong answer) on example \d+/,
  },
  {
    id: 'print-format',
    description: 'Prints the answers as a Python list instead of plain values.',
    lesson:
      'Print answers as plain values, one per line or separated by spaces exactly as the examples show, never as a Python list, tuple or repr.',
    actionPattern: new RegExp(LIST_PRINT),
    feedbackPattern: /^Wrong answer on example \d+: expected .*, got "[[(]/,
  },
  {
    id: 'edge-case',
    description: 'Passes the examples but mishandles the smallest or boundary inputs of the hidden tests.',
    lesson:
      'Before submitting, trace the program by hand on the smallest inputs the constraints allow (zero, an empty line, a single element) and on ties and touching boundaries: the hidden tests contain them even when the examples do not.',
    actionPattern: new RegExp(String.raw`^(?=[\s\S]*(?:${READS_ALL}))(?![\s\S]*${LIST_PRINT})(?![\s\S]*?${NESTED_LOOP})`),
    feedbackPattern: /^(?:Wrong answer|Runtime error) on a hidden test/,
  },
  {
    id: 'slow-solution',
    description: 'Submits a correct but quadratic (or step-by-step) program that exceeds the time limit on large tests.',
    lesson:
      'Check the constraints before coding: when n or the values can reach tens of thousands or more, avoid nested loops and step-by-step counting, and use counting, prefix sums, sorting or arithmetic instead.',
    actionPattern: new RegExp(NESTED_LOOP),
    feedbackPattern: /^Time limit exceeded/,
  },
];

export function submission(code: string): string {
  return `submit:\n${code}`;
}

export function pitfallOpportunities(p: Problem): PitfallOpportunity[] {
  const out: PitfallOpportunity[] = [
    {
      pitfallId: 'input-parsing',
      action: submission(p.variants.inputParsing),
      thought: 'I will read the numbers with input().split() and solve each test case.',
    },
    {
      pitfallId: 'print-format',
      action: submission(p.variants.printFormat),
      thought: 'I will collect the answers in a list and print the list at the end.',
    },
  ];
  if (p.variants.edgeCase) {
    out.push({
      pitfallId: 'edge-case',
      action: submission(p.variants.edgeCase),
      thought: 'This straightforward solution gives the right answers on both examples; I will submit it.',
    });
  }
  if (p.variants.slowSolution) {
    out.push({
      pitfallId: 'slow-solution',
      action: submission(p.variants.slowSolution),
      thought: 'A direct brute force over all possibilities is simplest and clearly correct; I will submit it.',
    });
  }
  return out;
}
