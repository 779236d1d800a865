import { NewRunForm } from '@/components/runs/new-run-form';
import { describeEnv, listEnvSpecs } from '@/lib/envs/registry';
import { createRunAction } from './actions';

export const metadata = { title: 'New run' };

export default function NewRunPage() {
  return <NewRunForm environments={listEnvSpecs().map(describeEnv)} action={createRunAction} />;
}
