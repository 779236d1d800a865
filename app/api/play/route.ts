import { NextResponse } from 'next/server';
import { readJson, refused } from '@/app/_server/http';
import { startPlaySession } from '@/app/_server/play-sessions';
import { issuesByField } from '@/lib/ict/config';
import { resolveEnvSpec } from '@/app/_server/environments';
import { startPlaySchema } from './schema';

export async function POST(req: Request) {
  const json = await readJson(req);
  if (!json.ok) return json.response;
  const parsed = startPlaySchema.safeParse(json.body);
  if (!parsed.success) return refused('invalid play request', issuesByField(parsed.error), 400);
  const spec = resolveEnvSpec(parsed.data.env);
  if (!spec) return NextResponse.json({ error: `unknown environment "${parsed.data.env}"` }, { status: 404 });
  try {
    const session = await startPlaySession(spec, parsed.data.taskType, parsed.data.seed);
    return NextResponse.json(session.view(), { status: 201 });
  } catch (e) {
    return NextResponse.json({ error: e instanceof Error ? e.message : String(e) }, { status: 400 });
  }
}
