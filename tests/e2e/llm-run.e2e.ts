import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { completion } from '../../lib/llm/testing/openai-fixtures';
import { reply, startScriptedServer, type ScriptedServer } from '../../lib/llm/testing/scripted-server';
import { ARTIFACTS, launchBrowser } from './browser';
import { EndpointsPage } from './pages/endpoints-page';
import { EpisodePage } from './pages/episode-page';
import { NewRunPage } from './pages/new-run-page';
import { RunPage } from './pages/run-page';
import { startServer, tempDbFile, type AppServer } from './server';

// The whole path a researcher takes with a model: register it, test it, run ICT with it as actor
// and reflector, and read prompts, raw replies and tokens.

const KEY = 'sk-llm-run-SECRET-777';
const LEARNED = 'You are a household agent.\nOpen closed receptacles before taking things from them.';
let server: AppServer;
let model: ScriptedServer;
let browser: Browser;
let page: Page;
const received: string[] = [];

beforeAll(async () => {
  model = await startScriptedServer();
  model.handler = (req) => {
    if (req.headers.authorization !== `Bearer ${KEY}`) return reply.json({ error: { message: 'bad key' } }, { status: 401 });
    if (req.path === '/v1/models') return reply.json({ object: 'list', data: [{ id: 'qwen2.5-7b-instruct' }] });
    const messages = (req.json as { messages: { content: string }[] }).messages;
    if (messages[0].content.includes('IMPROVED PROMPT')) {
      return reply.json(completion(`ANALYSIS:\nThe actor looked around instead of acting.\n\nIMPROVED PROMPT:\n${LEARNED}`, { usage: { prompt: 1500, completion: 40 } }));
    }
    return reply.json(completion('Thought: I should look around first.\nAction: look', { usage: { prompt: 321, completion: 9 } }));
  };
  server = await startServer(tempDbFile('llm'));
  browser = await launchBrowser();
  page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
  await page.route('**/*', async (route) => {
    const res = await route.fetch();
    const body = await res.body();
    received.push(body.toString('utf8'));
    await route.fulfill({ response: res, body });
  });
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await model?.close();
});

describe('an ICT run with an LLM endpoint, from the browser', () => {
  it('registers the endpoint, runs, and shows prompts, raw replies and tokens without leaking the key', async () => {
    const endpoints = new EndpointsPage(page, server.url);
    await endpoints.open();
    await endpoints.add({ name: 'local qwen', baseUrl: model.baseUrl, model: 'qwen2.5-7b-instruct', apiKey: KEY, roles: ['actor', 'reflector'] });
    expect(await (await endpoints.testConnection('local qwen')).getAttribute('data-ok')).toBe('true');

    const form = new NewRunPage(page, server.url);
    await form.open();
    await form.setName('qwen ICT');
    await form.setNumber('metaTurns', 2);
    await form.setNumber('valTasks', 2);
    await form.setNumber('batchSize', 2);
    const endpointId = await page.locator('[data-testid="actor-select"] option', { hasText: 'local qwen' }).getAttribute('value');
    await page.getByTestId('actor-select').selectOption(endpointId!);
    await page.getByTestId('reflector-select').selectOption(endpointId!);
    await form.submit();
    await page.waitForURL(/\/runs\/\d+$/);
    const run = new RunPage(page);
    await run.waitForStatus('done', 60_000);

    expect(await run.metaTurnCards().count()).toBe(2);
    expect(await page.getByTestId('run-model-calls').innerText()).toBe(String(8 * 30 + 2));
    expect(await page.getByTestId('run-tokens').innerText()).toBe(`${(240 * 321 + 2 * 1500).toLocaleString('en-US')} / ${(240 * 9 + 2 * 40).toLocaleString('en-US')}`);
    const learned = page.locator('[data-testid="meta-turn-card"][data-index="1"]');
    await learned.getByTestId('prompt-mode-full').click();
    expect(await learned.getByTestId('prompt-full').innerText()).toBe(LEARNED);
    await page.screenshot({ path: `${ARTIFACTS}/llm-run-page.png`, fullPage: true });

    await run.episodeChips().first().click();
    await page.waitForURL(/\/episodes\/\d+/);
    const episode = new EpisodePage(page);
    await episode.stepRows().first().waitFor();
    const calls = page.getByTestId('model-call');
    await calls.first().waitFor();
    const text = await page.getByTestId('step-detail').innerText();
    expect(text).toContain('Thought: I should look around first.');
    expect(text).toMatch(/321/);
    await page.screenshot({ path: `${ARTIFACTS}/llm-episode-page.png`, fullPage: true });

    expect(received.filter((b) => b.includes(KEY))).toEqual([]);
    expect(await page.content()).not.toContain(KEY);
  });
});
