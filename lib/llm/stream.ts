// Reading a streamed chat completion off an HTTP body: SSE framing, in-band errors, [DONE], TTFT.
import { StreamAccumulator, embeddedError, type ParsedCompletion } from './completion';
import { errorFromJson } from './errors';
import { SseParser, type SseEvent } from './sse';

export type StreamedCompletion = ParsedCompletion & { ttftMs: number | null };

export interface StreamReadOptions {
  endpoint: string;
  secrets: readonly (string | undefined)[];
  now: () => number;
  /** When the request was sent; TTFT is measured from here. */
  t0: number;
  /** Called on every body chunk; the first call stops the first-byte clock. */
  onBytes?: () => void;
}

class CompletionStream {
  private readonly acc: StreamAccumulator;
  private ttftMs: number | null = null;
  done = false;

  constructor(private readonly o: StreamReadOptions) {
    this.acc = new StreamAccumulator(o.endpoint, o.secrets);
  }

  /** Returns true once `[DONE]` arrived; events after it are ignored. */
  feed(events: SseEvent[]): boolean {
    for (const ev of events) {
      if (ev.event === 'error') {
        let json: unknown;
        try {
          json = JSON.parse(ev.data);
        } catch {
          json = { error: ev.data };
        }
        throw embeddedError(errorFromJson(json) ?? { message: ev.data }, this.o.endpoint, this.o.secrets);
      }
      if (ev.data.trim() === '[DONE]') return (this.done = true);
      if (this.acc.push(ev.data) && this.ttftMs === null) this.ttftMs = this.o.now() - this.o.t0;
    }
    return false;
  }

  result(): StreamedCompletion {
    return { ...this.acc.result(this.done), ttftMs: this.ttftMs };
  }
}

export async function readStreamedCompletion(body: ReadableStream<Uint8Array>, o: StreamReadOptions): Promise<StreamedCompletion> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  const parser = new SseParser();
  const stream = new CompletionStream(o);
  for (;;) {
    const { value, done } = await reader.read();
    if (done) {
      stream.feed([...parser.push(decoder.decode()), ...parser.end()]);
      return stream.result();
    }
    o.onBytes?.();
    // The connection may stay open after [DONE] (keep-alive proxies): stop reading there; the
    // caller's abort tears the body down.
    if (stream.feed(parser.push(decoder.decode(value, { stream: true })))) return stream.result();
  }
}

/** A whole SSE body that arrived without an event-stream content type (some proxies rewrite it). */
export function parseStreamedText(text: string, o: StreamReadOptions): StreamedCompletion {
  const stream = new CompletionStream(o);
  const parser = new SseParser();
  stream.feed([...parser.push(text), ...parser.end()]);
  return stream.result();
}
