import { describe, expect, it } from 'vitest';
import { editDistance, editThreshold, firstLineProposal, matchAction, parseActorReply } from './parse-actor';

describe('parseActorReply', () => {
  const cases: [string, string, { thought: string | null; action: string | null }][] = [
    ['plain ReAct', 'Thought: The apple may be in the fridge.\nAction: go to fridge 1', { thought: 'The apple may be in the fridge.', action: 'go to fridge 1' }],
    ['upper case labels', 'THOUGHT: open it first\nACTION: open fridge 1', { thought: 'open it first', action: 'open fridge 1' }],
    ['lower case labels', 'thought: look\naction: look', { thought: 'look', action: 'look' }],
    ['bold labels, colon inside', '**Thought:** I need to open it.\n\n**Action:** open fridge 1', { thought: 'I need to open it.', action: 'open fridge 1' }],
    ['bold labels, colon outside, backticked action', '**Thought**: take it\n**Action**: `take apple 1 from fridge 1`', { thought: 'take it', action: 'take apple 1 from fridge 1' }],
    [
      'markdown headers and a fenced action',
      '### Thought\nThe mug is usually on a countertop.\n\n### Action\n```\ngo to countertop 1\n```',
      { thought: 'The mug is usually on a countertop.', action: 'go to countertop 1' },
    ],
    [
      'Qwen continuing the transcript',
      'Thought: Go to the fridge.\nAction: go to fridge 1\nObservation: You arrive at fridge 1. The fridge 1 is closed.\nThought: Open it.\nAction: open fridge 1',
      { thought: 'Go to the fridge.', action: 'go to fridge 1' },
    ],
    ['continuation on the same line', 'Action: go to desk 1 Observation: You arrive at desk 1.', { thought: null, action: 'go to desk 1' }],
    ['trailing period', 'Thought: ok\nAction: go to fridge 1.', { thought: 'ok', action: 'go to fridge 1' }],
    ['quoted, then a period', 'Action: "go to fridge 1".', { thought: null, action: 'go to fridge 1' }],
    ['curly quotes', 'Action: “examine desk 1”', { thought: null, action: 'examine desk 1' }],
    ['stray trailing quote', "Action: put apple 1 in/on countertop 1'", { thought: null, action: 'put apple 1 in/on countertop 1' }],
    ['missing Thought', 'Action: look', { thought: null, action: 'look' }],
    ['Llama prose before the action', "I think the mug is on the desk.\nLet's check.\nAction: go to desk 1", { thought: "I think the mug is on the desk.\nLet's check.", action: 'go to desk 1' }],
    ['ReAct step numbers', 'Thought 3: find the apple\nAction 3: go to fridge 1', { thought: 'find the apple', action: 'go to fridge 1' }],
    ['multi-line thought', 'Thought: first line\nsecond line\nAction: inventory', { thought: 'first line\nsecond line', action: 'inventory' }],
    ['several actions listed, first wins', 'Thought: plan\nAction:\n1. go to fridge 1\n2. open fridge 1', { thought: 'plan', action: 'go to fridge 1' }],
    ['two Action lines, first wins', 'Action: go to fridge 1\nAction: open fridge 1', { thought: null, action: 'go to fridge 1' }],
    ['ALFWorld ">" prefix copied from the history', 'Thought: x\nAction: > go to fridge 1', { thought: 'x', action: 'go to fridge 1' }],
    ['bulleted bold label, italic action', '- **Action:** *go to fridge 1*', { thought: null, action: 'go to fridge 1' }],
    ['bracketed action', 'Action: [go to fridge 1]', { thought: null, action: 'go to fridge 1' }],
    ['"action:" inside the thought is not a label', 'Thought: the next action: go to the fridge\nAction: go to fridge 1', { thought: 'the next action: go to the fridge', action: 'go to fridge 1' }],
    ['"Action plan" is not a label', 'Action plan is simple.\nAction: look', { thought: 'Action plan is simple.', action: 'look' }],
    [
      'reasoning-model think block ignored',
      '<think>\nMaybe Action: inventory?\n</think>\nThought: wash it\nAction: go to sinkbasin 1',
      { thought: 'wash it', action: 'go to sinkbasin 1' },
    ],
    ['whole reply fenced', '```\nThought: heat it\nAction: heat egg 1 with microwave 1\n```', { thought: 'heat it', action: 'heat egg 1 with microwave 1' }],
    ['thought without action', "Thought: I can't decide.", { thought: "I can't decide.", action: null }],
    ['empty Action label', 'Thought: hmm\nAction:', { thought: 'hmm', action: null }],
    ['empty reply', '', { thought: null, action: null }],
    ['bare command', 'go to fridge 1', { thought: null, action: null }],
  ];
  it.each(cases)('%s', (_name, text, expected) => {
    const { thought, action } = parseActorReply(text);
    expect({ thought, action }).toEqual(expected);
  });
});

describe('firstLineProposal', () => {
  it.each([
    ['go to fridge 1', 'go to fridge 1'],
    ['```\n`go to fridge 1`\n```', 'go to fridge 1'],
    ['\n\nI am not sure what to do.\nMaybe look?', 'I am not sure what to do'],
    ['', ''],
  ])('%j → %j', (text, expected) => {
    expect(firstLineProposal(text)).toBe(expected);
  });
});

