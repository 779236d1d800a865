import { NextResponse } from 'next/server';
import { readJson, refused } from '@/app/_server/http';
import { getPlaySession } from '@/app/_server/play-sessions';
import { issuesByField } from '@/lib/ict/config';
import { playOpSchema } from '../schema';

type Ctx = { params: Promise<{ sid: string }> };

const gone = () => NextResponse.json({ error: 'play session not found (expired after 30 idle minutes?) — start the task again' }, { status: 404 });

export async function GET(_req: Request, { params }: Ctx) {
  const session = getPlaySession((await params).sid);
  return session ? NextResponse.json(session.view()) : gone();
}

export async function POST(req: Request, { params }: Ctx) {
  const session = getPlaySession((await params).sid);
  if (!session) return gone();
  const json = await readJson(req);
  if (!json.ok) return json.response;
  const parsed = playOpSchema.safeParse(json.body);
  if (!parsed.success) return refused('invalid operation', issuesByField(parsed.error), 400);
  const op = parsed.data;
  try {
    const state =
      op.op === 'step'
        ? await session.step(op.action)
        : op.op === 'rollback'
          ? await session.rollbackTo(op.step)
          : op.op === 'bookmark'
            ? session.bookmark()
            : await session.restoreBookmark(op.bookmark);
    return NextResponse.json(state);
  } catch (e) {
    // Environment errors and refused operations leave the session as it was.
    return NextResponse.json({ error: e instanceof Error ? e.message : String(e) }, { status: 409 });
  }
}
