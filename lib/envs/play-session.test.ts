import { describe, expect, it } from 'vitest';
import { householdEnv } from './household';
import { PlaySession } from './play-session';
import type { EnvSpec } from './types';

const noSnapshots: EnvSpec = {
  ...householdEnv,
  create: () => {
    const env = householdEnv.create();
    return { reset: (t) => env.reset(t), step: (a) => env.step(a), close: () => env.close() };
  },
};

async function oracleActions(n: number) {
  const env = householdEnv.create();
  await env.reset({ envId: 'household', taskType: 'pick_clean_then_place', taskId: 'x', seed: 4 });
  const out: string[] = [];
  for (let i = 0; i < n; i++) {
    const a = env.oracle!.nextAction()!.action;
    out.push(a);
    await env.step(a);
  }
  return out;
}

describe.each([
  ['snapshot', householdEnv],
  ['replay', noSnapshots],
])('a play session with rollback by %s', (method, spec) => {
  it('plays, rolls back and replays to the same observations', async () => {
    const actions = await oracleActions(4);
    const s = await PlaySession.start('p1', spec, 'pick_clean_then_place', 4);
    expect(s.view()).toMatchObject({ envId: 'household', rollback: method, history: [], done: false });
    for (const a of actions) await s.step(a);
    const full = s.view();
    expect(full.history.map((h) => h.action)).toEqual(actions);

    const back = await s.rollbackTo(1);
    expect(back.history).toEqual(full.history.slice(0, 1));
    expect(back.observation).toBe(full.history[0].feedback);
    expect(back.availableActions).toEqual(full.history[0].availableActions);
    // Going forward again reproduces the original answers.
    for (const a of actions.slice(1)) await s.step(a);
    expect(s.view().history).toEqual(full.history);
  });

  it('restores a bookmark after play diverged', async () => {
    const actions = await oracleActions(3);
    const s = await PlaySession.start('p2', spec, 'pick_clean_then_place', 4);
    await s.step(actions[0]);
    await s.step(actions[1]);
    const marked = s.bookmark();
    expect(marked.bookmarks).toEqual([{ id: 1, step: 2 }]);
    await s.step('look');
    await s.step('inventory');
    const restored = await s.restoreBookmark(1);
    expect(restored.history.map((h) => h.action)).toEqual(actions.slice(0, 2));
    const next = await s.step(actions[2]);
    const ref = await PlaySession.start('ref', householdEnv, 'pick_clean_then_place', 4);
    for (const a of actions) await ref.step(a);
    expect(next.history).toEqual(ref.view().history);
  });

  it('refuses empty actions, steps after the end, and unknown bookmarks', async () => {
    const s = await PlaySession.start('p3', spec, 'pick_and_place', 2);
    await expect(s.step('  ')).rejects.toThrow('type an action');
    await expect(s.restoreBookmark(9)).rejects.toThrow('no bookmark 9');
    await expect(s.rollbackTo(3)).rejects.toThrow('cannot rewind to step 3');
    await expect(PlaySession.start('p4', spec, 'fly', 1)).rejects.toThrow('"fly" is not a task type of household');
  });
});
