import { NextResponse } from 'next/server';
import { describeEnv, listEnvSpecs } from '@/lib/envs/registry';

export async function GET() {
  return NextResponse.json({ environments: listEnvSpecs().map(describeEnv) });
}
