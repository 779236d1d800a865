import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { EndpointsConfigError } from '../../lib/endpoints/config-file';
import { endpointInputSchema, type EndpointConfig } from '../../lib/endpoints/schema';
import { openDatabase } from '../open';
import {
  deleteEndpoint,
  EndpointNameTakenError,
  getEndpointById,
  getEndpointSecret,
  insertEndpoint,
  listEndpoints,
  syncEndpointsFromConfig,
  updateEndpoint,
  upsertEndpointByName,
  upsertEndpointsByName,
} from './endpoints';
import { getRemoteEnvironment } from './environments';

const KEY = 'sk-db-test-secret-9876';
const config = (over: Record<string, unknown> = {}): EndpointConfig =>
  endpointInputSchema.parse({ name: 'local', baseUrl: 'http://127.0.0.1:8000/v1', model: 'qwen', ...over });

describe('endpoint queries', () => {
  it('stores the key but returns only whether one is set and its masked form', () => {
    const db = openDatabase(':memory:');
    const id = insertEndpoint(db, config({ apiKey: KEY, params: { temperature: 0.3 }, roleHints: ['actor'], label: { baseModel: 'qwen', trainingStep: 100 } }));
    const view = getEndpointById(db, { id })!;
    expect(view).toEqual({
      id,
      name: 'local',
      baseUrl: 'http://127.0.0.1:8000/v1',
      model: 'qwen',
      params: { temperature: 0.3 },
      concurrency: 16,
      timeoutMs: 120_000,
      maxRetries: 5,
      roleHints: ['actor'],
      label: { baseModel: 'qwen', trainingStep: 100 },
      hasApiKey: true,
      maskedKey: 'sk-…9876',
      createdAt: expect.any(Number),
      updatedAt: expect.any(Number),
    });
    expect(listEndpoints(db)).toEqual([view]);
    expect(JSON.stringify(listEndpoints(db))).not.toContain(KEY);
    expect(getEndpointSecret(db, { id })).toEqual({ apiKey: KEY });
    expect(getEndpointById(db, { id: id + 1 })).toBeUndefined();
    expect(getEndpointSecret(db, { id: id + 1 })).toBeUndefined();
  });

  it('refuses a taken name with a typed error', () => {
    const db = openDatabase(':memory:');
    const id = insertEndpoint(db, config());
    const other = insertEndpoint(db, config({ name: 'other' }));
    expect(() => insertEndpoint(db, config())).toThrow(new EndpointNameTakenError('local'));
    expect(() => updateEndpoint(db, { id: other, config: config() })).toThrow(EndpointNameTakenError);
    expect(() => insertEndpoint(db, config())).toThrow('an endpoint named "local" already exists; choose another name');
    expect(listEndpoints(db).map((e) => e.id)).toEqual([id, other]);
  });

  it('keeps the stored key when an edit leaves it out, clears it with "", and maintains updatedAt', () => {
    const db = openDatabase(':memory:');
    const id = insertEndpoint(db, config({ apiKey: KEY }));
    const created = getEndpointById(db, { id })!;
    expect(updateEndpoint(db, { id, config: config({ model: 'qwen-2', concurrency: 2 }), now: created.updatedAt + 1000 })).toBe(true);
    expect(getEndpointById(db, { id })).toMatchObject({ model: 'qwen-2', concurrency: 2, hasApiKey: true, createdAt: created.createdAt, updatedAt: created.updatedAt + 1000 });
    expect(getEndpointSecret(db, { id })).toEqual({ apiKey: KEY });
    updateEndpoint(db, { id, config: config({ apiKey: 'sk-new-key-0000' }) });
    expect(getEndpointSecret(db, { id })).toEqual({ apiKey: 'sk-new-key-0000' });
    updateEndpoint(db, { id, config: config({ apiKey: '' }) });
    expect(getEndpointSecret(db, { id })).toEqual({ apiKey: null });
    expect(getEndpointById(db, { id })).toMatchObject({ hasApiKey: false, maskedKey: null });
    expect(updateEndpoint(db, { id: id + 1, config: config() })).toBe(false);
  });

  it('deletes', () => {
    const db = openDatabase(':memory:');
    const id = insertEndpoint(db, config());
    expect(deleteEndpoint(db, { id })).toBe(true);
    expect(deleteEndpoint(db, { id })).toBe(false);
    expect(listEndpoints(db)).toEqual([]);
  });

  it('upserts by name, keeping the key when the config gives none', () => {
    const db = openDatabase(':memory:');
    const first = upsertEndpointByName(db, config({ apiKey: KEY }));
    expect(first.created).toBe(true);
    const again = upsertEndpointByName(db, config({ model: 'changed' }));
    expect(again).toEqual({ id: first.id, created: false });
    expect(getEndpointById(db, { id: first.id })).toMatchObject({ model: 'changed', hasApiKey: true });
    expect(getEndpointSecret(db, { id: first.id })).toEqual({ apiKey: KEY });
  });

  it('upserts a batch in one transaction: one failure writes nothing', () => {
    const db = openDatabase(':memory:');
    insertEndpoint(db, config({ name: 'existing', model: 'old' }));
    // A NOT NULL violation on the last row, after the others were written inside the transaction.
    const broken = { ...config({ name: 'broken' }), concurrency: null as unknown as number };
    expect(() => upsertEndpointsByName(db, [config({ name: 'existing', model: 'new' }), config({ name: 'fresh' }), broken])).toThrow(/NOT NULL/);
    expect(listEndpoints(db).map((e) => [e.name, e.model])).toEqual([['existing', 'old']]);
    expect(upsertEndpointsByName(db, [config({ name: 'existing', model: 'new' }), config({ name: 'fresh' })])).toEqual({ created: ['fresh'], updated: ['existing'] });
  });
});

