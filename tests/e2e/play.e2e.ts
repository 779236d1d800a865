import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ARTIFACTS, launchBrowser } from './browser';
import { PlayPage } from './pages/play-page';
import { startServer, tempDbFile, type AppServer } from './server';

let server: AppServer;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  server = await startServer(tempDbFile('play'));
  browser = await launchBrowser();
  page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('playing an environment by hand', () => {
  it('plays household, sees negative feedback, rolls back and replays identically', async () => {
    await page.goto(`${server.url}/environments`);
    await page.locator('[data-env-id="household"] [data-testid="play-link"]').click();
    await page.waitForURL(/\/environments\/household\/play/);
    const play = new PlayPage(page);
    await play.start('pick_heat_then_place', 12);
    expect(await page.getByTestId('play-action').count()).toBeGreaterThan(3);

    await play.clickAction(0);
    const afterFirst = await play.observation();
    await play.act('dance wildly');
    expect(await play.observation()).toBe('Nothing happens.');
    expect(await page.locator('[data-testid="play-step"][data-negative="true"]').count()).toBe(1);

    await play.rollbackTo(1);
    expect(await play.observation()).toBe(afterFirst);
    await page.getByTestId('play-bookmark').click();
    await page.getByTestId('play-restore').waitFor();
    await play.act('look');
    await page.getByTestId('play-restore').click();
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="play-step"]').length === 1);
    expect(await play.observation()).toBe(afterFirst);
    expect(page.url()).toContain('type=pick_heat_then_place');
    await page.screenshot({ path: `${ARTIFACTS}/play-household.png`, fullPage: true });
  });
});
