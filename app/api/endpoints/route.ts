import { NextResponse } from 'next/server';
import { createEndpoint, WRITE_FAILURE_STATUS } from '@/app/_server/endpoints';
import { getDb } from '@/db/client';
import { listEndpoints } from '@/db/queries/endpoints';

export const dynamic = 'force-dynamic';

/** Keys are write-only: listed endpoints carry `hasApiKey` and `maskedKey`, never the key. */
export async function GET() {
  return NextResponse.json({ endpoints: listEndpoints(getDb()) });
}

export async function POST(req: Request) {
  let body: unknown;
  try {
    body = await req.json();
  } catch {
    return NextResponse.json({ error: 'body must be JSON' }, { status: 400 });
  }
  const result = createEndpoint(body);
  if (!result.ok) return NextResponse.json({ error: result.error, issues: result.fields }, { status: WRITE_FAILURE_STATUS[result.reason] });
  return NextResponse.json({ id: result.id }, { status: 201 });
}
