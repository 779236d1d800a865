import 'server-only';
import { NextResponse } from 'next/server';

/** The request body as JSON, or the 400 every route answers to a body that is not JSON. */
export async function readJson(req: Request): Promise<{ ok: true; body: unknown } | { ok: false; response: NextResponse }> {
  try {
    return { ok: true, body: await req.json() };
  } catch {
    return { ok: false, response: NextResponse.json({ error: 'body must be JSON' }, { status: 400 }) };
  }
}

/** A refused write: the summary plus the per-field messages of the shared zod schema. */
export function refused(error: string, issues: Record<string, string[]> | undefined, status: number): NextResponse {
  return NextResponse.json(issues ? { error, issues } : { error }, { status });
}
