// Test wiring shared by the client's test files: a model pointed at a scripted server, with its
// own limiter and capability cache (no state leaks between tests) and a sleep that only records.
import { CapabilityCache } from '../capabilities';
import { LimiterRegistry } from '../limiter';
import { OpenAICompatibleModel, type OpenAICompatibleOptions } from '../openai-compatible';
import type { ScriptedServer } from './scripted-server';

export const TEST_KEY = 'sk-test-SECRET-0123456789';

export function modelFor(srv: ScriptedServer, over: Partial<OpenAICompatibleOptions> = {}) {
  const sleeps: number[] = [];
  const model = new OpenAICompatibleModel({
    baseUrl: `${srv.baseUrl}/`,
    model: 'test-model',
    apiKey: TEST_KEY,
    sleep: async (ms) => void sleeps.push(ms),
    random: () => 0.5,
    limiters: new LimiterRegistry(),
    capabilities: new CapabilityCache(),
    ...over,
  });
  return { model, sleeps };
}

export const user = (content: string) => [{ role: 'user' as const, content }];
