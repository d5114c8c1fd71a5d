/**
 * The typed failures of every SDK call. The transport raises them; the caller (the console,
 * a script) decides what a person sees — the SDK has no UI (CONVENTIONS.md, "the transport
 * owns transport only").
 */

/** One entry of `data.failDetail` in a failing envelope (openapi/CONVENTIONS.md, BadRequest). */
export interface FailDetail {
  field?: string;
  msg?: string;
}

/** Which call failed: its operationId when the operations table knows it, method, path and URL. */
export interface CallInfo {
  operationId?: string;
  method: string;
  /** The OpenAPI path (`/tsp-bss/search/{name}`) or, for signed URLs, the URL's path. */
  path: string;
  url: string;
}

/** Fallback text when a failure carries no msg (spec §8: "request failed"). */
export const REQUEST_FAILED = "请求失败";

/**
 * Spec §8 message composition: the answer's msg, then a colon and `failDetail[0].msg` when it
 * exists; 请求失败 when there is no msg. The colon is the ASCII one, as the spec writes it.
 */
export function composeMessage(msg: unknown, failDetail?: readonly FailDetail[]): string {
  const head = typeof msg === "string" && msg.trim() ? msg : REQUEST_FAILED;
  const detail = failDetail?.[0]?.msg;
  return detail ? `${head}:${detail}` : head;
}

/** Base of every SDK failure; `kind` is a stable discriminator that survives ESM/CJS copies. */
export class TspError extends Error {
  readonly kind: "api" | "auth" | "timeout" | "cancelled" | "network" = "api";
  /** The failing call, when the failure belongs to one. */
  readonly call: CallInfo | undefined;
  constructor(message: string, call?: CallInfo, options?: { cause?: unknown }) {
    super(message, options);
    this.name = new.target.name;
    this.call = call;
  }
}

/** The server answered a failing code (envelope `code` or HTTP status). `message` is composed per §8. */
export class ApiError extends TspError {
  override readonly kind: TspError["kind"] = "api";
  /** The envelope's code; the HTTP status when the body was not an envelope. */
  readonly code: string | number;
  /** The envelope's raw msg (may be empty). */
  readonly msg: string;
  /** `data.failDetail` of the envelope; empty when absent. */
  readonly failDetail: readonly FailDetail[];
  /** HTTP status of the answer. */
  readonly status: number;
  /** The whole parsed body (envelope or text), for callers that need more. */
  readonly body: unknown;
  constructor(init: {
    code: string | number;
    msg?: string;
    failDetail?: readonly FailDetail[];
    status: number;
    body?: unknown;
    call?: CallInfo;
    message?: string;
  }) {
    super(init.message ?? composeMessage(init.msg, init.failDetail), init.call);
    this.code = init.code;
    this.msg = init.msg ?? "";
    this.failDetail = init.failDetail ?? [];
    this.status = init.status;
    this.body = init.body;
  }
}

/** 401 (HTTP status or envelope code): the token was cleared and `onUnauthorized` called. */
export class AuthError extends ApiError {
  override readonly kind = "auth";
}

/** The call ran past its timeout (60 s, 200 s for long operations, or the per-call override). */
export class TimeoutError extends TspError {
  override readonly kind = "timeout";
  readonly timeoutMs: number;
  constructor(timeoutMs: number, call?: CallInfo) {
    super(`请求超时（${Math.round(timeoutMs / 1000)} 秒）`, call);
    this.timeoutMs = timeoutMs;
  }
}

/**
 * The call was cancelled: by a repeat of the same GET, by `cancelAll()` or by the caller's
 * signal. Never reported to `onError` — nobody waits for the answer any more.
 */
export class CancelledError extends TspError {
  override readonly kind = "cancelled";
  constructor(call?: CallInfo, reason?: unknown) {
    super("请求已取消", call, { cause: reason });
  }
}

/** No HTTP answer at all (refused connection, DNS, CORS, reset). */
export class NetworkError extends TspError {
  override readonly kind = "network";
  constructor(call?: CallInfo, cause?: unknown, message = "网络连接失败，请检查网络后重试") {
    super(message, call, { cause });
  }
}

/** True for a cancellation, whichever copy of the SDK (ESM or CJS) raised it. */
export function isCancelled(error: unknown): error is CancelledError {
  return error instanceof TspError ? error.kind === "cancelled" : (error as { kind?: unknown })?.kind === "cancelled";
}
