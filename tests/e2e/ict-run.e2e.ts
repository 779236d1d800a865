import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ARTIFACTS, launchBrowser } from './browser';
import { EpisodePage } from './pages/episode-page';
import { NewRunPage } from './pages/new-run-page';
import { RunPage } from './pages/run-page';
import { startServer, tempDbFile, type AppServer } from './server';

let server: AppServer;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  server = await startServer(tempDbFile('ui'));
  browser = await launchBrowser();
  page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('an offline ICT run launched from the browser', () => {
  it('shows an empty runs list that points to the form', async () => {
    await page.goto(server.url);
    await page.getByTestId('runs-empty').waitFor();
    expect(await page.getByTestId('runs-empty').innerText()).toContain('No runs yet');
  });

  it('rejects a bad form inline and keeps nothing', async () => {
    const form = new NewRunPage(page, server.url);
    await form.open();
    await form.setName('   ');
    await form.setSplit('pick_and_place', 'heldout');
    await form.submit();
    await page.getByTestId('form-error').waitFor();
    const errors = await form.fieldErrors().allInnerTexts();
    expect(errors.join(' ')).toContain('name is required');
    const runs = await (await fetch(`${server.url}/api/runs`)).json();
    expect(runs.runs).toEqual([]);
  });

  it('runs to the end and shows chart, prompt diffs and an episode step by step', async () => {
    const form = new NewRunPage(page, server.url);
    await form.open();
    await form.setName('browser ICT');
    await form.setNumber('offlineStepDelayMs', 20);
    await form.submit();
    await page.waitForURL(/\/runs\/\d+$/);
    const run = new RunPage(page);
    // Live: the page moves from queued/running to done without a reload.
    await run.waitForStatus('done');
    await page.screenshot({ path: `${ARTIFACTS}/run-page.png`, fullPage: true });

    expect(await run.metaTurnCards().count()).toBe(4);
    expect(await run.chartLines().count()).toBe(2);
    expect(await run.diffInsertions().count()).toBeGreaterThan(0);
    // 4 meta-turns × (3 train + 12 validation) episodes.
    expect(await run.episodeChips().count()).toBe(60);

    const failed = page.locator('[data-testid="episode-chip"][data-success="false"]').first();
    const chip = (await failed.count()) ? failed : run.episodeChips().first();
    await chip.click();
    await page.waitForURL(/\/episodes\/\d+/);
    const episode = new EpisodePage(page);
    await episode.stepRows().first().waitFor();
    expect(await episode.stepRows().count()).toBeGreaterThan(1);
    const first = await episode.detail().innerText();
    await episode.pressKey('j');
    await page.waitForURL(/step=2/);
    expect(await episode.detail().innerText()).not.toBe(first);
    await page.screenshot({ path: `${ARTIFACTS}/episode-page.png`, fullPage: true });
  });

  it('lists the finished run, readable and not hidden under the table header', async () => {
    await page.goto(server.url);
    const link = page.locator('[data-testid="run-row"] a', { hasText: 'browser ICT' });
    await link.waitFor();
    // A sticky header once covered the rows; check what is actually on top at the link's centre.
    const onTop = await link.evaluate((el) => {
      const r = el.getBoundingClientRect();
      const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
      return hit === el || el.contains(hit);
    });
    expect(onTop).toBe(true);
    expect(await page.locator('[data-testid="run-row"] [data-testid="run-status"]').getAttribute('data-status')).toBe('done');
    await page.screenshot({ path: `${ARTIFACTS}/runs-page.png`, fullPage: true });
  });

  it('cancels a running run from its page and keeps the finished episodes', async () => {
    const res = await fetch(`${server.url}/api/runs`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'to cancel', env: 'household', offlineStepDelayMs: 150 }),
    });
    const { id } = await res.json();
    await page.goto(`${server.url}/runs/${id}`);
    const run = new RunPage(page);
    await run.waitForStatus('running');
    await page.getByTestId('episode-chip').first().waitFor();
    await page.getByTestId('cancel-run').click();
    await run.waitForStatus('canceled', 30_000);
    expect(await page.getByTestId('cancel-run').count()).toBe(0);
    const body = await (await fetch(`${server.url}/api/runs/${id}`)).json();
    expect(body.status).toBe('canceled');
    expect(body.episodes.filter((e: { status: string }) => e.status === 'done').length).toBeGreaterThan(0);
  });
});
