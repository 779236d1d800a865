import { describe, expect, it } from 'vitest';
import type { Env } from '../types';
import { createRemoteEnvSpec } from './adapter';
import { dataIdxFor, remoteEnvConfigSchema } from './config';

const base = { name: 'My Env', baseUrl: 'http://10.0.0.5:8765/', maxSteps: 20, taskTypes: [{ id: 'a', split: 'train' as const, dataIdx: [4, 8, 15] }] };

describe('remote environment config', () => {
  it('fills defaults and normalises the URL', () => {
    expect(remoteEnvConfigSchema.parse(base)).toEqual({ ...base, baseUrl: 'http://10.0.0.5:8765', negativeFeedback: [], timeoutMs: 30_000, retries: 3 });
  });

  it('reports each mistake on its field', () => {
    const r = remoteEnvConfigSchema.safeParse({
      ...base,
      baseUrl: 'ftp://x',
      negativeFeedback: ['ok', '(unclosed'],
      taskTypes: [base.taskTypes[0], { id: 'a', split: 'heldout', dataIdx: { from: 9, to: 3 } }],
    });
    expect(r.success).toBe(false);
    const byPath = Object.fromEntries(r.error!.issues.map((i) => [i.path.join('.'), i.message]));
    expect(byPath).toMatchObject({
      baseUrl: expect.stringContaining('http(s) URL'),
      'negativeFeedback.1': 'not a valid regular expression',
      'taskTypes.1.dataIdx': expect.any(String),
    });
    // Duplicate ids are checked once the fields themselves are valid.
    const dup = remoteEnvConfigSchema.safeParse({ ...base, taskTypes: [base.taskTypes[0], { ...base.taskTypes[0], split: 'heldout' }] });
    expect(dup.error!.issues).toEqual([expect.objectContaining({ path: ['taskTypes', 1, 'id'], message: 'duplicate task type "a"' })]);
  });

  it('maps seeds onto the dataset indices, wrapping around', () => {
    const list = remoteEnvConfigSchema.parse(base).taskTypes[0];
    expect([0, 1, 2, 3, 7, -1].map((s) => dataIdxFor(list, s))).toEqual([4, 8, 15, 4, 8, 15]);
    const range = { ...list, dataIdx: { from: 100, to: 104 } };
    expect([0, 4, 5, 12].map((s) => dataIdxFor(range, s))).toEqual([100, 104, 100, 102]);
  });

  it('builds an EnvSpec with remote defaults', () => {
    const spec = createRemoteEnvSpec(base);
    expect({ id: spec.id, version: spec.version, taskTypes: spec.taskTypes, pitfalls: spec.pitfalls, maxSteps: spec.maxSteps }).toEqual({
      id: 'remote:my-env',
      version: 'unversioned',
      taskTypes: [{ id: 'a', label: 'a', description: '', split: 'train' }],
      pitfalls: [],
      maxSteps: 20,
    });
    expect(spec.initialSystemPrompt).toContain('Action:');
    const env: Env = spec.create();
    expect(env.oracle).toBeUndefined();
    expect(env.snapshot).toBeUndefined();
  });
});
