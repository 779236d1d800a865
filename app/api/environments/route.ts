import { NextResponse } from 'next/server';
import { listAllEnvironments, registerRemoteEnvironment } from '@/app/_server/environments';

export const dynamic = 'force-dynamic';

export async function GET() {
  return NextResponse.json({ environments: listAllEnvironments() });
}

export async function POST(req: Request) {
  let body: unknown;
  try {
    body = await req.json();
  } catch {
    return NextResponse.json({ error: 'body must be JSON' }, { status: 400 });
  }
  const result = registerRemoteEnvironment(body);
  if (!result.ok) return NextResponse.json({ error: result.error, issues: result.fields }, { status: result.reason === 'taken' ? 409 : 400 });
  return NextResponse.json({ id: result.id }, { status: 201 });
}
