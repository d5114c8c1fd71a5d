import openapiFetch, { type Client } from "openapi-fetch";
import type { AuthError, TspError } from "./errors";
import { operations as generatedOperations, type paths } from "./generated";
import type { OperationTable } from "./operations";
import { CallRequest, createRuntime } from "./runtime";
import { defaultTokenStore, type TokenStore } from "./tokens";

/**
 * openapi-fetch's CommonJS build sets `exports.default` without `__esModule`, so a CJS bundle's
 * interop hands us the whole exports object as the default import; ESM gets the function.
 */
const createClient: typeof openapiFetch =
  typeof openapiFetch === "function"
    ? openapiFetch
    : (openapiFetch as unknown as { default: typeof openapiFetch }).default;

/** What the client tells its host; the SDK itself shows nothing (DESIGN.md "hooks, not UI"). */
export interface TspHooks {
  /** A 401 on a call that carried the token: the token is already cleared; send the user to sign in. */
  onUnauthorized?(error: AuthError): void;
  /**
   * Any other failure a person should hear about (the console words it by `kind` and toasts it;
   * the SDK has no text for a person). Never called for cancellations or 404 (spec §8: "404:
   * nothing is done").
   */
  onError?(error: TspError): void;
  /** The number of calls in flight changed (the console shows its overlay while > 0). */
  onLoadingChange?(pending: number): void;
}

/** Options of `createTspClient`. */
export interface TspClientOptions {
  /** Origin (and optional prefix) serving every service, e.g. "http://127.0.0.1:8080". */
  baseUrl: string;
  /** Where the bearer token lives; localStorage `wit-dashboard-token` in browsers, memory in Node. */
  tokenStore?: TokenStore;
  /**
   * Operation metadata by operationId: long-running and public flags. Default: the table
   * generated from openapi/ (`operations` of `src/generated`).
   */
  operations?: OperationTable;
  /** Host callbacks. */
  hooks?: TspHooks;
  /** Default timeout in ms (spec §9: 60 s). */
  timeoutMs?: number;
  /** Timeout in ms of operations marked `x-long-running` (spec §9: 200 s). */
  longTimeoutMs?: number;
  /** A fetch implementation; defaults to the global one (browsers, Node ≥ 18). */
  fetch?: typeof globalThis.fetch;
  /** Headers sent on every call (e.g. a tenant header). */
  headers?: Record<string, string>;
}

/**
 * Per-call options, passed beside `params`/`body` in any call:
 * `sdk.GET(path, { params, timeoutMs: 5000, dedupe: false, signal })`.
 */
export interface CallOptions {
  /** Overrides the 60 s / 200 s timeout for this call. */
  timeoutMs?: number;
  /**
   * Whether a repeat of this call (same method and URL) while it is pending aborts it.
   * Default: true for GET and HEAD, false for every other method (see README "Cancellation").
   */
  dedupe?: boolean;
  /** The caller's own cancellation. */
  signal?: AbortSignal;
}

/** An untyped call, for helpers that work with any `paths` (auth, RSA, downloads). */
export type RawCall = (
  method: string,
  path: string,
  init?: CallOptions & {
    params?: { query?: Record<string, unknown>; path?: Record<string, unknown> };
    body?: unknown;
    headers?: Record<string, string>;
    bodySerializer?: (body: never) => unknown;
    parseAs?: "json" | "text" | "blob" | "arrayBuffer" | "stream";
  },
) => Promise<{ data?: unknown; response: Response }>;

/** What the helpers (auth, RSA, uploads, downloads) need of a client, whatever its `paths`. */
export interface TspCore {
  /** The token store the client reads. */
  readonly tokens: TokenStore;
  /** The options the client was made with (hooks included). */
  readonly options: Readonly<TspClientOptions>;
  /** Untyped access to any path, used by the helpers; prefer the typed methods. */
  readonly raw: RawCall;
}

/** The typed openapi-fetch client plus the runtime's controls. */
export type TspClient<Paths extends {} = paths> = Client<Paths> &
  TspCore & {
    /** Aborts every pending call (the console calls it on navigation). Each rejects with `CancelledError`. */
    cancelAll(): void;
    /** How many calls are in flight. */
    pendingCount(): number;
  };

/**
 * Creates the client for every TSP service. `Paths` defaults to the generated `paths` type of
 * every openapi/ document, so `createTspClient({ baseUrl })` is fully typed; the runtime
 * (envelope check, token, hooks, cancellation, timeouts) is the `fetch` openapi-fetch calls.
 * Failing answers reject with typed errors, so `data` of a resolved call is the envelope.
 */
export function createTspClient<Paths extends {} = paths>(options: TspClientOptions): TspClient<Paths> {
  const tokens = options.tokenStore ?? defaultTokenStore();
  const runtime = createRuntime({ ...options, operations: options.operations ?? generatedOperations, tokens });
  const client = createClient<Paths>({
    baseUrl: options.baseUrl,
    // The runtime is the fetch; openapi-fetch hands it a CallRequest (URL and init) instead of a Request.
    fetch: runtime.fetch as never,
    Request: CallRequest as never,
    headers: options.headers,
  });
  // Each method (GET … TRACE: the upper-case keys) and `request` pass the schema path on, so
  // the runtime finds the operation in one lookup.
  const methods = client as unknown as Record<string, (...args: never[]) => unknown>;
  for (const m in methods) {
    const send = methods[m] as (path: string, init?: object) => unknown;
    if (m < "a") methods[m] = (path: string, init?: object) => send(path, { ...init, schemaPath: path });
  }
  const send = client.request as unknown as RawCall;
  const request: RawCall = (method, path, init) => send(method, path, { ...init, schemaPath: path } as never);
  methods.request = request;
  return Object.assign(client, {
    cancelAll: runtime.cancelAll,
    pendingCount: runtime.pendingCount,
    tokens,
    options,
    // openapi-fetch's `request` is typed by Paths; helpers need it for paths they name themselves.
    raw: request,
  });
}
