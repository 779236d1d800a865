// The generic prompt templates of the LLM actor and ICT reflector, as data. An environment may
// override any of them (`EnvSpec.promptTemplates`) and a run may override those again.
import type { EnvSpec, PromptTemplates } from '../../envs/types';

/** Placeholders the actor's user message is rendered with (see `actorVars` in actor.ts). */
export const ACTOR_PLACEHOLDERS = ['goal', 'observation', 'available_actions', 'history', 'step', 'max_steps'] as const;
/** Placeholders both reflector templates are rendered with. */
export const REFLECTOR_PLACEHOLDERS = ['prompt', 'trajectories', 'batch_summary'] as const;

export const DEFAULT_TEMPLATES: PromptTemplates = {
  actorUser: [
    'Your task is to: {goal}',
    '',
    'Your last steps (oldest first):',
    '{history}',
    '',
    'Current observation (step {step} of at most {max_steps}):',
    '{observation}',
    '',
    'Admissible actions:',
    '{available_actions}',
    '',
    'Reply in exactly this format:',
    'Thought: <your brief reasoning>',
    'Action: <one admissible action, copied exactly>',
  ].join('\n'),

  reflectorSystem: [
    'You improve the system prompt of an agent (the actor) that acts in a text environment.',
    'The actor attempted a batch of tasks, once each, under its current system prompt. You are shown',
    'that prompt and the trajectories: for every episode the goal, each action the actor took and',
    "the environment's feedback, and the outcome.",
    '',
    'The next batch will hold different tasks, some of kinds not seen here, and the actor gets one',
    'attempt at each. Your prompt must help it there, not on the tasks below.',
    '',
    'First analyse the trajectories: which behaviours led to success, which mistakes led to failure',
    'or wasted steps (invalid actions, loops, wrong order of actions), and why.',
    'Then write the improved system prompt:',
    '- keep what works in the current prompt, including the reply format it asks for;',
    '- add concrete, generalisable lessons as short rules the actor can follow;',
    '- do not mention specific task instances (particular objects, numbers or goals from this batch);',
    '- the prompt must stand alone: the actor never sees this analysis.',
    '',
    'Answer with exactly two sections and nothing after them:',
    'ANALYSIS:',
    '<your analysis>',
    'IMPROVED PROMPT:',
    '<the full new system prompt for the actor>',
  ].join('\n'),

  reflectorUser: [
    'CURRENT PROMPT:',
    '{prompt}',
    '',
    'BATCH: {batch_summary}',
    '',
    'TRAJECTORIES:',
    '{trajectories}',
  ].join('\n'),
};

const FIELDS = Object.keys(DEFAULT_TEMPLATES) as (keyof PromptTemplates)[];

const given = (s: string | undefined): s is string => typeof s === 'string' && s.trim() !== '';

/**
 * Per template: the run's override, else the environment's, else the generic default. A blank
 * override counts as none, since forms send empty strings for untouched fields.
 */
export function resolveTemplates(spec: Pick<EnvSpec, 'promptTemplates'>, overrides: Partial<PromptTemplates> = {}): PromptTemplates {
  const out = { ...DEFAULT_TEMPLATES };
  for (const f of FIELDS) {
    const fromEnv = spec.promptTemplates?.[f];
    const fromRun = overrides[f];
    out[f] = given(fromRun) ? fromRun : given(fromEnv) ? fromEnv : DEFAULT_TEMPLATES[f];
  }
  return out;
}

// `{name}` is a placeholder; `{{name}}` writes a literal `{name}`. Anything else in braces (JSON
// examples such as `{"action": "look"}`) is not an identifier and is left alone.
const PLACEHOLDER = /\{\{([A-Za-z_]\w*)\}\}|\{([A-Za-z_]\w*)\}/g;

export class TemplateError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TemplateError';
  }
}

/** The placeholder names a template uses, in order of first use. */
export function templatePlaceholders(template: string): string[] {
  const names = new Set<string>();
  for (const m of template.matchAll(PLACEHOLDER)) if (m[2]) names.add(m[2]);
  return [...names];
}

/**
 * Fills `{name}` placeholders in one pass (values are never re-scanned, so an observation that
 * contains braces is inserted verbatim). Fails on a placeholder `vars` does not provide, naming
 * the ones it does, so a typo in a run's template surfaces before any model call.
 */
export function renderTemplate(template: string, vars: Record<string, string | number>): string {
  const unknown = templatePlaceholders(template).filter((n) => !Object.hasOwn(vars, n));
  if (unknown.length) {
    const list = unknown.map((n) => `{${n}}`).join(', ');
    const known = Object.keys(vars).map((n) => `{${n}}`).join(', ');
    throw new TemplateError(`unknown placeholder${unknown.length > 1 ? 's' : ''} ${list} in template; known: ${known}`);
  }
  return template.replace(PLACEHOLDER, (_, escaped: string | undefined, name: string | undefined) =>
    escaped !== undefined ? `{${escaped}}` : String(vars[name!]),
  );
}
