import type { IctConfigInput } from '@/lib/ict/config';

const text = (v: FormDataEntryValue | null) => (typeof v === 'string' && v.trim() ? v : undefined);
const num = (v: FormDataEntryValue | null) => (v === null || v === '' ? undefined : Number(v));

/**
 * The New-run form's fields as the body `POST /api/runs` takes, so both go through the same
 * zod schema. Task types come as `split:<type>` radio values: train, heldout or unused.
 */
export function formToRunInput(form: FormData): IctConfigInput {
  const train: string[] = [];
  const heldOut: string[] = [];
  for (const [key, value] of form.entries()) {
    if (!key.startsWith('split:')) continue;
    if (value === 'train') train.push(key.slice(6));
    if (value === 'heldout') heldOut.push(key.slice(6));
  }
  return {
    kind: 'ict',
    name: String(form.get('name') ?? ''),
    env: String(form.get('env') ?? ''),
    trainTaskTypes: train,
    heldOutTaskTypes: heldOut,
    batchSize: num(form.get('batchSize')),
    metaTurns: num(form.get('metaTurns')),
    valTasks: num(form.get('valTasks')),
    seed: num(form.get('seed')),
    actor: String(form.get('actor') ?? 'offline'),
    reflector: String(form.get('reflector') ?? 'offline'),
    parallelEpisodes: num(form.get('parallelEpisodes')),
    offlineStepDelayMs: num(form.get('offlineStepDelayMs')),
    offlineSlipRate: num(form.get('offlineSlipRate')),
    historyWindow: num(form.get('historyWindow')),
    templates: {
      actorUser: text(form.get('template:actorUser')),
      reflectorSystem: text(form.get('template:reflectorSystem')),
      reflectorUser: text(form.get('template:reflectorUser')),
    },
  };
}
