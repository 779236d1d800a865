import { describe, it, expect } from 'vitest';
import type { Env, StepResult } from '../types';
import { rngFor } from '../../util/rng';
import {
  expectNeutralPrompt,
  expectOracleSucceeds,
  expectSameSeedSameRun,
  expectSeedsDiffer,
  expectSnapshotReplays,
  expectTaskTypes,
  followOracle as follow,
  negativeFor,
  starter,
  stepToLimit,
  walkPitfalls,
  walkAdmissible,
} from '../testing/env-checks';
import { CATEGORIES, OPTION_KINDS } from './catalog';
import { BAD_OPTION, INVALID_CLICK, INVALID_SYNTAX, OUT_OF_STOCK, SEARCH_ELSEWHERE, EMPTY_QUERY } from './commands';
import { score, type Goal } from './goal';
import { PRODUCTS, productById } from './products';
import { search } from './search';
import { shopEnv, MAX_STEPS } from './index';
import type { State } from './world';

const TYPES = shopEnv.taskTypes.map((t) => t.id);
const SEEDS = Array.from({ length: 20 }, (_, i) => i + 1);

const start = starter(shopEnv);

/** Admissible as listed, or filling a free-text template such as `search[...]`. */
function admits(available: string[], action: string): boolean {
  return (
    available.includes(action) ||
    available.some((a) => a.endsWith('[...]') && action.startsWith(a.slice(0, -4)) && action.endsWith(']') && action.length > a.length - 3)
  );
}

async function state(env: Env): Promise<State> {
  return (await env.snapshot!()) as State;
}

/** Follows the oracle until the episode ends, checking that every planned action is admissible. */
function followOracle(env: Env, available: string[]) {
  return follow(env, available, (listed, next) => {
    expect(listed.length).toBeGreaterThan(0);
    expect(admits(listed, next.action), `${next.action} not in ${listed.join(' | ')}`).toBe(true);
  });
}

/** Plays the oracle until its next step would be `stop` (e.g. buying), leaving the env there. */
async function oracleUntil(env: Env, stop: (action: string) => boolean): Promise<StepResult | null> {
  let last: StepResult | null = null;
  for (;;) {
    const next = env.oracle!.nextAction()!;
    if (stop(next.action)) return last;
    last = await env.step(next.action);
  }
}

describe('shop spec', () => {
  it('declares one task type per category group with default splits', () => {
    expectTaskTypes(shopEnv, [
      { id: 'fashion', split: 'train' },
      { id: 'electronics', split: 'train' },
      { id: 'home', split: 'train' },
      { id: 'beauty', split: 'heldout' },
      { id: 'grocery', split: 'heldout' },
    ]);
  });

  it('has identity, limits, pitfalls and negative feedback', () => {
    expect({ id: shopEnv.id, name: shopEnv.name, maxSteps: shopEnv.maxSteps, version: shopEnv.version }).toEqual({
      id: 'shop',
      name: 'Shop (WebShop-style)',
      maxSteps: 15,
      version: 'shop@1.0.0',
    });
    expect(shopEnv.pitfalls.map((p) => p.id)).toEqual(['out-of-stock', 'missing-option', 'bad-option', 'invalid-click']);
    const negative = negativeFor(shopEnv);
    for (const text of [INVALID_CLICK, INVALID_SYNTAX, SEARCH_ELSEWHERE, EMPTY_QUERY, BAD_OPTION, OUT_OF_STOCK, 'Please select a size first.', 'No results for zzz.']) {
      expect(negative(text), text).toBe(true);
    }
    expect(negative('Thank you for shopping with us! You bought X (large) for $9.99. Your score (min 0.0, max 1.0): 0.50')).toBe(false);
    expect(negative('[back to search] [next >]\nPage 1 of 5 (total results: 50) for "mug"')).toBe(false);
  });

  it('has a neutral system prompt without any lesson that explains the [...] template', () => {
    expectNeutralPrompt(shopEnv, /out of stock|select every|not its title|size: large/i);
    expect(shopEnv.initialSystemPrompt).toContain('"[...]" is a template for free text');
  });
});

