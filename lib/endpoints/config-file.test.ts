import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_ENDPOINTS_CONFIG_FILE, EndpointsConfigError, loadEndpointsConfigFile, parseEndpointsConfig } from './config-file';

const KEY = 'sk-config-file-secret-1234';

function problemsOf(fn: () => unknown): string[] {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(EndpointsConfigError);
    return (e as EndpointsConfigError).problems;
  }
  throw new Error('expected an EndpointsConfigError');
}

describe('parseEndpointsConfig', () => {
  it('fills the schema defaults, strips a trailing slash and resolves apiKeyEnv', () => {
    const endpoints = parseEndpointsConfig(
      {
        endpoints: [
          { name: 'local vllm', baseUrl: 'http://127.0.0.1:8000/v1/', model: 'Qwen/Qwen2.5-7B-Instruct' },
          {
            name: 'openai',
            baseUrl: 'https://api.openai.com/v1',
            model: 'gpt-4o-mini',
            apiKeyEnv: 'OPENAI_API_KEY',
            params: { temperature: 0.2, maxTokens: 256, stop: ['\n\n'] },
            concurrency: 4,
            timeoutMs: 30_000,
            roleHints: ['reflector'],
            label: { baseModel: 'gpt-4o-mini', trainingStep: 0, notes: 'hosted' },
          },
          { name: 'inline key', baseUrl: 'http://127.0.0.1:8080/v1', model: 'm', apiKey: 'abc' },
        ],
      },
      { OPENAI_API_KEY: ` ${KEY} ` },
    );
    expect(endpoints).toEqual([
      { name: 'local vllm', baseUrl: 'http://127.0.0.1:8000/v1', model: 'Qwen/Qwen2.5-7B-Instruct', params: {}, concurrency: 16, timeoutMs: 120_000, maxRetries: 5, roleHints: [] },
      {
        name: 'openai',
        baseUrl: 'https://api.openai.com/v1',
        model: 'gpt-4o-mini',
        apiKey: KEY,
        params: { temperature: 0.2, maxTokens: 256, stop: ['\n\n'] },
        concurrency: 4,
        timeoutMs: 30_000,
        maxRetries: 5,
        roleHints: ['reflector'],
        label: { baseModel: 'gpt-4o-mini', trainingStep: 0, notes: 'hosted' },
      },
      { name: 'inline key', baseUrl: 'http://127.0.0.1:8080/v1', model: 'm', apiKey: 'abc', params: {}, concurrency: 16, timeoutMs: 120_000, maxRetries: 5, roleHints: [] },
    ]);
  });

  it('lists every problem of every entry, by index and name, without the key', () => {
    const problems = problemsOf(() =>
      parseEndpointsConfig(
        {
          endpoints: [
            { name: 'ok', baseUrl: 'http://127.0.0.1:8000/v1', model: 'm' },
            { name: 'bad url', baseUrl: 'ftp://x', model: 'm', apiKey: KEY },
            { name: 'no model', baseUrl: 'http://h/v1' },
            { name: 'typo', baseUrl: 'http://h/v1', model: 'm', timeout: 5 },
            { name: 'missing env', baseUrl: 'http://h/v1', model: 'm', apiKeyEnv: 'NOT_SET_ANYWHERE' },
            { name: 'both', baseUrl: 'http://h/v1', model: 'm', apiKey: KEY, apiKeyEnv: 'X' },
            { name: 'ok', baseUrl: 'http://h/v1', model: 'm2' },
            { name: 'roles', baseUrl: 'http://h/v1', model: 'm', roleHints: ['judge'], concurrency: 0 },
          ],
        },
        {},
      ),
    );
    expect(problems).toEqual([
      'endpoints[1] ("bad url").baseUrl: base URL must be an http(s) URL, e.g. http://127.0.0.1:8000/v1',
      'endpoints[2] ("no model").model: Invalid input: expected string, received undefined',
      'endpoints[3] ("typo"): Unrecognized key: "timeout"',
      'endpoints[4] ("missing env").apiKeyEnv: environment variable NOT_SET_ANYWHERE is not set',
      'endpoints[5] ("both").apiKeyEnv: give apiKey or apiKeyEnv, not both',
      'endpoints[6] ("ok").name: "ok" is already used by endpoints[0]',
      'endpoints[7] ("roles").concurrency: Too small: expected number to be >=1',
      'endpoints[7] ("roles").roleHints[0]: Invalid option: expected one of "actor"|"reflector"',
    ]);
    expect(problems.join('\n')).not.toContain(KEY);
  });

  it('rejects a file that is not {"endpoints": [...]}', () => {
    expect(problemsOf(() => parseEndpointsConfig([], {}))).toEqual([expect.stringContaining('expected {"endpoints": [...]}')]);
    expect(problemsOf(() => parseEndpointsConfig({ endpoints: {} }, {}))).toEqual(['endpoints: "endpoints" must be a list']);
    expect(problemsOf(() => parseEndpointsConfig({ endpoints: [], extra: 1 }, {}))).toEqual([expect.stringContaining('Unrecognized key: "extra"')]);
  });
});

describe('loadEndpointsConfigFile', () => {
  const tmp = () => fs.mkdtempSync(path.join(os.tmpdir(), 'reflectlab-endpoints-'));

  it('reads ./reflectlab.endpoints.json when present and nothing when absent', () => {
    const cwd = tmp();
    expect(loadEndpointsConfigFile({ cwd, env: {} })).toBeNull();
    fs.writeFileSync(path.join(cwd, DEFAULT_ENDPOINTS_CONFIG_FILE), JSON.stringify({ endpoints: [{ name: 'a', baseUrl: 'http://h/v1', model: 'm' }] }));
    expect(loadEndpointsConfigFile({ cwd, env: {} })).toMatchObject({ file: path.join(cwd, 'reflectlab.endpoints.json'), endpoints: [{ name: 'a' }] });
  });

  it('reads the file REFLECTLAB_ENDPOINTS names, which must exist', () => {
    const cwd = tmp();
    fs.writeFileSync(path.join(cwd, 'eps.json'), JSON.stringify({ endpoints: [{ name: 'b', baseUrl: 'http://h/v1', model: 'm', apiKeyEnv: 'K' }] }));
    expect(loadEndpointsConfigFile({ cwd, env: { REFLECTLAB_ENDPOINTS: 'eps.json', K: KEY } })?.endpoints).toMatchObject([{ name: 'b', apiKey: KEY }]);
    expect(() => loadEndpointsConfigFile({ cwd, env: { REFLECTLAB_ENDPOINTS: 'missing.json' } })).toThrow(/missing\.json:\n {2}- no such file \(named by REFLECTLAB_ENDPOINTS\)/);
  });

  it('reports broken JSON by line and column, without quoting the text (it may hold a key)', () => {
    const cwd = tmp();
    const file = path.join(cwd, 'reflectlab.endpoints.json');
    fs.writeFileSync(file, `{"endpoints": [\n  {"name": "x", "apiKey": ${KEY}}\n]}`);
    expect(problemsOf(() => loadEndpointsConfigFile({ cwd, env: {} }))).toEqual(["not valid JSON: Unexpected token 's'"]);
    fs.writeFileSync(file, `{"endpoints": [\n  {"name": "x", "apiKey": "${KEY}" "model": "m"}\n]}`);
    expect(problemsOf(() => loadEndpointsConfigFile({ cwd, env: {} }))).toEqual(["not valid JSON at line 2 column 56: Expected ',' or '}' after property value"]);
  });
});
