import { ApiError, AuthError, type CallInfo, type FailDetail } from "./errors";

/** Every JSON answer: `{ code, msg, data }` (openapi/CONVENTIONS.md). */
export interface Envelope<T = unknown> {
  code?: string | number | null;
  msg?: string | null;
  data?: T;
}

/** Numbered page answer: `pageNum` from 1 and `pageSize` in, `{ list, total }` out. */
export interface NumberedPage<T> {
  list?: T[] | null;
  total?: number | string | null;
}

/** Cursor page answer: `rowKey` in (absent on the first page), `{ list, nextKey }` out. */
export interface CursorPage<T> {
  list?: T[] | null;
  nextKey?: string | null;
}

/**
 * Spec §8: 200, 0, "000000", 602602, 602601, 617014 — or no code at all — mean success. The one
 * copy of this rule: deciding success is the transport's job (a failing answer rejects before
 * any caller sees it), and the SDK may import no workspace package.
 */
export const SUCCESS_CODES: readonly string[] = ["200", "0", "000000", "602602", "602601", "617014"];

/** True when an envelope code means success (an absent or empty code is success). */
export function isSuccessCode(code: unknown): boolean {
  return code === undefined || code === null || code === "" || SUCCESS_CODES.includes(String(code));
}

/** True when `value` looks like an envelope (an object with a code or msg). */
export function isEnvelope(value: unknown): value is Envelope {
  return typeof value === "object" && value !== null && !Array.isArray(value) && ("code" in value || "msg" in value);
}

/**
 * The failure an answer stands for, or undefined when it is a success. An HTTP failure is a
 * failure even with a success code in its body; a non-JSON failure gets code = HTTP status and
 * the fallback message. 401 (status or code) is an `AuthError`.
 */
export function failureOf(status: number, body: unknown, call?: CallInfo): ApiError | undefined {
  const env = isEnvelope(body) ? body : undefined;
  const ok = status >= 200 && status < 300;
  if (ok && isSuccessCode(env?.code)) return undefined;
  // A failing envelope code wins; otherwise (HTTP failure with a success or no code) the status.
  const code = isSuccessCode(env?.code) ? status : (env?.code as string | number);
  const data = env?.data as { failDetail?: unknown } | null | undefined;
  const failDetail = Array.isArray(data?.failDetail) ? (data.failDetail as FailDetail[]) : [];
  const msg = typeof env?.msg === "string" ? env.msg : "";
  const Kind = status === 401 || String(code) === "401" ? AuthError : ApiError;
  return new Kind({ code, msg, failDetail, status, body, ...(call ? { call } : {}) });
}

/** True for "not found" (status or code 404): spec §8 says nothing is done. */
export function isNotFound(error: ApiError): boolean {
  return error.status === 404 || String(error.code) === "404";
}
