/**
 * What an endpoint turned out not to support, learned from its replies and kept for the process's
 * life so later calls skip the failed attempt. Keyed by base URL + model: one server may serve
 * several models, and swapping the server behind a URL changes the key's answers only on restart.
 */
export interface EndpointCapabilities {
  /** false once the server returned fewer than `n` choices or rejected `n`. */
  honoursN?: boolean;
  /** false once the server rejected `stream_options`. */
  streamOptions?: boolean;
}

export class CapabilityCache {
  private readonly byKey = new Map<string, EndpointCapabilities>();

  get(key: string): EndpointCapabilities {
    return this.byKey.get(key) ?? {};
  }

  update(key: string, patch: EndpointCapabilities): void {
    this.byKey.set(key, { ...this.get(key), ...patch });
  }
}

export const endpointCapabilities = new CapabilityCache();
