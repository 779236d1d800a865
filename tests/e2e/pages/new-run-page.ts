import type { Page } from 'playwright-core';

export class NewRunPage {
  constructor(private readonly page: Page, private readonly baseUrl: string) {}

  async open() {
    await this.page.goto(`${this.baseUrl}/runs/new`);
    await this.page.getByTestId('new-run-form').waitFor();
  }

  async setName(name: string) {
    await this.page.locator('input[name="name"]').fill(name);
  }

  async setNumber(field: string, value: number) {
    const input = this.page.locator(`input[name="${field}"]`);
    if (!(await input.isVisible())) await this.page.locator('details summary', { hasText: 'Advanced' }).click();
    await input.fill(String(value));
  }

  async setSplit(taskType: string, split: 'train' | 'heldout' | 'unused') {
    await this.page.locator(`input[name="split:${taskType}"][value="${split}"]`).check();
  }

  async submit() {
    await this.page.getByTestId('start-run').click();
  }

  fieldErrors() {
    return this.page.getByTestId('field-error');
  }
}
