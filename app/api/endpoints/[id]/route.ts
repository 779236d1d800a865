import { NextResponse } from 'next/server';
import { readJson, refused } from '@/app/_server/http';
import { editEndpoint, WRITE_FAILURE_STATUS } from '@/app/_server/endpoints';
import { parseId } from '@/app/_server/runs';
import { getDb } from '@/db/client';
import { deleteEndpoint, getEndpointById } from '@/db/queries/endpoints';

export const dynamic = 'force-dynamic';

type Ctx = { params: Promise<{ id: string }> };

const notFound = () => NextResponse.json({ error: 'endpoint not found' }, { status: 404 });

export async function GET(_req: Request, { params }: Ctx) {
  const id = parseId((await params).id);
  const endpoint = id === null ? undefined : getEndpointById(getDb(), { id });
  if (!endpoint) return notFound();
  return NextResponse.json(endpoint);
}

async function edit(req: Request, { params }: Ctx, mode: 'replace' | 'merge') {
  const id = parseId((await params).id);
  if (id === null) return notFound();
  const json = await readJson(req);
  if (!json.ok) return json.response;
  const body = json.body;
  const result = editEndpoint(id, body, mode);
  if (!result.ok) return refused(result.error, result.fields, WRITE_FAILURE_STATUS[result.reason]);
  return NextResponse.json(getEndpointById(getDb(), { id }));
}

/** The whole config; fields left out take their defaults, except `apiKey` (left out: kept). */
export async function PUT(req: Request, ctx: Ctx) {
  return edit(req, ctx, 'replace');
}

/** Only the fields given change. */
export async function PATCH(req: Request, ctx: Ctx) {
  return edit(req, ctx, 'merge');
}

export async function DELETE(_req: Request, { params }: Ctx) {
  const id = parseId((await params).id);
  if (id === null || !deleteEndpoint(getDb(), { id })) return notFound();
  return NextResponse.json({ id, deleted: true });
}
