// Shop: a generated web store in the spirit of WebShop (Yao et al. 2022). Search the catalogue,
// page through results, open an item, select its options and buy what the instruction asks for.

import { StatefulEnv, type Outcome } from '../stateful-env';
import type { EnvSpec, ResetResult, Task } from '../types';
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

class ShopEnv extends StatefulEnv<State> {
  constructor() {
    super({
      id: SHOP_ID,
      maxSteps: MAX_STEPS,
      negativeFeedback: NEGATIVE_FEEDBACK,
      availableActions: (s) => (s.done ? [] : admissible(s)),
      oracle: { nextAction, pitfallOpportunities },
    });
  }

  protected begin(task: Task): { state: State; result: ResetResult } {
    const s = generate(task.taskType, task.seed);
    return {
      state: s,
      result: {
        observation: renderPage(s),
        goal: s.goal.text,
        availableActions: admissible(s),
        info: { taskType: s.taskType, seed: s.seed, category: s.goal.category },
      },
    };
  }

  // A purchase ends the episode inside execute(), with the purchase's score as the reward.
  protected act(s: State, action: string): Outcome {
    return execute(s, String(action ?? ''));
  }

  protected ended(): Outcome {
    return { feedback: ENDED };
  }


  protected stepInfo(s: State): Record<string, unknown> {
    return { steps: s.steps, page: s.page.kind, ...(s.purchase ? { purchase: s.purchase } : {}) };
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
