import { NextResponse } from 'next/server';
import { testEndpointConnection } from '@/app/_server/endpoints';
import { parseId } from '@/app/_server/runs';

export const dynamic = 'force-dynamic';

/** Lists the server's models and asks for one token; a failed check is a 200 with `ok: false`. */
export async function POST(_req: Request, { params }: { params: Promise<{ id: string }> }) {
  const id = parseId((await params).id);
  const result = id === null ? undefined : await testEndpointConnection(id);
  if (!result) return NextResponse.json({ error: 'endpoint not found' }, { status: 404 });
  return NextResponse.json(result);
}
