import { describe, expect, it } from 'vitest';
import type { LlmError } from './errors';
import { LimiterRegistry, Semaphore } from './limiter';

const tick = () => new Promise((r) => setTimeout(r, 0));

describe('Semaphore', () => {
  it('admits at most its capacity and hands slots out in FIFO order', async () => {
    const s = new Semaphore(2);
    const order: string[] = [];
    const r1 = await s.acquire();
    const r2 = await s.acquire();
    const waiters = ['a', 'b', 'c'].map((name) => s.acquire().then((release) => (order.push(name), release)));
    await tick();
    expect([s.inFlight, s.waiting, order]).toEqual([2, 3, []]);
    r1();
    r1(); // releasing twice frees one slot only
    await tick();
    expect([s.inFlight, s.waiting, order]).toEqual([2, 2, ['a']]);
    r2();
    (await waiters[0])();
    await tick();
    expect(order).toEqual(['a', 'b', 'c']);
  });

  it('drops a waiter whose signal aborts, without consuming a slot', async () => {
    const s = new Semaphore(1);
    const held = await s.acquire();
    const ctl = new AbortController();
    const gone = s.acquire(ctl.signal);
    const next = s.acquire();
    ctl.abort();
    await expect(gone).rejects.toMatchObject({ kind: 'aborted' } satisfies Partial<LlmError>);
    expect(s.waiting).toBe(1);
    held();
    const release = await next;
    expect(s.inFlight).toBe(1);
    release();
    expect(s.inFlight).toBe(0);
    await expect(s.acquire(AbortSignal.abort())).rejects.toMatchObject({ kind: 'aborted' });
  });

  it('raising the capacity admits waiters', async () => {
    const s = new Semaphore(1);
    await s.acquire();
    const w = s.acquire();
    s.setCapacity(2);
    await w;
    expect(s.inFlight).toBe(2);
    expect(() => s.setCapacity(0)).toThrow(RangeError);
  });
});

describe('LimiterRegistry', () => {
  it('shares one semaphore per endpoint id; a given capacity updates it', () => {
    const reg = new LimiterRegistry();
    const a = reg.get('vllm-1', 4);
    expect(reg.get('vllm-1')).toBe(a);
    expect(reg.get('ollama')).not.toBe(a);
    expect(reg.get('ollama').limit).toBe(16);
    reg.get('vllm-1', 8);
    expect(a.limit).toBe(8);
  });
});
