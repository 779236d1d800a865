import type { Page } from 'playwright-core';

export class PlayPage {
  constructor(private readonly page: Page) {}

  async start(taskType: string, seed: number) {
    await this.page.getByTestId('play-task-type').selectOption(taskType);
    await this.page.getByTestId('play-seed').fill(String(seed));
    await this.page.getByTestId('play-start').click();
    await this.page.getByTestId('play-goal').waitFor();
  }

  steps() {
    return this.page.getByTestId('play-step');
  }

  async act(action: string) {
    const before = await this.steps().count();
    await this.page.getByTestId('play-command').fill(action);
    await this.page.getByTestId('play-send').click();
    await this.page.locator(`[data-testid="play-step"] >> nth=${before}`).waitFor();
  }

  async clickAction(i: number) {
    const before = await this.steps().count();
    await this.page.getByTestId('play-action').nth(i).click();
    await this.page.locator(`[data-testid="play-step"] >> nth=${before}`).waitFor();
  }

  observation() {
    return this.page.getByTestId('play-observation').innerText();
  }

  async rollbackTo(step: number) {
    await this.page.locator(`[data-testid="play-rollback"][data-step="${step}"]`).click();
    await this.page.waitForFunction((n) => document.querySelectorAll('[data-testid="play-step"]').length === n, step);
  }
}
