// Reading the actor's ReAct-style reply ("Thought: … / Action: …") and matching the proposed
// action to the environment's admissible commands.

export interface ParsedActorReply {
  thought: string | null;
  action: string | null;
  /**
   * Everything after the first Action label, verbatim and multi-line: what a free-text template
   * such as `submit:\n<program>` takes, where the first line alone would cut the program off.
   */
  actionText: string | null;
}

// Reasoning models (Qwen3, DeepSeek-R1) may think aloud first; their drafts are not the answer.
const THINK_BLOCK = /<think>[\s\S]*?<\/think>/gi;

// A line opening a section: markdown decoration (`**Action:**`, `### Action`, `- Action:`), the
// label, ReAct's optional step number ("Action 2:"), then a colon, or nothing (a header line).
const LABEL =
  /^[\s>#*_-]*(thoughts?|thinking|reasoning|(?:next |final )?action|observation|feedback)\b[ \t]*\d*[ \t]*(?:\*\*|__|\*|_)?[ \t]*(?:[:：]|$)[ \t]*(?:\*\*|__)?(.*)$/i;

// The model continuing the transcript on the action's own line: "go to desk 1 Observation: …".
const INLINE_NEXT = /\s+(?:observation|thought)\s*[:：].*$/i;

const FENCE_LINE = /^\s*`{3,}[\w-]*\s*$/;

type Kind = 'thought' | 'action' | 'other';

interface Section {
  kind: Kind;
  lines: string[];
}

function kindOf(label: string): Kind {
  const l = label.toLowerCase();
  if (l.endsWith('action')) return 'action';
  if (l.startsWith('thought') || l === 'thinking' || l === 'reasoning') return 'thought';
  return 'other';
}

function sections(text: string): { preamble: string[]; sections: Section[] } {
  const preamble: string[] = [];
  const out: Section[] = [];
  for (const line of text.split(/\r?\n/)) {
    const m = LABEL.exec(line);
    if (m) out.push({ kind: kindOf(m[1]), lines: [m[2]] });
    else (out.at(-1)?.lines ?? preamble).push(line);
  }
  return { preamble, sections: out };
}

const QUOTES = `"'\`“”‘’*_`;

/** Strips what models wrap around a command: fences, backticks, quotes, bold, bullets, `>`, end punctuation. */
export function cleanAction(raw: string): string {
  let a = raw.replace(INLINE_NEXT, '').trim();
  for (let prev = ''; prev !== a; ) {
    prev = a;
    a = a.replace(/^`{3,}[\w-]*\s*/, '').replace(/\s*`{3,}$/, '');
    a = a.replace(/^(?:>\s*|[-*•]\s+|\d+[.)]\s+)/, '');
    while (a && QUOTES.includes(a[0])) a = a.slice(1);
    while (a && QUOTES.includes(a[a.length - 1])) a = a.slice(0, -1);
    if (/^\[.*\]$|^<.*>$|^\(.*\)$/.test(a)) a = a.slice(1, -1);
    a = a.replace(/[.!,;:]+$/, '').trim();
  }
  return a;
}

function joined(lines: string[]): string | null {
  const t = lines
    .filter((l) => !FENCE_LINE.test(l))
    .join('\n')
    .trim();
  return t === '' ? null : t;
}

/**
 * Tolerant of what instruction-tuned models actually write: any case, markdown decoration,
 * fenced or quoted actions, a missing Thought, several actions (the first wins), and the model
 * going on to invent the next `Observation:` (cut off there).
 */
export function parseActorReply(text: string): ParsedActorReply {
  const { preamble, sections: secs } = sections(text.replace(THINK_BLOCK, ''));
  const actionAt = secs.findIndex((s) => s.kind === 'action');
  let action: string | null = null;
  if (actionAt >= 0) {
    // "Action: go to x" has it on the label line; "### Action\n```\ngo to x\n```" on a later one.
    const first = secs[actionAt].lines.find((l) => !FENCE_LINE.test(l) && cleanAction(l) !== '');
    action = first === undefined ? null : cleanAction(first);
  }
  const thoughtSec = secs.find((s) => s.kind === 'thought');
  // Without a Thought label, prose before the action is the reasoning.
  const thought = thoughtSec ? joined(thoughtSec.lines) : actionAt >= 0 ? joined(preamble) : null;
  return { thought, action, actionText: actionAt >= 0 ? restAfterActionLabel(text.replace(THINK_BLOCK, '')) : null };
}

