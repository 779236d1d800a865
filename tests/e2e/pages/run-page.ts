import type { Page } from 'playwright-core';

export class RunPage {
  constructor(private readonly page: Page) {}

  status() {
    return this.page.getByTestId('run-status').first().getAttribute('data-status');
  }

  async waitForStatus(status: string, timeout = 120_000) {
    await this.page.locator(`[data-testid="run-status"][data-status="${status}"]`).first().waitFor({ timeout });
  }

  metaTurnCards() {
    return this.page.getByTestId('meta-turn-card');
  }

  chartLines() {
    return this.page.locator('[data-testid="reward-chart"] path.recharts-line-curve');
  }

  diffInsertions() {
    return this.page.locator('[data-testid="prompt-diff"] ins');
  }

  episodeChips() {
    return this.page.getByTestId('episode-chip');
  }
}