describe('shop catalogue', () => {
  it('holds a few hundred products with unique ids, in every category, a few out of stock', () => {
    expect(PRODUCTS.length).toBeGreaterThanOrEqual(400);
    expect(PRODUCTS.length).toBeLessThanOrEqual(600);
    expect(new Set(PRODUCTS.map((p) => p.id)).size).toBe(PRODUCTS.length);
    for (const c of CATEGORIES) expect(PRODUCTS.filter((p) => p.category === c.id).length).toBeGreaterThanOrEqual(20);
    const out = PRODUCTS.filter((p) => !p.inStock).length;
    expect(out).toBeGreaterThan(20);
    expect(out / PRODUCTS.length).toBeLessThan(0.2);
  });

  it('keeps titles, ids and option values distinguishable from each other', () => {
    const kindFirst = new RegExp(`^(?:${OPTION_KINDS.join('|')})\\b`, 'i');
    for (const p of PRODUCTS) {
      expect(p.id).toMatch(/^b0[a-z0-9]{8}$/);
      expect(p.title.split(/\s+/).length).toBeGreaterThanOrEqual(5);
      expect(p.title).not.toMatch(/[[\]:]/);
      expect(p.title).not.toMatch(kindFirst);
      expect(p.options.length).toBeGreaterThan(0);
      const values = p.options.flatMap((o) => o.values);
      expect(new Set(values).size).toBe(values.length);
      for (const o of p.options) expect(o.values.length).toBeGreaterThanOrEqual(2);
      for (const v of values) expect(v.split(' ').length).toBeLessThanOrEqual(2);
    }
  });

  it('gives out-of-stock twins the original title words under another brand', () => {
    const twins = PRODUCTS.filter((p) => p.twinOf);
    expect(twins.length).toBeGreaterThan(20);
    for (const t of twins) {
      const o = productById(t.twinOf!)!;
      expect({ inStock: t.inStock, category: t.category, attributes: t.attributes, options: t.options }).toEqual({
        inStock: false,
        category: o.category,
        attributes: o.attributes,
        options: o.options,
      });
      expect(t.title.slice(t.brand.length)).toBe(o.title.slice(o.brand.length));
      expect(t.brand).not.toBe(o.brand);
    }
  });

  it('searches deterministically, best matches first, at most 50', () => {
    const a = search('machine washable t-shirt');
    expect(search('Machine  Washable T-Shirt')).toEqual(a);
    expect(a.length).toBeGreaterThan(10);
    expect(a.length).toBeLessThanOrEqual(50);
    expect(productById(a[0])!.category).toBe('mens-tshirt');
    expect(search('xyzzy plugh')).toEqual([]);
  });
});

describe('shop reward', () => {
  const p = PRODUCTS.find((x) => x.category === 'mens-tshirt' && x.inStock && x.attributes.length >= 2)!;
  const goal: Goal = {
    text: 'test',
    group: 'fashion',
    category: 'mens-tshirt',
    attributes: p.attributes.slice(0, 2),
    options: p.options.map((o) => ({ kind: o.kind, value: o.values[0] })),
    priceLimit: Math.ceil(p.price) + 1,
    targetId: p.id,
    query: 't-shirt',
  };
  const all = Object.fromEntries(p.options.map((o) => [o.kind, o.values[0]]));

  it('gives 1 for a full match and the share of requirements met otherwise', () => {
    expect(score(p, all, goal)).toEqual({ reward: 1, success: true });
    const wrong = { ...all, [p.options[0].kind]: p.options[0].values[1] };
    expect(score(p, wrong, goal)).toEqual({ reward: 0.8, success: false });
    expect(score(p, all, { ...goal, priceLimit: p.price })).toEqual({ reward: 0.8, success: false });
  });

  it('scales by the type factor: half for another category of the group, nothing for another group', () => {
    expect(score(p, all, { ...goal, category: 'hoodie' })).toEqual({ reward: 0.5, success: false });
    expect(score(p, all, { ...goal, category: 'shampoo', group: 'beauty' })).toEqual({ reward: 0, success: false });
  });
});

