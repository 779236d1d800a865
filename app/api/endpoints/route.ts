import { NextResponse } from 'next/server';
import { readJson, refused } from '@/app/_server/http';
import { createEndpoint, WRITE_FAILURE_STATUS } from '@/app/_server/endpoints';
import { getDb } from '@/db/client';
import { listEndpoints } from '@/db/queries/endpoints';

export const dynamic = 'force-dynamic';

/** Keys are write-only: listed endpoints carry `hasApiKey` and `maskedKey`, never the key. */
export async function GET() {
  return NextResponse.json({ endpoints: listEndpoints(getDb()) });
}

export async function POST(req: Request) {
  const json = await readJson(req);
  if (!json.ok) return json.response;
  const body = json.body;
  const result = createEndpoint(body);
  if (!result.ok) return refused(result.error, result.fields, WRITE_FAILURE_STATUS[result.reason]);
  return NextResponse.json({ id: result.id }, { status: 201 });
}
