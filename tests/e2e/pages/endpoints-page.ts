import type { Locator, Page } from 'playwright-core';

export interface EndpointFields {
  name?: string;
  baseUrl?: string;
  model?: string;
  apiKey?: string;
  temperature?: number;
  maxTokens?: number;
  stop?: string;
  concurrency?: number;
  timeoutSeconds?: number;
  roles?: ('actor' | 'reflector')[];
  baseModel?: string;
  trainingStep?: number;
  notes?: string;
}

const INPUTS: Partial<Record<keyof EndpointFields, string>> = {
  name: 'input[name="name"]',
  baseUrl: 'input[name="baseUrl"]',
  model: 'input[name="model"]',
  apiKey: 'input[name="apiKey"]',
  temperature: 'input[name="params.temperature"]',
  maxTokens: 'input[name="params.maxTokens"]',
  stop: 'textarea[name="params.stop"]',
  concurrency: 'input[name="concurrency"]',
  timeoutSeconds: 'input[name="timeoutSeconds"]',
  baseModel: 'input[name="label.baseModel"]',
  trainingStep: 'input[name="label.trainingStep"]',
  notes: 'textarea[name="label.notes"]',
};

export class EndpointsPage {
  constructor(
    private readonly page: Page,
    private readonly baseUrl: string,
  ) {}

  async open() {
    await this.page.goto(`${this.baseUrl}/endpoints`);
    await this.page.locator('[data-testid="endpoints-empty"], [data-testid="endpoints-table"]').first().waitFor();
  }

  emptyState() {
    return this.page.getByTestId('endpoints-empty');
  }

  form() {
    return this.page.getByTestId('endpoint-form');
  }

  rows() {
    return this.page.getByTestId('endpoint-row');
  }

  row(name: string): Locator {
    return this.rows().filter({ hasText: name });
  }

  async fill(fields: EndpointFields) {
    const form = this.form();
    for (const [key, selector] of Object.entries(INPUTS)) {
      const value = fields[key as keyof EndpointFields];
      if (value !== undefined && selector) await form.locator(selector).fill(String(value));
    }
    for (const role of fields.roles ?? []) await form.locator(`input[name="roleHints"][value="${role}"]`).check();
  }

  /** Opens the add form, fills it, saves, and waits for the row. */
  async add(fields: EndpointFields & { name: string }) {
    await this.page.getByTestId('add-endpoint').click();
    await this.fill(fields);
    await this.save();
    await this.row(fields.name).waitFor();
  }

  async edit(name: string, fields: EndpointFields) {
    await this.row(name).getByTestId('edit-endpoint').click();
    await this.fill(fields);
    await this.save();
  }

  async save() {
    await this.page.getByTestId('save-endpoint').click();
    await this.form().waitFor({ state: 'detached' });
  }

  async endpointId(name: string): Promise<string> {
    return (await this.row(name).getAttribute('data-endpoint-id'))!;
  }

  /** Clicks "Test connection" and waits for a fresh result. */
  async testConnection(name: string): Promise<Locator> {
    const id = await this.endpointId(name);
    await this.row(name).getByTestId('test-connection').click();
    const result = this.page.locator(`[data-testid="endpoint-detail-row"][data-endpoint-id="${id}"] [data-testid="test-result"]`);
    await result.waitFor();
    return result;
  }

  maskedKey(name: string) {
    return this.row(name).getByTestId('endpoint-key');
  }

  async delete(name: string) {
    await this.row(name).getByTestId('delete-endpoint').click();
    await this.row(name).getByTestId('confirm-delete').click();
    await this.row(name).waitFor({ state: 'detached' });
  }
}
