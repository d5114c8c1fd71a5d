import type { CallOptions, TspClientOptions } from "./client";
import { failureOf, isNotFound } from "./envelope";
import {
  ApiError,
  AuthError,
  BadResponseError,
  type CallInfo,
  CancelledError,
  NetworkError,
  TimeoutError,
  TspError,
} from "./errors";
import { indexOperations, type OperationInfo } from "./operations";
import type { TokenStore } from "./tokens";

/** Spec §9: request timeout 60 s; uploads and downloads 200 s. */
export const DEFAULT_TIMEOUT_MS = 60_000;
export const LONG_TIMEOUT_MS = 200_000;

interface Pending {
  call: CallInfo;
  op: OperationInfo | undefined;
  controller: AbortController;
  signal: AbortSignal;
  timer?: ReturnType<typeof setTimeout>;
  key: string | undefined;
  /** Why the runtime aborted it (timeout, repeat, cancelAll); unset when the caller aborted. */
  reason?: TspError;
}

/** What openapi-fetch hands the runtime's fetch: its request init, with the URL and call options. */
export type CallRequest = RequestInit &
  CallOptions & { url: string; method: string; headers: Headers; schemaPath?: string };

/**
 * Built by openapi-fetch per call instead of a `Request` (its `Request` option): the init it
 * made, with the URL. A real Request here and another inside `fetch` were two of the SDK's
 * per-call costs; the runtime makes one only for a caller's own `fetch` (promised a Request).
 * `schemaPath` comes from the client's methods (client.ts), `timeoutMs`, `dedupe` and `signal`
 * from the call's options.
 */
export function CallRequest(url: string, init: CallRequest): CallRequest {
  init.url = url;
  return init;
}

/**
 * The answer handed on after the runtime read its body (and checked a JSON envelope): built
 * without a body, because a body costs a stream per answer (~40 µs on Node 20). `json()` gives
 * the value already parsed; any other read (`text()`, `blob()`, `body`, `clone()`…) goes to a
 * copy with the same bytes, made only then.
 */
class ReadAnswer extends Response {
  #bytes: string | ArrayBuffer;
  #parsed: { value: unknown } | undefined;
  #copy?: Response;
  #headers: Headers;
  constructor(bytes: string | ArrayBuffer, from: Response, parsed?: { value: unknown }) {
    // The answer's own headers, not a copy: `new Response(null, from)` copied them (~3 µs a call).
    super(null, { status: from.status, statusText: from.statusText });
    this.#bytes = bytes;
    this.#parsed = parsed;
    this.#headers = from.headers;
    // openapi-fetch reads a JSON answer without content-length (chunked) with text() + JSON.parse;
    // a fetched answer's headers are immutable, so that one case gets a copy with the length.
    if (parsed && !from.headers.has("content-length")) {
      this.#headers = new Headers(from.headers);
      this.#headers.set("content-length", String(new Blob([bytes]).size));
    }
  }
  override get headers() {
    return this.#headers;
  }
  copy(): Response {
    this.#copy ??= new Response(this.#bytes, this);
    return this.#copy;
  }
  override get body() {
    return this.copy().body;
  }
  override get bodyUsed() {
    return !!this.#copy?.bodyUsed;
  }
  override json() {
    return this.#parsed ? Promise.resolve(this.#parsed.value) : this.copy().json();
  }
}
for (const name of ["arrayBuffer", "blob", "bytes", "formData", "text", "clone"] as const) {
  Object.defineProperty(ReadAnswer.prototype, name, {
    value(this: ReadAnswer) {
      return (this.copy()[name] as () => unknown)();
    },
  });
}

/**
 * Tells the hooks about a failure, spec §8: cancellations and 404 tell nobody; a 401 on a call
 * that carried the token clears it and calls `onUnauthorized`; everything else goes to `onError`.
 * A 401 from a public call (a wrong client secret at the token call) is an ordinary error:
 * sending the user to sign in again would loop.
 */
export function report(
  options: Pick<TspClientOptions, "hooks"> & { tokens: TokenStore },
  error: TspError,
  isPublic = false,
): void {
  const hooks = options.hooks ?? {};
  if (error.kind === "cancelled" || (error instanceof ApiError && isNotFound(error))) return;
  if (error instanceof AuthError && !isPublic) {
    void options.tokens.clear();
    hooks.onUnauthorized?.(error);
  } else hooks.onError?.(error);
}

/**
 * The runtime as the `fetch` openapi-fetch calls (no middleware: a middleware chain costs an id,
 * a frozen options object and Request re-creation per call). It sends the call, reads the whole
 * answer (so the timeout and the loading counter cover the transfer), checks the envelope and
 * hands openapi-fetch a `ReadAnswer` whose `json()` is the value parsed here.
 */
