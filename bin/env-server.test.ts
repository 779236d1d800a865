import { describe, expect, it } from 'vitest';
import { envServerMain, UsageError } from './env-server';

describe('env-server CLI', () => {
  it('serves a built-in environment and prints its URL', async () => {
    const lines: string[] = [];
    const server = await envServerMain(['--env', 'household', '--port', '0', '--max-sessions', '5'], { log: (l) => lines.push(l), handleSignals: false });
    try {
      expect(lines).toEqual([`serving household (household@1.0.0) at ${server.url}`]);
      expect(await (await fetch(`${server.url}/health`)).json()).toEqual({ ok: true, env: 'household', version: 'household@1.0.0', sessions: 0 });
    } finally {
      await server.close();
    }
  });

  it.each([
    [['--env', 'nope'], 'unknown environment "nope"'],
    [['--port', 'abc'], '--port must be an integer from 0 to 65535, got "abc"'],
    [['--idle-minutes', '0'], '--idle-minutes must be an integer'],
    [['--bogus'], "Unknown option '--bogus'"],
  ])('refuses %j', async (argv, message) => {
    const e = await envServerMain(argv, { log: () => undefined, handleSignals: false }).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(UsageError);
    expect((e as UsageError).message).toContain(message);
    expect((e as UsageError).help).toBe(false);
  });

  it('answers --help with the usage', async () => {
    const e = (await envServerMain(['--help'], { handleSignals: false }).catch((x: unknown) => x)) as UsageError;
    expect({ help: e.help, usage: e.message.startsWith('usage: env-server') }).toEqual({ help: true, usage: true });
  });
});
