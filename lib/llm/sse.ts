export interface SseEvent {
  /** The `event:` field; 'message' when absent, 'error' for llama.cpp's non-standard `error:` lines. */
  event: string;
  data: string;
}

/**
 * Incremental server-sent-events parser: push decoded text as it arrives, get whole events back.
 * Comments (`: keep-alive`) and unknown fields are dropped, as the SSE spec says; the one exception
 * is llama.cpp, which reports a failure mid-stream as a bare `error: {...}` line.
 */
export class SseParser {
  private buffer = '';
  private data: string[] = [];
  private event = 'message';

  push(text: string): SseEvent[] {
    this.buffer += text;
    const out: SseEvent[] = [];
    for (;;) {
      const m = /\r\n|\n|\r/.exec(this.buffer);
      // A trailing '\r' may be the first half of '\r\n' split across chunks: wait for more.
      if (!m || (m[0] === '\r' && m.index === this.buffer.length - 1)) break;
      const line = this.buffer.slice(0, m.index);
      this.buffer = this.buffer.slice(m.index + m[0].length);
      this.line(line, out);
    }
    return out;
  }

  /** The stream ended: a last event without its blank line still counts. */
  end(): SseEvent[] {
    const out: SseEvent[] = [];
    if (this.buffer !== '') this.line(this.buffer.replace(/\r$/, ''), out);
    this.buffer = '';
    this.dispatch(out);
    return out;
  }

  private line(line: string, out: SseEvent[]): void {
    if (line === '') return this.dispatch(out);
    if (line.startsWith(':')) return;
    const colon = line.indexOf(':');
    const field = colon < 0 ? line : line.slice(0, colon);
    const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
    if (field === 'data') this.data.push(value);
    else if (field === 'event') this.event = value || 'message';
    else if (field === 'error') {
      this.event = 'error';
      this.data.push(value);
    }
  }

  private dispatch(out: SseEvent[]): void {
    if (this.data.length > 0) out.push({ event: this.event, data: this.data.join('\n') });
    this.data = [];
    this.event = 'message';
  }
}