describe('editDistance', () => {
  it('is Levenshtein distance, and gives up past the limit', () => {
    expect([editDistance('kitten', 'sitting'), editDistance('', 'abc'), editDistance('abc', 'abc'), editDistance('flaw', 'lawn')]).toEqual([3, 3, 0, 2]);
    expect(editDistance('kitten', 'sitting', 2)).toBe(3);
    expect(editDistance('a', 'abcdef', 1)).toBe(2);
  });
});

describe('matchAction', () => {
  const admissible = ['go to fridge 1', 'go to countertop 1', 'take apple 1 from countertop 1', 'examine countertop 1', 'inventory', 'look'];

  it('takes an exact match as is', () => {
    expect(matchAction('go to fridge 1', admissible)).toEqual({ action: 'go to fridge 1', match: 'exact' });
  });

  it('ignores case, runs of whitespace and a final period', () => {
    expect(matchAction('  Go To   Fridge 1.', admissible)).toEqual({ action: 'go to fridge 1', match: 'case' });
  });

  it('corrects a typo within the threshold to the unique closest command', () => {
    expect(matchAction('go to fridg 1', admissible)).toEqual({ action: 'go to fridge 1', match: 'edit', distance: 1 });
    expect(matchAction('tkae aple 1 from countertop 1', admissible)).toEqual({ action: 'take apple 1 from countertop 1', match: 'edit', distance: 3 });
    expect(matchAction('lok', admissible)).toEqual({ action: 'look', match: 'edit', distance: 1 });
  });

  it('allows 2 edits on short proposals and 15% of the length on long ones', () => {
    expect([editThreshold('look'), editThreshold('examine countertop 1'), editThreshold('take apple 1 from countertop 1')]).toEqual([2, 3, 4]);
    // 3 edits: within 15% of 20 characters…
    expect(matchAction('exmine cuntertp 1', admissible)).toEqual({ action: 'examine countertop 1', match: 'edit', distance: 3 });
    // …4 are not.
    expect(matchAction('exmne cuntertp 1', admissible)).toEqual({ action: 'exmne cuntertp 1', match: 'invalid' });
    // 3 edits on a 9-character proposal are past the floor of 2.
    expect(matchAction('inventxyz', admissible)).toEqual({ action: 'inventxyz', match: 'invalid' });
  });

  it('executes the proposal itself, verbatim, when nothing is close', () => {
    expect(matchAction('Fly To The Moon!', admissible)).toEqual({ action: 'Fly To The Moon!', match: 'invalid' });
    expect(matchAction('', admissible)).toEqual({ action: '', match: 'invalid' });
    expect(matchAction('look', [])).toEqual({ action: 'look', match: 'invalid' });
  });

  it('is invalid when two commands are equally close', () => {
    expect(matchAction('take pon 1 from desk 1', ['take pen 1 from desk 1', 'take pan 1 from desk 1'])).toEqual({ action: 'take pon 1 from desk 1', match: 'invalid' });
  });

  it('never changes an object number, however close the text', () => {
    expect(matchAction('go to fridge 2', ['go to fridge 1'])).toEqual({ action: 'go to fridge 2', match: 'invalid' });
    expect(matchAction('go to cabinet 12', ['go to cabinet 1', 'go to cabinet 2'])).toEqual({ action: 'go to cabinet 12', match: 'invalid' });
    expect(matchAction('go to cabnet 12', ['go to cabinet 1', 'go to cabinet 12'])).toEqual({ action: 'go to cabinet 12', match: 'edit', distance: 1 });
  });
});

describe('matchAction with free-text templates', () => {
  it('fills `search[...]` and `submit:\\n<program>` templates with the proposal as written', () => {
    expect(matchAction('search[red wool socks]', ['search[...]'])).toEqual({ action: 'search[red wool socks]', match: 'template' });
    expect(matchAction('Search[Red Socks]', ['search[...]', 'click[back to search]'])).toEqual({ action: 'search[Red Socks]', match: 'template' });
    const program = 'submit:\nprint(sum(map(int, input().split())))';
    expect(matchAction(program, ['submit:\n<your python 3 program>'])).toEqual({ action: program, match: 'template' });
  });

  it('does not treat an empty template fill or other commands as a match', () => {
    expect(matchAction('search[', ['search[...]'])).toMatchObject({ match: 'invalid' });
    expect(matchAction('search[ ]', ['search[...]'])).toMatchObject({ match: 'invalid' });
    expect(matchAction('submit:\n', ['submit:\n<your python 3 program>'])).toMatchObject({ match: 'invalid' });
    expect(matchAction('click[b0001]', ['search[...]'])).toMatchObject({ match: 'invalid' });
  });
});

describe('multi-line actions for free-text templates', () => {
  const reply = 'Thought: read all input at once.\nAction: submit:\nimport sys\ndata = sys.stdin.read().split()\nprint(" ".join(reversed(data)))\n';

  it('keeps the whole text after the Action label', () => {
    expect(parseActorReply(reply)).toEqual({
      thought: 'read all input at once.',
      action: 'submit',
      actionText: 'submit:\nimport sys\ndata = sys.stdin.read().split()\nprint(" ".join(reversed(data)))',
    });
  });

  it('fills the submit template with the whole program', () => {
    const parsed = parseActorReply(reply);
    expect(matchAction(parsed.actionText!, ['submit:\n<your python 3 program>'])).toEqual({ action: parsed.actionText, match: 'template' });
  });
});