describe('shop determinism', () => {
  it('gives the same instruction and oracle trajectory for the same seed', async () => {
    await expectSameSeedSameRun(start, followOracle, TYPES);
  });

  it('gives different instructions for different seeds', async () => {
    await expectSeedsDiffer(TYPES, SEEDS.slice(0, 10), async (type, seed) => (await start(type, seed)).reset.goal);
  });

  it('starts on the search page with a WebShop-style instruction', async () => {
    for (const type of TYPES) {
      const { reset } = await start(type, 3);
      expect(reset.goal).toMatch(
        /^(i need|i'm looking for|i want to buy|find me|i would like) .+, and price lower than \d+\.00 dollars$/,
      );
      expect(reset.observation).toBe(`WebShop\nInstruction:\n${reset.goal}\n[search]`);
      expect(reset.availableActions).toEqual(['search[...]']);
      expect(reset.info).toMatchObject({ taskType: type, seed: 3 });
    }
  });
});

describe('shop oracle', () => {
  it('solves every task type on 20 seeds within maxSteps', async () => {
    const rate: Record<string, number> = {};
    for (const type of TYPES) {
      let solved = 0;
      for (const seed of SEEDS) {
        const { env, reset } = await start(type, seed);
        const { actions, results } = await followOracle(env, reset.availableActions);
        expect(results.length).toBeLessThanOrEqual(7);
        expect(results.some((r) => r.negative)).toBe(false);
        expect(results.slice(0, -1).every((r) => !r.done && r.reward === 0)).toBe(true);
        const last = results[results.length - 1];
        expect(actions[actions.length - 1]).toBe('click[buy now]');
        expect({ reward: last.reward, done: last.done, success: last.success }).toEqual({ reward: 1, done: true, success: true });
        if (last.success) solved++;
        expect(env.oracle!.nextAction()).toBeNull();
      }
      rate[type] = solved / SEEDS.length;
    }
    expect(rate).toEqual(Object.fromEntries(TYPES.map((t) => [t, 1])));
  });

  it('answers in WebShop phrasing', async () => {
    const phrasing: [RegExp, RegExp][] = [
      [/^search\[.+\]$/, /^\[back to search\]( \[next >\])?\nPage 1 of \d+ \(total results: \d+\) for ".+"\n(\[b0[a-z0-9]{8}\] .+ \| \$\d+\.\d\d\n?){1,10}$/],
      [/^click\[next >\]$/, /^\[back to search\] \[< prev\]( \[next >\])?\nPage \d+ of \d+/],
      [/^click\[b0[a-z0-9]{8}\]$/, /^\[back to search\] \[< prev\]\n.+\nPrice: \$\d+\.\d\d\nRating: \d\.\d out of 5 \(\d+ reviews\)\n([a-z]+: (\[[^\]]+\] ?)+\n)+Selected options: .+\n\[description\] \[features\] \[reviews\] \[buy now\]$/],
      [/^click\[buy now\]$/, /^Thank you for shopping with us! You bought .+ \(.+\) for \$\d+\.\d\d\. Your score \(min 0\.0, max 1\.0\): 1\.00$/],
      [/^click\[[^\]]+\]$/, /^\[back to search\] \[< prev\]\n.+\nPrice: /],
    ];
    for (const type of TYPES) {
      for (const seed of SEEDS.slice(0, 5)) {
        const { env, reset } = await start(type, seed);
        const { actions, results } = await followOracle(env, reset.availableActions);
        actions.forEach((action, i) => {
          const rule = phrasing.find(([a]) => a.test(action));
          expect(rule, action).toBeDefined();
          expect(results[i].observation).toMatch(rule![1]);
        });
      }
    }
  });

  it('pages on to a match when it is not on the first results page', async () => {
    let paged = 0;
    for (const type of TYPES) {
      for (const seed of SEEDS) {
        const { env, reset } = await start(type, seed);
        const { actions } = await followOracle(env, reset.availableActions);
        if (actions.includes('click[next >]')) paged++;
      }
    }
    expect(paged).toBeGreaterThan(0);
  });

  it('recovers after random detours', async () => {
    for (const type of TYPES) {
      for (const seed of SEEDS.slice(0, 5)) {
        const { env, reset } = await start(type, seed);
        const rng = rngFor('shop-test', type, seed);
        let available = reset.availableActions;
        for (let i = 0; i < 5; i++) {
          // Buying ends the episode; the template stands for free text.
          const choices = available.filter((a) => a !== 'click[buy now]');
          const a = rng.pick(choices);
          available = (await env.step(a === 'search[...]' ? `search[${rng.pick(['mug', 'organic', 'black', 'waterproof'])}]` : a)).availableActions;
        }
        await expectOracleSucceeds(followOracle, env, available);
      }
    }
  });
});

