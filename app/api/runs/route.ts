import { NextResponse } from 'next/server';
import { createRun } from '@/app/_server/runs';
import { getDb } from '@/db/client';
import { listRuns } from '@/db/queries/runs';

export const dynamic = 'force-dynamic';

export async function GET() {
  return NextResponse.json({ runs: listRuns(getDb()) });
}

export async function POST(req: Request) {
  let body: unknown;
  try {
    body = await req.json();
  } catch {
    return NextResponse.json({ error: 'body must be JSON' }, { status: 400 });
  }
  const result = createRun(body);
  if (!result.ok) return NextResponse.json({ error: result.error, issues: result.fields }, { status: 400 });
  return NextResponse.json({ id: result.id }, { status: 201 });
}
