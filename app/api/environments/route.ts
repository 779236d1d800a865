import { NextResponse } from 'next/server';
import { readJson, refused } from '@/app/_server/http';
import { listAllEnvironments, registerRemoteEnvironment } from '@/app/_server/environments';

export const dynamic = 'force-dynamic';

export async function GET() {
  return NextResponse.json({ environments: listAllEnvironments() });
}

export async function POST(req: Request) {
  const json = await readJson(req);
  if (!json.ok) return json.response;
  const body = json.body;
  const result = registerRemoteEnvironment(body);
  if (!result.ok) return refused(result.error, result.fields, result.reason === 'taken' ? 409 : 400);
  return NextResponse.json({ id: result.id }, { status: 201 });
}
