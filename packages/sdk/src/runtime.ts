import type { Middleware } from "openapi-fetch";
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
 * The runtime as one openapi-fetch middleware. State is keyed by the middleware `id` because
 * per-call options are lost once a Request is re-wrapped (TOOLCHAIN.md): they are read first.
 */
export function createRuntime(options: TspClientOptions & { tokens: TokenStore }) {
  const hooks = options.hooks ?? {};
  const operations = indexOperations(options.operations);
  const pending = new Map<string, Pending>();
  const byKey = new Map<string, Pending>();

  const loadingChanged = () => hooks.onLoadingChange?.(pending.size);

  const abort = (entry: Pending, reason: TspError) => {
    entry.reason ??= reason;
    entry.controller.abort(reason);
  };

  const finish = (id: string) => {
    const entry = pending.get(id);
    if (!entry) return;
    clearTimeout(entry.timer);
    pending.delete(id);
    if (entry.key && byKey.get(entry.key) === entry) byKey.delete(entry.key);
    loadingChanged();
  };

  /** Turns anything thrown into a typed error and tells the hooks (spec §8), once per call. */
  const fail = (id: string, error: unknown): TspError => {
    const entry = pending.get(id);
    finish(id);
    const call = entry?.call;
    const typed =
      error instanceof TspError
        ? error
        : (entry?.reason ??
          (entry?.signal.aborted || (error as { name?: unknown })?.name === "AbortError"
            ? new CancelledError(call, error)
            : new NetworkError(call, error)));
    report(options, typed, entry?.op?.public);
    return typed;
  };

  const middleware: Middleware = {
    async onRequest({ request, schemaPath, id }) {
      // openapi-fetch copies unknown init keys (timeoutMs, dedupe) onto the Request object.
      const own = request as Request & CallOptions;
      const method = request.method.toUpperCase();
      const op = operations.get(`${method} ${schemaPath}`);
      const call: CallInfo = { method, path: schemaPath, url: request.url };
      if (op) call.operationId = op.operationId;
      const headers = new Headers(request.headers);
      // Public operations send no token; an explicit Authorization (the Basic client header of
      // the token call) is kept.
      if (!op?.public && !headers.has("authorization")) {
        const token = await options.tokens.get();
        if (token) headers.set("authorization", `Bearer ${token}`);
      }
      const timeoutMs =
        own.timeoutMs ??
        (op?.longRunning ? (options.longTimeoutMs ?? LONG_TIMEOUT_MS) : (options.timeoutMs ?? DEFAULT_TIMEOUT_MS));
      const controller = new AbortController();
      const signal = AbortSignal.any([request.signal, controller.signal]);
      const dedupe = own.dedupe ?? (method === "GET" || method === "HEAD");
      const key = dedupe ? `${method} ${request.url}` : undefined;
      const entry: Pending = { call, op, controller, signal, key };
      entry.timer = setTimeout(() => abort(entry, new TimeoutError(timeoutMs, call)), timeoutMs);
      if (key) {
        // Spec §7: an identical pending request is cancelled by its repeat.
        const earlier = byKey.get(key);
        if (earlier) abort(earlier, new CancelledError(earlier.call));
        byKey.set(key, entry);
      }
      pending.set(id, entry);
      loadingChanged();
      return new Request(request, { headers, signal });
    },

    async onResponse({ response, id }) {
      const call = pending.get(id)?.call;
      let out: Response = response;
      let failure: ApiError | BadResponseError | undefined;
      try {
        if (response.body !== null) {
          // Read the whole body here, so the timeout and the loading counter cover the transfer.
          const buffer = await response.arrayBuffer();
          out = new Response(buffer, response);
          if (/json/i.test(response.headers.get("content-type") ?? "") || !response.ok) {
            const text = new TextDecoder().decode(buffer);
            let body: unknown = text;
            try {
              body = text ? JSON.parse(text) : undefined;
              if (response.ok) out = parsedOnce(buffer, response, body);
            } catch {
              if (response.ok) failure = new BadResponseError(response.status, text, call);
            }
            failure ??= failureOf(response.status, body, call);
          }
        } else {
          failure = failureOf(response.status, undefined, call);
        }
      } catch (error) {
        throw fail(id, error);
      }
      if (failure) throw fail(id, failure);
      finish(id);
      return out;
    },

    onError({ error, id }) {
      return fail(id, error);
    },
  };

  return {
    middleware,
    /** Aborts every pending call; each rejects with `CancelledError`. */
    cancelAll: () => {
      for (const entry of pending.values()) abort(entry, new CancelledError(entry.call));
    },
    pendingCount: () => pending.size,
  };
}

/**
 * The answer handed on to openapi-fetch after the envelope was checked: the same bytes and
 * headers, but its `json()` gives the value already parsed here instead of parsing the body a
 * second time (on a journal page of 1,000 rows the second parse was most of the SDK's cost).
 * A `content-length` is set so openapi-fetch calls `json()` rather than `text()` + `JSON.parse`
 * for a chunked answer. `text()`, `arrayBuffer()` and `clone()` read the bytes as usual.
 */
function parsedOnce(buffer: ArrayBuffer, response: Response, body: unknown): Response {
  const out = new Response(buffer, response);
  out.headers.set("content-length", String(buffer.byteLength));
  Object.defineProperty(out, "json", { value: () => Promise.resolve(body) });
  return out;
}
