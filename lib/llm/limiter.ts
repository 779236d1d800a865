import { abortedError } from './retry';

export const DEFAULT_CONCURRENCY = 16;

type Waiter = () => void;

/** FIFO counting semaphore; a waiter whose signal aborts leaves the queue without taking a slot. */
export class Semaphore {
  private active = 0;
  private readonly queue: Waiter[] = [];

  constructor(private capacity: number = DEFAULT_CONCURRENCY) {
    this.setCapacity(capacity);
  }

  get inFlight(): number {
    return this.active;
  }

  get waiting(): number {
    return this.queue.length;
  }

  get limit(): number {
    return this.capacity;
  }

  /** Raising the limit admits waiters at once; lowering it lets in-flight work finish. */
  setCapacity(capacity: number): void {
    if (!Number.isInteger(capacity) || capacity < 1) throw new RangeError(`concurrency must be a positive integer, got ${capacity}`);
    this.capacity = capacity;
    this.drain();
  }

  /** Resolves with a release function (idempotent) once a slot is free. */
  acquire(signal?: AbortSignal): Promise<() => void> {
    if (signal?.aborted) return Promise.reject(abortedError(signal));
    return new Promise((resolve, reject) => {
      const waiter: Waiter = () => {
        signal?.removeEventListener('abort', onAbort);
        resolve(this.releaser());
      };
      const onAbort = () => {
        const i = this.queue.indexOf(waiter);
        if (i >= 0) this.queue.splice(i, 1);
        reject(abortedError(signal));
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      this.queue.push(waiter);
      this.drain();
    });
  }

  async run<T>(fn: () => Promise<T>, signal?: AbortSignal): Promise<T> {
    const release = await this.acquire(signal);
    try {
      return await fn();
    } finally {
      release();
    }
  }

  private releaser(): () => void {
    this.active++;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.active--;
      this.drain();
    };
  }

  private drain(): void {
    while (this.active < this.capacity && this.queue.length > 0) this.queue.shift()!();
  }
}

/**
 * One semaphore per endpoint id, so every run and every model object that talks to the same
 * server shares one cap (the server's batch capacity does not grow with the number of runs).
 */
export class LimiterRegistry {
  private readonly byKey = new Map<string, Semaphore>();

  /** Passing a capacity updates an existing limiter: the endpoint's latest config wins. */
  get(key: string, capacity?: number): Semaphore {
    let s = this.byKey.get(key);
    if (!s) {
      s = new Semaphore(capacity ?? DEFAULT_CONCURRENCY);
      this.byKey.set(key, s);
    } else if (capacity !== undefined && capacity !== s.limit) {
      s.setCapacity(capacity);
    }
    return s;
  }
}

/** The process-wide registry models use unless given their own (tests pass a fresh one). */
export const endpointLimiters = new LimiterRegistry();
