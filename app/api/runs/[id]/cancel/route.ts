import { NextResponse } from 'next/server';
import { parseId } from '@/app/_server/runs';
import { getDb } from '@/db/client';
import { requestCancel } from '@/db/queries/runs';

export async function POST(_req: Request, { params }: { params: Promise<{ id: string }> }) {
  const id = parseId((await params).id);
  const status = id === null ? undefined : requestCancel(getDb(), { id, now: Date.now() });
  if (!status) return NextResponse.json({ error: 'run not found' }, { status: 404 });
  return NextResponse.json({ id, status });
}