describe('shop pitfalls', () => {
  it('each opportunity fails recognisably and the oracle still recovers', async () => {
    const coverage = await walkPitfalls({
      spec: shopEnv,
      start,
      types: TYPES,
      seeds: SEEDS,
      actionAttributes: true,
      beforeSlip: ({ opp, available }) => {
        // Opening the lookalike and pressing buy now are on the page; the others are not.
        const onPage = opp.pitfallId === 'out-of-stock' || opp.pitfallId === 'missing-option';
        expect(available.includes(opp.action)).toBe(onPage);
      },
      afterSlip: async ({ env, opp, r }) => {
        expect({ negative: r.negative, reward: r.reward, success: r.success, done: r.done }).toEqual({
          negative: true,
          reward: 0,
          success: false,
          done: false,
        });
        // Repeating the slip (the scripted actor may loop) gives the same answer.
        const again = await env.step(opp.action);
        expect({ observation: again.observation, negative: again.negative }).toEqual({ observation: r.observation, negative: true });
        await expectOracleSucceeds(followOracle, env, again.availableActions);
      },
    });
    // Every pitfall arises in every group, so lessons from training types apply to held-out ones.
    expect(coverage).toEqual(Object.fromEntries(shopEnv.pitfalls.map((p) => [p.id, [...TYPES].sort()])));
  });

  it('says an out-of-stock item cannot be bought, and the episode goes on', async () => {
    let checked = 0;
    for (const type of TYPES) {
      for (const seed of SEEDS) {
        const { env } = await start(type, seed);
        await env.step(env.oracle!.nextAction()!.action);
        const opp = env.oracle!.pitfallOpportunities().find((o) => o.pitfallId === 'out-of-stock');
        if (!opp) continue;
        const opened = await env.step(opp.action);
        expect(opened.observation).toContain(`\n${OUT_OF_STOCK}\n`);
        const s = (await state(env)).page as { kind: 'item'; id: string };
        const p = productById(s.id)!;
        for (const o of p.options) await env.step(`click[${o.values[0]}]`);
        const r = await env.step('click[buy now]');
        expect({ observation: r.observation, negative: r.negative, done: r.done, reward: r.reward }).toEqual({
          observation: OUT_OF_STOCK,
          negative: true,
          done: false,
          reward: 0,
        });
        checked++;
      }
    }
    expect(checked).toBeGreaterThanOrEqual(20);
  });
});

