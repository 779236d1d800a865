// Reading MetaGym's `ANALYSIS:` / `IMPROVED PROMPT:` reply as models actually write it.

export type ParsedReflection = { analysis: string; prompt: string } | { error: string };

/** Shorter than this is a stub or a refusal, not a system prompt. */
export const MIN_PROMPT_CHARS = 20;

const THINK_BLOCK = /<think>[\s\S]*?<\/think>/gi;

// A section header line: markdown decoration, the name, decoration again, and a separator
// (":", " -", " —") or nothing at all (a header such as `## Improved Prompt`). The rest of the
// line, if any, is the section's first line.
const header = (name: string) =>
  new RegExp(`^[\\s>#*_]*(?:${name})[ \\t]*(?:\\*\\*|__|\\*|_)?[ \\t]*(?:[:：]|\\s[-–—]|$)[ \\t]*(?:\\*\\*|__)?[ \\t]*(.*)$`, 'i');

const ANALYSIS = header('analysis');
const PROMPT = header('improved[ \\t]+(?:system[ \\t]+)?prompt|new[ \\t]+system[ \\t]+prompt');

// Sections a model adds after the prompt, marked as such: a header line of their own in any case
// (`Notes:`, `**Explanation:**`, `## Changes`), or an upper-case label with text after it.
const TRAILER_HEADER = /^[\s>#*_]*(?:notes?|explanation|rationale|changes(?: made)?|summary of changes|comments?|remarks)[ \t]*(?:\*\*|__)?[ \t]*:?[ \t]*(?:\*\*|__)?[ \t]*$/i;
const TRAILER_LABEL = /^[\s>#*_]*(?:NOTES?|EXPLANATION|RATIONALE|CHANGES|COMMENTS?)[ \t]*(?:\*\*|__)?[ \t]*:/;
const isTrailer = (l: string) => TRAILER_HEADER.test(l) || TRAILER_LABEL.test(l);

const RULE = /^\s*(?:-{3,}|\*{3,}|_{3,}|={3,})\s*$/;
const FENCE = /^\s*(`{3,}|~{3,})[\w-]*\s*$/;

function trimLines(lines: string[]): string {
  let a = 0;
  let b = lines.length;
  const blank = (l: string) => l.trim() === '' || RULE.test(l);
  while (a < b && blank(lines[a])) a++;
  while (b > a && blank(lines[b - 1])) b--;
  return lines.slice(a, b).join('\n').trim();
}

const BARE_FENCE = /^\s*(?:`{3,}|~{3,})\s*$/;

/**
 * The prompt inside a fence, when the section opens with one: up to the last bare fence, so a
 * prompt holding its own fenced examples stays whole; text after the fence is dropped. A stray
 * closing fence (the whole reply was fenced) is dropped too.
 */
function unfence(lines: string[]): string[] {
  const start = lines.findIndex((l) => l.trim() !== '');
  const fences = lines.filter((l) => FENCE.test(l)).length;
  if (start < 0 || !FENCE.test(lines[start])) {
    const last = lines.findLastIndex((l) => l.trim() !== '');
    return fences % 2 === 1 && BARE_FENCE.test(lines[last]) ? lines.slice(0, last) : lines;
  }
  const close = lines.findLastIndex((l, i) => i > start && BARE_FENCE.test(l));
  return lines.slice(start + 1, close < 0 ? undefined : close);
}

const PAIRS: [string, string][] = [
  ['"""', '"""'],
  ["'''", "'''"],
  ['"', '"'],
  ['“', '”'],
  ["'", "'"],
];

function unquote(s: string): string {
  for (const [open, close] of PAIRS) {
    if (s.length >= open.length + close.length && s.startsWith(open) && s.endsWith(close)) return s.slice(open.length, -close.length).trim();
  }
  return s;
}

/**
 * Finds the sections in any case and markdown dress. The last IMPROVED PROMPT header wins (models
 * that revise themselves write a second one); the prompt ends at a marked trailing section such as
 * `NOTES:`. A missing ANALYSIS is tolerated; a missing, empty or stub prompt is an error.
 */
export function parseReflection(text: string): ParsedReflection {
  const lines = text.replace(THINK_BLOCK, '').split(/\r?\n/);
  let promptAt = -1;
  lines.forEach((l, i) => {
    if (PROMPT.test(l)) promptAt = i;
  });
  if (promptAt < 0) return { error: 'missing IMPROVED PROMPT section' };

  const analysisAt = lines.slice(0, promptAt).findIndex((l) => ANALYSIS.test(l));
  let analysis = '';
  if (analysisAt >= 0) {
    // The analysis ends at the first prompt header after it, even when a later one is used.
    const end = lines.findIndex((l, i) => i > analysisAt && PROMPT.test(l));
    analysis = trimLines([ANALYSIS.exec(lines[analysisAt])![1], ...lines.slice(analysisAt + 1, end)]);
  }

  let body = [PROMPT.exec(lines[promptAt])![1], ...lines.slice(promptAt + 1)];
  body = unfence(body);
  const end = body.findIndex(isTrailer);
  if (end >= 0) body = body.slice(0, end);
  const prompt = unquote(trimLines(body));

  if (prompt === '') return { error: 'empty IMPROVED PROMPT section' };
  if (prompt.length < MIN_PROMPT_CHARS) return { error: `IMPROVED PROMPT too short to be a system prompt (${prompt.length} characters): "${prompt}"` };
  return { analysis, prompt };
}