function restAfterActionLabel(text: string): string | null {
  const lines = text.split(/\r?\n/);
  const at = lines.findIndex((l) => {
    const m = LABEL.exec(l);
    return m !== null && kindOf(m[1]) === 'action';
  });
  if (at < 0) return null;
  const rest = [LABEL.exec(lines[at])![2], ...lines.slice(at + 1)].join('\n').trim();
  return rest === '' ? null : rest;
}

/** The proposal when the reply has no Action label: its first non-empty line, cleaned. */
export function firstLineProposal(text: string): string {
  const line = text
    .replace(THINK_BLOCK, '')
    .split(/\r?\n/)
    .find((l) => !FENCE_LINE.test(l) && l.trim() !== '');
  return line === undefined ? '' : cleanAction(line);
}

export type MatchKind = 'exact' | 'case' | 'edit' | 'template' | 'invalid';

export interface ActionMatch {
  /** What the environment is sent: an admissible command, or the proposal itself when invalid. */
  action: string;
  match: MatchKind;
  /** Edit distance to the matched command ('edit' only). */
  distance?: number;
}

const normalise = (s: string) => s.toLowerCase().replace(/\s+/g, ' ').trim().replace(/[.!]+$/, '');
const numbersOf = (s: string) => (s.match(/\d+/g) ?? []).join(',');

/** Levenshtein distance; stops early and returns `limit + 1` once it cannot be within `limit`. */
export function editDistance(a: string, b: string, limit = Number.POSITIVE_INFINITY): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      cur[j] = Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
      rowMin = Math.min(rowMin, cur[j]);
    }
    if (rowMin > limit) return limit + 1;
    prev = cur;
  }
  return prev[b.length];
}

/** Typos allowed: 2 characters, or 15% of the longer of the two texts when that is more. */
export function editThreshold(proposal: string, command: string = proposal): number {
  return Math.max(2, Math.floor(Math.max(normalise(proposal).length, normalise(command).length) * 0.15));
}

/**
 * Exact, then case/whitespace-insensitive, then the unique closest command within the edit
 * threshold. Otherwise the proposal itself is returned as invalid: the environment must see the
 * mistake (and answer "Nothing happens."), or the reflector would never learn about it.
 * An edit never changes a number: "fridge 2" for "fridge 1" is a different object, not a typo.
 */
/**
 * Admissible entries that stand for free text: `search[...]` (shop) or `submit:\n<program>`
 * (code). Returns the filled command when the proposal fills the template, else null.
 */
export function fillTemplate(entry: string, proposal: string): string | null {
  const bracket = entry.match(/^(.+?)\[\.\.\.\]$/s);
  if (bracket) {
    const m = proposal.match(/^(.+?)\[(.+)\]$/s);
    return m && m[1].toLowerCase() === bracket[1].toLowerCase() && m[2].trim() ? `${bracket[1]}[${m[2]}]` : null;
  }
  const angle = entry.match(/^(.+?)<[^>]+>$/s);
  if (angle && proposal.toLowerCase().startsWith(angle[1].toLowerCase()) && proposal.slice(angle[1].length).trim()) {
    return angle[1] + proposal.slice(angle[1].length);
  }
  return null;
}

export function matchAction(proposal: string, admissible: readonly string[]): ActionMatch {
  if (admissible.includes(proposal)) return { action: proposal, match: 'exact' };
  for (const entry of admissible) {
    const filled = fillTemplate(entry, proposal);
    if (filled !== null) return { action: filled, match: 'template' };
  }
  const p = normalise(proposal);
  if (p === '') return { action: proposal, match: 'invalid' };
  const same = admissible.find((a) => normalise(a) === p);
  if (same !== undefined) return { action: same, match: 'case' };
  const digits = numbersOf(p);
  let best: string[] = [];
  let bestDistance = Number.POSITIVE_INFINITY;
  for (const a of admissible) {
    const n = normalise(a);
    if (numbersOf(n) !== digits) continue;
    const limit = editThreshold(p, n);
    const d = editDistance(p, n, limit);
    if (d > limit) continue;
    if (d < bestDistance) [best, bestDistance] = [[a], d];
    else if (d === bestDistance) best.push(a);
  }
  if (best.length === 1) return { action: best[0], match: 'edit', distance: bestDistance };
  return { action: proposal, match: 'invalid' };
}
