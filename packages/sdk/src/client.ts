import createClient, { type Client } from "openapi-fetch";

/** Options shared by every TSP service client. */
export interface TspClientOptions {
  /** Origin (and optional prefix) of the API, e.g. "http://127.0.0.1:8080". */
  baseUrl: string;
  /** A fetch implementation; defaults to the global one (browsers, Node ≥ 18). */
  fetch?: typeof globalThis.fetch;
}

/**
 * Creates a typed openapi-fetch client. `Paths` is a generated `paths` type from openapi/;
 * the runtime (envelope, tokens, cancellation, timeouts) is layered on as middleware.
 */
export function createTspClient<Paths extends {}>(options: TspClientOptions): Client<Paths> {
  return createClient<Paths>({
    baseUrl: options.baseUrl,
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
}