describe('syncEndpointsFromConfig', () => {
  it('registers remote environments from the same file by id, all or nothing with the endpoints', () => {
    const db = openDatabase(':memory:');
    const cwd = fs.mkdtempSync(path.join(os.tmpdir(), 'reflectlab-sync-env-'));
    const env = { REFLECTLAB_ENDPOINTS: 'cfg.json' };
    const remote = { name: 'alfworld', baseUrl: 'http://10.0.0.5:36001', taskTypes: [{ id: 'pick', split: 'train', dataIdx: [0, 1] }], maxSteps: 40 };
    const write = (body: unknown) => fs.writeFileSync(path.join(cwd, 'cfg.json'), JSON.stringify(body));
    write({ environments: [remote] });
    expect(syncEndpointsFromConfig(db, { cwd, env })).toMatchObject({ created: [], environments: { created: ['remote:alfworld'], updated: [] } });
    write({ environments: [{ ...remote, maxSteps: 50 }] });
    expect(syncEndpointsFromConfig(db, { cwd, env })).toMatchObject({ environments: { created: [], updated: ['remote:alfworld'] } });
    expect(getRemoteEnvironment(db, { id: 'remote:alfworld' })?.config.maxSteps).toBe(50);
    // A bad endpoint entry keeps the environment from being written too, and both problems are listed.
    write({ endpoints: [{ name: 'x', baseUrl: 'nope', model: 'm' }], environments: [{ ...remote, maxSteps: 60 }, { name: 'y' }] });
    expect(() => syncEndpointsFromConfig(db, { cwd, env })).toThrow(/environments\[1\]\.baseUrl[\s\S]*endpoints\[0\] \("x"\)\.baseUrl/);
    expect(getRemoteEnvironment(db, { id: 'remote:alfworld' })?.config.maxSteps).toBe(50);
    // A built-in id cannot be taken over from the file.
    write({ environments: [{ ...remote, id: 'household' }] });
    expect(() => syncEndpointsFromConfig(db, { cwd, env, reservedEnvIds: (id) => id === 'household' })).toThrow('"household" already exists');
  });

  const dir = () => fs.mkdtempSync(path.join(os.tmpdir(), 'reflectlab-sync-'));
  const write = (cwd: string, body: unknown) => fs.writeFileSync(path.join(cwd, 'eps.json'), JSON.stringify(body));

  it('registers the file\'s endpoints, with the key from the environment, and updates them on the next start', () => {
    const db = openDatabase(':memory:');
    const cwd = dir();
    const env = { REFLECTLAB_ENDPOINTS: 'eps.json', MY_KEY: KEY };
    write(cwd, { endpoints: [{ name: 'a', baseUrl: 'http://h/v1', model: 'm', apiKeyEnv: 'MY_KEY' }, { name: 'b', baseUrl: 'http://h2/v1', model: 'm' }] });
    expect(syncEndpointsFromConfig(db, { cwd, env })).toEqual({
      file: path.join(cwd, 'eps.json'),
      created: ['a', 'b'],
      updated: [],
      environments: { created: [], updated: [] },
    });
    write(cwd, { endpoints: [{ name: 'a', baseUrl: 'http://h/v1', model: 'm2', apiKeyEnv: 'MY_KEY' }] });
    expect(syncEndpointsFromConfig(db, { cwd, env })).toMatchObject({ created: [], updated: ['a'] });
    const [a] = listEndpoints(db);
    expect(a).toMatchObject({ name: 'a', model: 'm2', hasApiKey: true });
    expect(getEndpointSecret(db, { id: a.id })).toEqual({ apiKey: KEY });
    expect(listEndpoints(db).map((e) => e.name)).toEqual(['a', 'b']);
  });

  it('writes nothing from a file with any bad entry, and says what is wrong', () => {
    const db = openDatabase(':memory:');
    const cwd = dir();
    write(cwd, { endpoints: [{ name: 'good', baseUrl: 'http://h/v1', model: 'm' }, { name: 'bad', baseUrl: 'nope', model: 'm' }] });
    const run = () => syncEndpointsFromConfig(db, { cwd, env: { REFLECTLAB_ENDPOINTS: 'eps.json' } });
    expect(run).toThrow(EndpointsConfigError);
    expect(run).toThrow('endpoints[1] ("bad").baseUrl: base URL must be an http(s) URL');
    expect(listEndpoints(db)).toEqual([]);
  });

  it('does nothing without a file', () => {
    const db = openDatabase(':memory:');
    expect(syncEndpointsFromConfig(db, { cwd: dir(), env: {} })).toBeNull();
  });
});
