/**
 * The typed failures of every SDK call. The SDK is transport only: it raises machine-readable
 * errors (a `kind`, the envelope's code, msg and failDetail, the HTTP status, the call) and
 * carries no text for a person — the caller decides what a person sees (CONVENTIONS.md "the
 * transport owns transport only"; the console composes its toast from these fields with
 * @tsp/domain's `errorText` and its own catalogue). `message` is an English line for logs.
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

/**
 * What went wrong, stable across ESM/CJS copies of the SDK: the server answered a failing code
 * (`api`, `auth` for 401), no answer in time (`timeout`), cancelled (`cancelled`), no answer at
 * all (`network`), an answer that is not the JSON it claims (`badResponse`), a signed upload the
 * object store refused or never received (`upload`), a value too long for RSA-OAEP (`valueTooLong`).
 */
export type ErrorKind =
  | "api"
  | "auth"
  | "timeout"
  | "cancelled"
  | "network"
  | "badResponse"
  | "upload"
  | "valueTooLong";

/** " (GET /path)" for log lines, or nothing. */
const where = (call: CallInfo | undefined) => (call ? ` (${call.method} ${call.path})` : "");

/** Base of every SDK failure; switch on `kind`. */
export class TspError extends Error {
  readonly kind: ErrorKind = "api";
  /** The failing call, when the failure belongs to one. */
  readonly call: CallInfo | undefined;
  constructor(message: string, call?: CallInfo, options?: { cause?: unknown }) {
    super(message, options);
    this.name = new.target.name;
    this.call = call;
  }
}

/** The failing answer's fields, as the envelope (or the HTTP status) gave them. */
interface Answer {
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
}

/** Init of an answer-carrying error. */
export interface AnswerInit {
  code: string | number;
  msg?: string;
  failDetail?: readonly FailDetail[];
  status: number;
  body?: unknown;
  call?: CallInfo;
}

/** The answer's fields of an error; none (an upload that got no answer) gives code and status 0. */
const answerOf = (init?: AnswerInit): Answer => ({
  code: init?.code ?? 0,
  msg: init?.msg ?? "",
  failDetail: init?.failDetail ?? [],
  status: init?.status ?? 0,
  body: init?.body,
});

/** A log line of a failing answer: code, msg, every failDetail and the call. */
function describeAnswer(init: AnswerInit): string {
  const details = (init.failDetail ?? []).map((d) => (d.field ? `${d.field}: ${d.msg ?? ""}` : (d.msg ?? "")));
  const text = [init.msg, ...details].filter((part) => part?.trim()).join("; ");
  return `code ${init.code}${text ? ` ${text}` : ""}${where(init.call)}`;
}

/** The server answered a failing code (envelope `code` or HTTP status). */
export class ApiError extends TspError implements Answer {
  override readonly kind: ErrorKind = "api";
  declare readonly code: string | number;
  declare readonly msg: string;
  declare readonly failDetail: readonly FailDetail[];
  declare readonly status: number;
  declare readonly body: unknown;
  constructor(init: AnswerInit) {
    super(describeAnswer(init), init.call);
    Object.assign(this, answerOf(init));
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
    super(`timed out after ${timeoutMs} ms${where(call)}`, call);
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
    super(`cancelled${where(call)}`, call, { cause: reason });
  }
}

/** No HTTP answer at all (refused connection, DNS, CORS, reset). */
export class NetworkError extends TspError {
  override readonly kind = "network";
  constructor(call?: CallInfo, cause?: unknown) {
    super(`no answer (network failure)${where(call)}`, call, { cause });
  }
}

/** A success status whose JSON body does not parse: rejected instead of resolving garbage. */
export class BadResponseError extends TspError {
  override readonly kind = "badResponse";
  readonly status: number;
  /** The body as text. */
  readonly body: string;
  constructor(status: number, body: string, call?: CallInfo) {
    super(`answer ${status} is not valid JSON${where(call)}`, call);
    this.status = status;
    this.body = body;
  }
}

/**
 * A signed upload failed: the object store answered a failure (its `code`, `msg`, `failDetail`
 * and `status` when it sent an envelope) or never answered (`status` 0, the network error as
 * `cause`). Timeouts and cancellations keep their own kinds.
 */
export class UploadError extends TspError implements Answer {
  override readonly kind = "upload";
  declare readonly code: string | number;
  declare readonly msg: string;
  declare readonly failDetail: readonly FailDetail[];
  declare readonly status: number;
  declare readonly body: unknown;
  constructor(init: AnswerInit | { call: CallInfo; cause: unknown }) {
    const answer = "status" in init ? init : undefined;
    super(
      `upload failed: ${answer ? describeAnswer(answer) : `no answer (network failure)${where(init.call)}`}`,
      init.call,
      answer ? undefined : { cause: (init as { cause: unknown }).cause },
    );
    Object.assign(this, answerOf(answer));
  }
}

/** A value longer than RSA-OAEP can encrypt with the key (`maxBytes` of UTF-8). */
export class ValueTooLongError extends TspError {
  override readonly kind = "valueTooLong";
  readonly bytes: number;
  readonly maxBytes: number;
  constructor(bytes: number, maxBytes: number) {
    super(`value is ${bytes} bytes; RSA-OAEP with this key encrypts at most ${maxBytes}`);
    this.bytes = bytes;
    this.maxBytes = maxBytes;
  }
}

/** True for a cancellation, whichever copy of the SDK (ESM or CJS) raised it. */
export function isCancelled(error: unknown): error is CancelledError {
  return error instanceof TspError ? error.kind === "cancelled" : (error as { kind?: unknown })?.kind === "cancelled";
}