describe('shop commands', () => {
  it('answers garbage and clicks that are not on the page with a clear negative feedback', async () => {
    const { env } = await start('fashion', 1);
    const cases: [string, string][] = [
      ['', INVALID_SYNTAX],
      ['dance wildly', INVALID_SYNTAX],
      ['click[buy now]', INVALID_CLICK],
      ['search[...]', EMPTY_QUERY],
      ['search[]', EMPTY_QUERY],
      ['search[xyzzy plugh]', 'No results for xyzzy plugh.'],
    ];
    for (const [action, feedback] of cases) {
      const r = await env.step(action);
      expect({ observation: r.observation, reward: r.reward, done: r.done, success: r.success, negative: r.negative }, action).toEqual({
        observation: feedback,
        reward: 0,
        done: false,
        success: false,
        negative: true,
      });
      expect(r.availableActions).toEqual(['search[...]']);
    }
    const found = await env.step('search[running shoes]');
    expect(found.negative).toBe(false);
    for (const [action, feedback] of [
      ['search[mug]', SEARCH_ELSEWHERE],
      ['click[< prev]', INVALID_CLICK],
      ['click[large]', INVALID_CLICK],
      ['click[b0zzzzzzzz]', INVALID_CLICK],
      ['click[description]', INVALID_CLICK],
    ]) {
      const r = await env.step(action);
      expect({ observation: r.observation, negative: r.negative }, action).toEqual({ observation: feedback, negative: true });
    }
  });

  it('tells a missing option from a bad one on the item page', async () => {
    const { env } = await start('home', 2);
    await oracleUntil(env, (a) => !a.startsWith('search[') && !/^click\[(b0|next)/.test(a));
    const page = (await state(env)).page as { kind: 'item'; id: string };
    const p = productById(page.id)!;
    const missing = await env.step('click[buy now]');
    expect(missing.observation).toBe(`Please select a ${p.options[0].kind} first.`);
    const absent = PRODUCTS.flatMap((x) => x.options.flatMap((o) => o.values)).find((v) => !p.options.some((o) => o.values.includes(v)))!;
    for (const action of [`click[${absent}]`, 'click[size: xx-large]', 'click[color blue]']) {
      const r = await env.step(action);
      expect({ observation: r.observation, negative: r.negative }, action).toEqual({ observation: BAD_OPTION, negative: true });
    }
    for (const action of ['click[next >]', 'click[some long product title here]', 'click[b0zzzzzzzz]']) {
      const r = await env.step(action);
      expect({ observation: r.observation, negative: r.negative }, action).toEqual({ observation: INVALID_CLICK, negative: true });
    }
  });

  it('accepts any case, extra spaces and a trailing dot', async () => {
    const { env, reset } = await start('grocery', 4);
    let last: StepResult | undefined;
    let available = reset.availableActions;
    for (;;) {
      const next = env.oracle!.nextAction();
      if (!next) break;
      last = await env.step(`  ${next.action.toUpperCase().replace('[', ' [')}. `);
      available = last.availableActions;
      if (last.done) break;
    }
    expect(available).toEqual([]);
    expect(last?.success).toBe(true);
  });

  it('buys whatever is selected and rewards the share matched', async () => {
    const { env } = await start('fashion', 5);
    await oracleUntil(env, (a) => a === 'click[buy now]');
    const s = await state(env);
    const page = s.page as { kind: 'item'; id: string; selected: Record<string, string> };
    const p = productById(page.id)!;
    const o = p.options[0];
    const other = o.values.find((v) => v !== page.selected[o.kind])!;
    await env.step(`click[${other}]`);
    const r = await env.step('click[buy now]');
    const total = s.goal.attributes.length + s.goal.options.length + 1;
    expect({ reward: r.reward, done: r.done, success: r.success, negative: r.negative }).toEqual({
      reward: Math.round(((total - 1) / total) * 10000) / 10000,
      done: true,
      success: false,
      negative: false,
    });
    expect(r.info.purchase).toEqual({ id: p.id, selected: { ...page.selected, [o.kind]: other }, reward: r.reward });
  });

  it('moves between pages with next, prev, sections and back to search', async () => {
    const { env } = await start('electronics', 3);
    const goal = (await state(env)).goal;
    await env.step(`search[${goal.query}]`);
    const first = (await state(env)).page;
    const n = await env.step('click[next >]');
    expect(n.observation).toMatch(/^\[back to search\] \[< prev\]/);
    const id = n.availableActions.find((a) => a.startsWith('click[b0'))!;
    await env.step(id);
    const desc = await env.step('click[features]');
    expect(desc.observation).toMatch(/^\[back to search\] \[< prev\]\nFeatures:\n- /);
    expect(desc.availableActions).toEqual(['click[back to search]', 'click[< prev]']);
    const item = await env.step('click[< prev]');
    expect(item.observation).toContain('[buy now]');
    await env.step('click[< prev]');
    const back = await env.step('click[< prev]');
    expect((await state(env)).page).toEqual(first);
    expect(back.availableActions).not.toContain('click[< prev]');
    const home = await env.step('click[back to search]');
    expect(home.availableActions).toEqual(['search[...]']);
  });

  it('ends the episode at maxSteps with success false', async () => {
    const { env } = await start('beauty', 5);
    const last = await stepToLimit(env, 'click[nothing]', MAX_STEPS);
    expect({ done: last.done, success: last.success, reward: last.reward }).toEqual({ done: true, success: false, reward: 0 });
    expect(env.oracle!.nextAction()).toBeNull();
    expect(env.oracle!.pitfallOpportunities()).toEqual([]);
    const after = await env.step('search[mug]');
    expect({ observation: after.observation, done: after.done, success: after.success, reward: after.reward, negative: after.negative }).toEqual({
      observation: 'The episode is over.',
      done: true,
      success: false,
      reward: 0,
      negative: false,
    });
  });

  it('lists only concrete actions that do something (the search template aside)', async () => {
    await walkAdmissible({
      start,
      types: TYPES,
      seeds: SEEDS.slice(0, 3),
      rngKey: 'shop-admissible',
      steps: 10,
      untilEmpty: true,
      checkList: () => undefined,
      probe: (available) => available.filter((a) => a !== 'search[...]'),
      checkProbe: async (action, r, env) => {
        // A page of an unavailable product says so (opening it, selecting on it, coming back
        // to it); buy now is refused while an option is unselected.
        const after = await state(env);
        const onOutOfStock = after.page.kind === 'item' && !productById(after.page.id)!.inStock;
        const refused = action === 'click[buy now]' && !r.done;
        expect(r.negative, action).toBe(onOutOfStock || refused);
      },
      choose: async (available, env, rng) => {
        const a = rng.pick(available.filter((x) => x !== 'click[buy now]'));
        return a === 'search[...]' ? `search[${(await state(env)).goal.query}]` : a;
      },
    });
  });
});

describe('shop snapshot', () => {
  it('restores a JSON-safe state so that later steps replay identically', async () => {
    await expectSnapshotReplays({
      spec: shopEnv,
      start,
      follow: followOracle,
      types: TYPES,
      seed: 11,
      rest: (actions, half) => ['click[features]', 'click[< prev]', 'click[nonsense]', ...actions.slice(half)],
      afterFresh: async ({ first }) => {
        expect(first.some((r) => r.success)).toBe(true);
      },
      // Restoring into the same instance rewinds it.
      sameInstance: 'after-fresh',
    });
  });
});
