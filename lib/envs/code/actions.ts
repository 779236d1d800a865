// The one action of this environment is a submission: `submit:` followed by a whole Python 3
// program. It is free text, so the admissible list holds a template rather than commands.

/**
 * The only entry of `availableActions`. An entry ending in `>` is a template: the agent replaces
 * the `<…>` part (here with its program); everything before it must be written as shown.
 */
export const SUBMIT_TEMPLATE = 'submit:\n<program>';
export const MAX_PROGRAM_CHARS = 65_536;

export type ParsedAction = { ok: true; code: string } | { ok: false; error: string };

const FENCED = /^```[\w+-]*[ \t]*\n([\s\S]*?)\n?```[ \t]*$/;

/**
 * Accepts `submit:` (any case, optional spaces before the colon) followed by the program on the
 * next lines or on the same line, the program optionally wrapped in a ``` fence; a message that
 * is only a fenced block counts as a submission too, since models often answer that way.
 */
export function parseAction(raw: string): ParsedAction {
  const text = raw.replace(/\r\n?/g, '\n');
  const prefix = /^\s*submit\s*:[ \t]*/i.exec(text);
  let rest: string;
  if (prefix) rest = text.slice(prefix[0].length);
  else if (/^\s*```/.test(text)) rest = text;
  else {
    return {
      ok: false,
      error: 'Invalid action: expected "submit:" followed by a complete Python 3 program on the next lines.',
    };
  }
  const fenced = FENCED.exec(rest.trim());
  let code = fenced ? fenced[1] : rest;
  // Blank lines before the program are layout; indentation of its first line is not ours to fix.
  code = code.replace(/^(?:[ \t]*\n)+/, '').trimEnd();
  if (code.trim() === '') return { ok: false, error: 'Invalid action: the program after "submit:" is empty.' };
  if (code.length > MAX_PROGRAM_CHARS) {
    return { ok: false, error: `Invalid action: the program is longer than ${MAX_PROGRAM_CHARS} characters.` };
  }
  return { ok: true, code: `${code}\n` };
}

/** Whether `action` fits one of the admissible entries: equal to a command, or filling a template. */
export function fitsAvailable(action: string, available: readonly string[]): boolean {
  return available.some((entry) => {
    if (!entry.endsWith('>')) return entry === action;
    const head = entry.slice(0, entry.lastIndexOf('<'));
    return action.startsWith(head) && action.length > head.length;
  });
}
