import type { Page } from 'playwright-core';

export class EpisodePage {
  constructor(private readonly page: Page) {}

  stepRows() {
    return this.page.getByTestId('step-row');
  }

  negativeRows() {
    return this.page.locator('[data-testid="step-row"][data-negative="true"]');
  }

  detail() {
    return this.page.getByTestId('step-detail');
  }

  async pressKey(key: string) {
    await this.page.keyboard.press(key);
  }
}
