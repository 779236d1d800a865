import type { EndpointInput } from '@/lib/endpoints/schema';

const text = (v: FormDataEntryValue | null) => (typeof v === 'string' ? v : '');
const num = (v: FormDataEntryValue | null) => (text(v).trim() === '' ? undefined : Number(text(v)));

/**
 * Stop sequences as the form writes them: one per line or comma-separated, with `\n` and `\t`
 * standing for a newline and a tab (a textarea line cannot hold a bare newline).
 */
export function parseStopSequences(raw: string): string[] {
  return raw
    .split(/[\n,]/)
    .map((s) => s.trim())
    .filter((s) => s !== '')
    .map((s) => s.replace(/\\n/g, '\n').replace(/\\t/g, '\t'));
}

export function formatStopSequences(stop: readonly string[] | undefined): string {
  return (stop ?? []).map((s) => s.replace(/\n/g, '\\n').replace(/\t/g, '\\t')).join('\n');
}

/**
 * The Endpoints form's fields as the body `POST /api/endpoints` takes, so both go through the same
 * zod schema. The timeout is entered in seconds. On edit an empty key field means "keep the stored
 * key" and the "clear key" box sends `""`, which removes it.
 */
export function formToEndpointInput(form: FormData): EndpointInput {
  const editing = form.has('id');
  const key = text(form.get('apiKey'));
  const apiKey = form.get('clearApiKey') === 'on' ? '' : key.trim() === '' ? undefined : key;
  const stop = parseStopSequences(text(form.get('params.stop')));
  const timeoutS = num(form.get('timeoutSeconds'));
  const label = {
    baseModel: text(form.get('label.baseModel')).trim() || undefined,
    trainingStep: num(form.get('label.trainingStep')),
    notes: text(form.get('label.notes')).trim() || undefined,
  };
  return {
    name: text(form.get('name')),
    baseUrl: text(form.get('baseUrl')).trim(),
    model: text(form.get('model')),
    ...(apiKey === undefined || (!editing && apiKey === '') ? {} : { apiKey }),
    params: {
      temperature: num(form.get('params.temperature')),
      topP: num(form.get('params.topP')),
      maxTokens: num(form.get('params.maxTokens')),
      stop: stop.length ? stop : undefined,
      stream: form.get('params.stream') === 'on' ? true : undefined,
    },
    concurrency: num(form.get('concurrency')),
    maxRetries: num(form.get('maxRetries')),
    timeoutMs: timeoutS === undefined ? undefined : Math.round(timeoutS * 1000),
    roleHints: form.getAll('roleHints').map(String) as EndpointInput['roleHints'],
    label: Object.values(label).some((v) => v !== undefined) ? label : undefined,
  };
}

/** Field errors keyed by the form's input names (the timeout is in seconds there). */
export function formFieldErrors(fields: Record<string, string[]>): Record<string, string[]> {
  const { timeoutMs, ...rest } = fields;
  return timeoutMs ? { ...rest, timeoutSeconds: ['timeout must be between 1 and 3600 seconds'] } : rest;
}
