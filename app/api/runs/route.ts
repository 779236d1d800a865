import { NextResponse } from 'next/server';
import { readJson, refused } from '@/app/_server/http';
import { createRun } from '@/app/_server/runs';
import { getDb } from '@/db/client';
import { listRuns } from '@/db/queries/runs';

export const dynamic = 'force-dynamic';

export async function GET() {
  return NextResponse.json({ runs: listRuns(getDb()) });
}

export async function POST(req: Request) {
  const json = await readJson(req);
  if (!json.ok) return json.response;
  const body = json.body;
  const result = createRun(body);
  if (!result.ok) return refused(result.error, result.fields, 400);
  return NextResponse.json({ id: result.id }, { status: 201 });
}
