import { describe, expect, it } from 'vitest';
import { parseReflection } from './parse-reflection';

const PROMPT = 'You are a household agent.\nReply with Thought: and Action: lines.\n- Open closed receptacles before taking from them.';

describe('parseReflection', () => {
  const ok: [string, string, string][] = [
    ['plain sections', `ANALYSIS:\nThe actor tried to take from a closed fridge.\n\nIMPROVED PROMPT:\n${PROMPT}\n`, 'The actor tried to take from a closed fridge.'],
    ['lower case, text on the header lines', `analysis: it looped.\nimproved prompt: ${PROMPT}`, 'it looped.'],
    ['bold headers, fenced prompt, trailing notes', `**ANALYSIS:**\nLooping.\n\n**IMPROVED PROMPT:**\n\`\`\`\n${PROMPT}\n\`\`\`\n\nNotes: I added one rule.`, 'Looping.'],
    ['bold headers, colon outside', `**Analysis**: Looping.\n**Improved Prompt**:\n${PROMPT}`, 'Looping.'],
    ['markdown headers', `## Analysis\nLooping.\n\n## Improved Prompt\n${PROMPT}`, 'Looping.'],
    ['dash separators', `Analysis - looping.\nImproved prompt - ${PROMPT}`, 'looping.'],
    ['"Improved System Prompt" and a language-tagged fence', `ANALYSIS:\nx\nIMPROVED SYSTEM PROMPT:\n\`\`\`text\n${PROMPT}\n\`\`\``, 'x'],
    ['quoted prompt', `ANALYSIS:\nx\nIMPROVED PROMPT:\n"${PROMPT}"`, 'x'],
    ['triple-quoted prompt', `ANALYSIS:\nx\nIMPROVED PROMPT:\n"""\n${PROMPT}\n"""`, 'x'],
    ['marked NOTES section after an unfenced prompt', `ANALYSIS:\nx\nIMPROVED PROMPT:\n${PROMPT}\n\nNOTES:\nThe new rule covers fridges.`, 'x'],
    ['bold Explanation header after the prompt', `ANALYSIS:\nx\nIMPROVED PROMPT:\n${PROMPT}\n\n**Explanation:**\nWhy I changed it.`, 'x'],
    ['horizontal rules between sections', `---\nANALYSIS:\nx\n---\nIMPROVED PROMPT:\n${PROMPT}\n---`, 'x'],
    ['whole reply in a fence', `\`\`\`markdown\nANALYSIS:\nx\n\nIMPROVED PROMPT:\n${PROMPT}\n\`\`\``, 'x'],
    ['think block with a draft is ignored', `<think>\nIMPROVED PROMPT: draft\n</think>\nANALYSIS:\nx\nIMPROVED PROMPT:\n${PROMPT}`, 'x'],
    ['a revised second prompt wins', `ANALYSIS:\nx\nIMPROVED PROMPT:\nYou are a draft prompt that I will revise.\n\nIMPROVED PROMPT:\n${PROMPT}`, 'x'],
    ['missing ANALYSIS', `Here is my answer.\n\nIMPROVED PROMPT:\n${PROMPT}`, ''],
    ['prose mentioning the section is not a header', `ANALYSIS:\nThe improved prompt should stress opening.\nIMPROVED PROMPT:\n${PROMPT}`, 'The improved prompt should stress opening.'],
  ];
  it.each(ok)('%s', (_name, text, analysis) => {
    expect(parseReflection(text)).toEqual({ analysis, prompt: PROMPT });
  });

  it('keeps fenced examples inside a fenced prompt', () => {
    const inner = 'Reply as JSON, for example:\n```json\n{"action": "look"}\n```\nNever add prose.';
    expect(parseReflection(`ANALYSIS:\nx\nIMPROVED PROMPT:\n\`\`\`\n${inner}\n\`\`\`\nHope this helps!`)).toEqual({ analysis: 'x', prompt: inner });
  });

  const failures: [string, string, string][] = [
    ['no sections at all', 'I cannot help with that.', 'missing IMPROVED PROMPT section'],
    ['only an analysis', 'ANALYSIS:\nThe actor did fine.', 'missing IMPROVED PROMPT section'],
    ['prose mention without a header', 'The improved prompt should mention fridges.', 'missing IMPROVED PROMPT section'],
    ['empty prompt', 'ANALYSIS:\nx\nIMPROVED PROMPT:\n\n', 'empty IMPROVED PROMPT section'],
    ['empty fence', 'ANALYSIS:\nx\nIMPROVED PROMPT:\n```\n```', 'empty IMPROVED PROMPT section'],
    ['stub prompt', 'ANALYSIS:\nx\nIMPROVED PROMPT: Be careful.', 'IMPROVED PROMPT too short to be a system prompt (11 characters): "Be careful."'],
  ];
  it.each(failures)('fails on %s', (_name, text, error) => {
    expect(parseReflection(text)).toEqual({ error });
  });
});