export function createRuntime(options: TspClientOptions & { tokens: TokenStore }) {
  const hooks = options.hooks ?? {};
  const operations = indexOperations(options.operations);
  const pending = new Set<Pending>();
  const byKey = new Map<string, Pending>();
  const platformFetch = options.fetch;

  const loadingChanged = () => hooks.onLoadingChange?.(pending.size);

  const abort = (entry: Pending, reason: TspError) => {
    entry.reason ??= reason;
    entry.controller.abort(reason);
  };

  const finish = (entry: Pending) => {
    clearTimeout(entry.timer);
    pending.delete(entry);
    if (entry.key && byKey.get(entry.key) === entry) byKey.delete(entry.key);
    loadingChanged();
  };

  /** Turns anything thrown into a typed error and tells the hooks (spec §8), once per call. */
  const fail = (entry: Pending, error: unknown): TspError => {
    finish(entry);
    const typed =
      error instanceof TspError
        ? error
        : (entry.reason ??
          (entry.signal.aborted || (error as { name?: unknown })?.name === "AbortError"
            ? new CancelledError(entry.call, error)
            : new NetworkError(entry.call, error)));
    report(options, typed, entry.op?.public);
    return typed;
  };

  async function fetch(init: CallRequest): Promise<Response> {
    const { url, method } = init;
    const path = init.schemaPath ?? url;
    const op = operations.get(`${method} ${path}`);
    const call: CallInfo = { method, path, url };
    if (op) call.operationId = op.operationId;
    const headers = init.headers;
    // Public operations send no token; an explicit Authorization (the Basic client header of
    // the token call) is kept.
    if (!op?.public && !headers.has("authorization")) {
      const token = await options.tokens.get();
      if (token) headers.set("authorization", `Bearer ${token}`);
    }
    const timeoutMs =
      init.timeoutMs ??
      (op?.longRunning ? (options.longTimeoutMs ?? LONG_TIMEOUT_MS) : (options.timeoutMs ?? DEFAULT_TIMEOUT_MS));
    const controller = new AbortController();
    // AbortSignal.any only when the caller brought a signal of its own.
    const signal = init.signal ? AbortSignal.any([init.signal, controller.signal]) : controller.signal;
    const dedupe = init.dedupe ?? (method === "GET" || method === "HEAD");
    const key = dedupe ? `${method} ${url}` : undefined;
    const entry: Pending = { call, op, controller, signal, key };
    entry.timer = setTimeout(() => abort(entry, new TimeoutError(timeoutMs, call)), timeoutMs);
    if (key) {
      // Spec §7: an identical pending request is cancelled by its repeat.
      const earlier = byKey.get(key);
      if (earlier) abort(earlier, new CancelledError(earlier.call));
      byKey.set(key, entry);
    }
    pending.add(entry);
    loadingChanged();
    init.signal = signal;
    let answer: Response;
    let failure: ApiError | BadResponseError | undefined;
    try {
      // The platform's fetch builds its one Request from (url, init); a caller's fetch is given a Request.
      const response = await (platformFetch ? platformFetch(new Request(url, init)) : globalThis.fetch(url, init));
      // Read once: undici's getters brand-check on every read.
      const { ok, status } = response;
      answer = response;
      if (response.body === null) failure = failureOf(status, undefined, call);
      // JSON, not NDJSON (a stream of lines, read by journalStream.ts): "json" not after a letter.
      // Read as text (one decode, no copy into an ArrayBuffer); any other answer as bytes.
      else if (/(?<![a-z])json/i.test(response.headers.get("content-type") ?? "") || !ok) {
        const text = await response.text();
        let body: unknown = text;
        let parsed: { value: unknown } | undefined;
        try {
          body = text ? JSON.parse(text) : undefined;
          if (ok) parsed = { value: body };
        } catch {
          if (ok) failure = new BadResponseError(status, text, call);
        }
        failure ??= failureOf(status, body, call);
        answer = new ReadAnswer(text, response, parsed);
      } else answer = new ReadAnswer(await response.arrayBuffer(), response);
    } catch (error) {
      throw fail(entry, error);
    }
    if (failure) throw fail(entry, failure);
    finish(entry);
    return answer;
  }

  return {
    fetch,
    /** Aborts every pending call; each rejects with `CancelledError`. */
    cancelAll: () => {
      for (const entry of pending) abort(entry, new CancelledError(entry.call));
    },
    pendingCount: () => pending.size,
  };
}
