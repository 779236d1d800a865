import { NextResponse } from 'next/server';
import { parseId } from '@/app/_server/runs';
import { getDb } from '@/db/client';
import { getRunView } from '@/db/queries/views';

export const dynamic = 'force-dynamic';

export async function GET(_req: Request, { params }: { params: Promise<{ id: string }> }) {
  const id = parseId((await params).id);
  const view = id === null ? undefined : getRunView(getDb(), { id });
  if (!view) return NextResponse.json({ error: 'run not found' }, { status: 404 });
  return NextResponse.json(view);
}
