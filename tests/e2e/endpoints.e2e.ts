import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { completion } from '../../lib/llm/testing/openai-fixtures';
import { reply, startScriptedServer, type ScriptedServer } from '../../lib/llm/testing/scripted-server';
import { ARTIFACTS, launchBrowser } from './browser';
import { EndpointsPage } from './pages/endpoints-page';
import { startServer, tempDbFile, type AppServer } from './server';

const KEY = 'sk-e2e-SECRET-key-31337';
const WRONG_KEY = 'sk-e2e-WRONG-key-00000';

let server: AppServer;
let model: ScriptedServer;
let browser: Browser;
let page: Page;
/** Every response body the browser received. */
const received: { url: string; text: string }[] = [];

beforeAll(async () => {
  // A real OpenAI-compatible server on loopback that only answers the right key.
  model = await startScriptedServer({ latencyMs: 20 });
  model.handler = (req) => {
    if (req.headers.authorization !== `Bearer ${KEY}`) {
      return reply.json({ error: { message: `Incorrect API key provided: ${req.headers.authorization ?? 'none'}`, type: 'invalid_request_error' } }, { status: 401 });
    }
    if (req.path === '/v1/models') return reply.json({ object: 'list', data: [{ id: 'test-model' }, { id: 'other-model' }] });
    return reply.json(completion('Hi', { model: 'test-model' }));
  };
  server = await startServer(tempDbFile('endpoints'));
  browser = await launchBrowser();
  page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
  // Every response passes through here, read in full before the page gets it: page.on('response')
  // cannot read streamed bodies (server-action and RSC replies) once Chromium has consumed them.
  await page.route('**/*', async (route) => {
    const res = await route.fetch();
    const body = await res.body();
    received.push({ url: `${route.request().method()} ${route.request().url()}`, text: body.toString('utf8') });
    await route.fulfill({ response: res, body });
  });
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await model?.close();
});

async function expectNoKeyAnywhere() {
  const html = await page.content();
  expect(html).not.toContain(KEY);
  expect(html).not.toContain(WRONG_KEY);
  // The capture works: the masked key reached the browser in the server's replies.
  expect(received.some((b) => b.url.startsWith('POST') && b.text.includes('sk-…1337'))).toBe(true);
  expect(received.filter((b) => b.text.includes(KEY) || b.text.includes(WRONG_KEY)).map((b) => b.url)).toEqual([]);
  const api = await (await fetch(`${server.url}/api/endpoints`)).text();
  expect(api).not.toContain(KEY);
  expect(api).not.toContain(WRONG_KEY);
}

describe('endpoints page', () => {
  it('starts empty, with example base URLs', async () => {
    const endpoints = new EndpointsPage(page, server.url);
    await endpoints.open();
    const empty = await endpoints.emptyState().innerText();
    expect(empty).toContain('No endpoints yet');
    expect(empty).toContain('http://127.0.0.1:11434/v1');
  });

  it('adds an endpoint with a key, tests the connection, and never sends the key to the browser', async () => {
    const endpoints = new EndpointsPage(page, server.url);
    await endpoints.add({
      name: 'scripted vllm',
      baseUrl: model.baseUrl,
      model: 'test-model',
      apiKey: KEY,
      temperature: 0.7,
      maxTokens: 256,
      roles: ['actor', 'reflector'],
      baseModel: 'Qwen2.5-7B',
      trainingStep: 1200,
      notes: 'after reflective RL',
    });
    expect(await endpoints.maskedKey('scripted vllm').innerText()).toBe('sk-…1337');
    const row = await endpoints.row('scripted vllm').innerText();
    expect(row).toContain('test-model');
    expect(row).toContain('step 1200');

    const result = await endpoints.testConnection('scripted vllm');
    expect(await result.getAttribute('data-ok')).toBe('true');
    expect(await result.getByTestId('test-latency').innerText()).toMatch(/^\d+ ms$/);
    expect(await result.getByTestId('test-models').innerText()).toMatch(/2 models:[\s\S]*test-model[\s\S]*other-model/);
    // The server got the stored key, from the server side.
    expect(model.requests.at(-1)?.headers.authorization).toBe(`Bearer ${KEY}`);
    await page.screenshot({ path: `${ARTIFACTS}/endpoints-page.png`, fullPage: true });
    await expectNoKeyAnywhere();
  });

  it('keeps the stored key when an edit leaves the key field empty', async () => {
    const endpoints = new EndpointsPage(page, server.url);
    await endpoints.edit('scripted vllm', { concurrency: 4 });
    // The table re-renders from the revalidated server data a moment after the form closes.
    await endpoints.row('scripted vllm').getByTestId('endpoint-concurrency').filter({ hasText: /^4$/ }).waitFor({ timeout: 5000 });
    expect(await endpoints.maskedKey('scripted vllm').innerText()).toBe('sk-…1337');
    expect(await (await endpoints.testConnection('scripted vllm')).getAttribute('data-ok')).toBe('true');
  });

  it('shows the exact error kind and message for a wrong key, without the key', async () => {
    const endpoints = new EndpointsPage(page, server.url);
    await endpoints.edit('scripted vllm', { apiKey: WRONG_KEY });
    const result = await endpoints.testConnection('scripted vllm');
    expect(await result.getAttribute('data-ok')).toBe('false');
    expect(await result.getByTestId('test-error-kind').innerText()).toBe('auth');
    const message = await result.getByTestId('test-error-message').innerText();
    expect(message).toContain('HTTP 401');
    expect(message).toContain('Incorrect API key provided: Bearer [redacted]');
    await expectNoKeyAnywhere();
  });

  it('deletes after confirmation', async () => {
    const endpoints = new EndpointsPage(page, server.url);
    await endpoints.delete('scripted vllm');
    await endpoints.emptyState().waitFor();
    expect(await (await fetch(`${server.url}/api/endpoints`)).json()).toEqual({ endpoints: [] });
  });
});
