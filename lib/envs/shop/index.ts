// Shop: a generated web store in the spirit of WebShop (Yao et al. 2022). Search the catalogue,
// page through results, open an item, select its options and buy what the instruction asks for.

import type { Env, EnvSnapshot, EnvSpec, Oracle, ResetResult, StepResult, Task } from '../types';
import { ENDED, execute } from './commands';
import { nextAction } from './oracle';
import { PITFALLS, pitfallOpportunities } from './pitfalls';
import { admissible, renderPage } from './pages';
import { TASK_TYPES } from './taskTypes';
import { generate, type State } from './world';

export const SHOP_ID = 'shop';
/** WebShop's own limit. */
export const MAX_STEPS = 15;

const NEGATIVE_FEEDBACK: RegExp[] = [
  /^Invalid action: /,
  /^That option does not exist for this item\.$/,
  /This item is out of stock\./,
  /^Please select an? [a-z]+ first\.$/,
  /^No results for .*\.$/,
];

const SYSTEM_PROMPT = [
  'You are a shopping agent in a web store. You are given an instruction describing a product to buy.',
  'Each turn you see the current page and a list of admissible actions; buy a product that matches',
  'the instruction as closely as possible.',
  '',
  'Reply in exactly this format:',
  'Thought: <your brief reasoning>',
  'Action: <one action>',
  '',
  'The action must be one of the admissible actions, copied exactly. An admissible action ending in',
  '"[...]" is a template for free text: replace "..." with your own words, e.g. search[your query].',
  'Actions are search[<query>] on the search page and click[<button>], where <button> is a bracketed',
  'entry on the current page, such as next >, < prev, back to search, an item id, an option value,',
  'description, features, reviews or buy now.',
].join('\n');

function isNegative(feedback: string): boolean {
  return NEGATIVE_FEEDBACK.some((re) => re.test(feedback));
}

function copy(s: State): State {
  return JSON.parse(JSON.stringify(s)) as State;
}

class ShopEnv implements Env {
  private state: State | null = null;

  readonly oracle: Oracle = {
    nextAction: () => (this.state ? nextAction(this.state) : null),
    pitfallOpportunities: () => (this.state ? pitfallOpportunities(this.state) : []),
  };

  private current(): State {
    if (!this.state) throw new Error('shop: step() called before reset()');
    return this.state;
  }

  async reset(task: Task): Promise<ResetResult> {
    const s = generate(task.taskType, task.seed);
    this.state = s;
    return {
      observation: renderPage(s),
      goal: s.goal.text,
      availableActions: admissible(s),
      info: { taskType: s.taskType, seed: s.seed, category: s.goal.category },
    };
  }

  async step(action: string): Promise<StepResult> {
    const s = this.current();
    if (s.done) {
      // The episode is over: nothing changes and no further step is counted.
      return this.result(s, ENDED, 0);
    }
    s.steps += 1;
    const { feedback, reward } = execute(s, String(action ?? ''));
    if (s.steps >= MAX_STEPS) s.done = true;
    return this.result(s, feedback, reward);
  }

  private result(s: State, observation: string, reward: number): StepResult {
    return {
      observation,
      reward,
      done: s.done,
      success: s.success,
      availableActions: s.done ? [] : admissible(s),
      negative: isNegative(observation),
      info: { steps: s.steps, page: s.page.kind, ...(s.purchase ? { purchase: s.purchase } : {}) },
    };
  }

  async snapshot(): Promise<EnvSnapshot> {
    return copy(this.current());
  }

  async restore(snapshot: EnvSnapshot): Promise<void> {
    this.state = copy(snapshot as State);
  }

  async close(): Promise<void> {
    this.state = null;
  }
}

export const shopEnv: EnvSpec = {
  id: SHOP_ID,
  name: 'Shop (WebShop-style)',
  version: 'shop@1.0.0',
  description:
    'A generated web store in the spirit of WebShop: search a fixed catalogue of about 500 products, ' +
    'page through the results, open an item, select its options (size, color, flavor, ...) and buy ' +
    'what the instruction asks for; the reward is the share of attributes, options and price matched.',
  taskTypes: TASK_TYPES.map(({ id, label, description, split }) => ({ id, label, description, split })),
  pitfalls: PITFALLS,
  negativeFeedback: NEGATIVE_FEEDBACK,
  maxSteps: MAX_STEPS,
  initialSystemPrompt: SYSTEM_PROMPT,
  create: () => new ShopEnv(),
};
