import 'server-only';
import { randomUUID } from 'node:crypto';
import { PlaySession } from '@/lib/envs/play-session';
import type { EnvSpec } from '@/lib/envs/types';

// Hand-play sessions live in the server process: they hold live environment instances, which
// cannot be stored. Bounded in number and idle time so a forgotten tab costs nothing for long.
const MAX_SESSIONS = 100;
const IDLE_MS = 30 * 60_000;

const g = globalThis as unknown as { __reflectlabPlay?: Map<string, PlaySession> };
const sessions = (g.__reflectlabPlay ??= new Map());

function sweep(now = Date.now()) {
  for (const [id, s] of sessions) {
    if (now - s.lastUsed > IDLE_MS) {
      sessions.delete(id);
      void s.close();
    }
  }
  while (sessions.size >= MAX_SESSIONS) {
    const oldest = [...sessions.values()].sort((a, b) => a.lastUsed - b.lastUsed)[0];
    sessions.delete(oldest.id);
    void oldest.close();
  }
}

export async function startPlaySession(spec: EnvSpec, taskType: string, seed: number): Promise<PlaySession> {
  sweep();
  const session = await PlaySession.start(randomUUID(), spec, taskType, seed);
  sessions.set(session.id, session);
  return session;
}

export function getPlaySession(id: string): PlaySession | undefined {
  return sessions.get(id);
}
