import { describe, expect, it } from 'vitest';
import { householdEnv } from '../../envs/household';
import { ACTOR_PLACEHOLDERS, DEFAULT_TEMPLATES, REFLECTOR_PLACEHOLDERS, renderTemplate, resolveTemplates, TemplateError, templatePlaceholders } from './templates';

describe('default templates', () => {
  it('use exactly the documented placeholders', () => {
    expect(templatePlaceholders(DEFAULT_TEMPLATES.actorUser).sort()).toEqual([...ACTOR_PLACEHOLDERS].sort());
    expect(templatePlaceholders(DEFAULT_TEMPLATES.reflectorUser).sort()).toEqual([...REFLECTOR_PLACEHOLDERS].sort());
    expect(templatePlaceholders(DEFAULT_TEMPLATES.reflectorSystem)).toEqual([]);
  });

  it("ask for MetaGym's two sections and the actor's reply format", () => {
    const sys = DEFAULT_TEMPLATES.reflectorSystem;
    expect(sys).toMatch(/^ANALYSIS:$/m);
    expect(sys).toMatch(/^IMPROVED PROMPT:$/m);
    expect(sys).toMatch(/do not mention specific task instances/i);
    expect(DEFAULT_TEMPLATES.actorUser).toMatch(/^Thought: .*\nAction: /m);
  });
});

describe('resolveTemplates', () => {
  const spec = { promptTemplates: { actorUser: 'ENV {goal}', reflectorUser: 'ENV {prompt}' } };

  it('takes the run override, else the environment default, else the generic one', () => {
    expect(resolveTemplates(spec, { reflectorUser: 'RUN {trajectories}' })).toEqual({
      actorUser: 'ENV {goal}',
      reflectorSystem: DEFAULT_TEMPLATES.reflectorSystem,
      reflectorUser: 'RUN {trajectories}',
    });
    expect(resolveTemplates(householdEnv)).toEqual(DEFAULT_TEMPLATES);
  });

  it('treats a blank override as none', () => {
    expect(resolveTemplates(spec, { actorUser: '  ', reflectorSystem: '' })).toEqual({ ...DEFAULT_TEMPLATES, actorUser: 'ENV {goal}', reflectorUser: 'ENV {prompt}' });
  });
});

describe('renderTemplate', () => {
  it('fills every placeholder, numbers included, and ignores unused variables', () => {
    expect(renderTemplate('Step {step} of {max_steps}: {goal}. {goal}!', { goal: 'find it', step: 3, max_steps: 30, unused: 'x' })).toBe('Step 3 of 30: find it. find it!');
  });

  it('leaves JSON and other non-identifier braces alone, and {{name}} is a literal', () => {
    const t = 'Reply as {"thought": "...", "action": {"name": "{goal}"}} or { goal }; write {{goal}} for the goal.';
    expect(renderTemplate(t, { goal: 'look' })).toBe('Reply as {"thought": "...", "action": {"name": "look"}} or { goal }; write {goal} for the goal.');
  });

  it('inserts values verbatim, never expanding placeholders inside them', () => {
    expect(renderTemplate('{observation} / {goal}', { observation: 'a {goal} sign', goal: 'g' })).toBe('a {goal} sign / g');
  });

  it('names the unknown placeholders and lists the known ones', () => {
    expect(() => renderTemplate('Do {gaol} in {stpe} ({goal})', { goal: 'x', step: 1 })).toThrow(
      new TemplateError('unknown placeholders {gaol}, {stpe} in template; known: {goal}, {step}'),
    );
    expect(() => renderTemplate('{nope}', {})).toThrow(TemplateError);
  });
});
