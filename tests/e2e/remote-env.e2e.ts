import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gridworldEnv } from '../../lib/envs/gridworld';
import { startEnvServer } from '../../lib/envs/remote/server';
import { ARTIFACTS, launchBrowser } from './browser';
import { PlayPage } from './pages/play-page';
import { startServer, tempDbFile, type AppServer } from './server';

// A remote environment registered from the browser (prefilled from the server's /spec), then
// played by hand through the app, every step going over HTTP to the env server.

let server: AppServer;
let envServer: Awaited<ReturnType<typeof startEnvServer>>;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  envServer = await startEnvServer({ spec: gridworldEnv });
  server = await startServer(tempDbFile('remote'));
  browser = await launchBrowser();
  page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await envServer?.close();
});

describe('a remote environment', () => {
  it('is registered from the Environments page and played by hand over HTTP', async () => {
    await page.goto(`${server.url}/environments`);
    await page.locator('[data-testid="register-env"] summary').click();
    await page.locator('[data-testid="register-env"] input[name="baseUrl"]').fill(envServer.url);
    await page.getByTestId('probe-env').click();
    await page.waitForFunction(() => (document.querySelector('[data-testid="register-env"] input[name="name"]') as HTMLInputElement).value !== '');
    await page.locator('[data-testid="register-env"] input[name="name"]').fill('Grid on another box');
    await page.getByTestId('register-submit').click();
    await page.getByTestId('register-ok').waitFor();
    expect(await page.getByTestId('register-ok').innerText()).toContain('remote:grid-on-another-box');

    const card = page.locator('[data-env-id="remote:grid-on-another-box"]');
    await card.waitFor();
    expect(await card.getByTestId('remote-badge').innerText()).toContain(envServer.url);
    await card.getByTestId('play-link').click();
    await page.waitForURL(/\/environments\/remote%3Agrid-on-another-box\/play/);
    const play = new PlayPage(page);
    await play.start('room', 4);
    expect(await play.observation()).toContain('@');
    await play.clickAction(0);
    const afterFirst = await play.observation();
    await play.act('xyzzy');
    expect(await play.observation()).toMatch(/Unknown command/);
    // The remote environment has no snapshots: rollback replays the prefix in a fresh server
    // session and checks every answer against the stored one.
    await play.rollbackTo(1);
    expect(await play.observation()).toBe(afterFirst);
    expect(await page.locator('body').innerText()).toContain('rollback by replay');
    await page.screenshot({ path: `${ARTIFACTS}/remote-play.png`, fullPage: true });
  });

  it('refuses a registration whose task types are not valid JSON, keeping nothing', async () => {
    await page.goto(`${server.url}/environments`);
    await page.locator('[data-testid="register-env"] summary').click();
    const form = page.getByTestId('register-env');
    await form.locator('input[name="baseUrl"]').fill(envServer.url);
    await form.locator('input[name="name"]').fill('broken');
    await form.locator('textarea[name="taskTypes"]').fill('[{ id: oops');
    await page.getByTestId('register-submit').click();
    await page.getByTestId('register-error').waitFor();
    expect(await page.getByTestId('register-error').innerText()).toContain('task types are not valid JSON');
    const list = await (await fetch(`${server.url}/api/environments`)).json();
    expect(list.environments.map((e: { id: string }) => e.id)).not.toContain('remote:broken');
  });
});
