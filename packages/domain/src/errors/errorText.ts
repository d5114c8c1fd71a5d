import { isSuccessCode } from "../platform/successCodes";
import { MSG_REQUEST_FAILED } from "./messages";

/** The colon joining msg and the first failDetail message (full-width, as in Chinese text). */
export const ERROR_TEXT_SEPARATOR = "：";

/** The parts of a failed envelope the error text reads (openapi/CONVENTIONS.md "Errors"). */
export interface FailedEnvelope {
  readonly msg?: string | null;
  readonly data?: { readonly failDetail?: readonly { readonly msg?: string | null }[] | null } | null;
}

/**
 * The error toast's text (platform-shell.md §8): the response msg; if data.failDetail[0].msg
 * exists it is appended after a colon; with neither, the fallback 请求失败. A failDetail
 * without a msg shows alone, so the operator still learns what was wrong.
 */
export function errorText(envelope: FailedEnvelope | null | undefined): string {
  const msg = envelope?.msg?.trim() ?? "";
  const detail = envelope?.data?.failDetail?.[0]?.msg?.trim() ?? "";
  const text = [msg, detail].filter((p) => p !== "").join(ERROR_TEXT_SEPARATOR);
  return text === "" ? MSG_REQUEST_FAILED : text;
}

/** What the central handler does with a response code (§8). */
export type ErrorAction = "success" | "ignore" | "reauthorize" | "toast";

/**
 * The central handler's decision by response code (§8): success codes pass; 404 does
 * nothing; 401 removes the token and goes to the authorisation page; anything else toasts.
 */
export function errorAction(code: string | number | null | undefined): ErrorAction {
  if (isSuccessCode(code)) return "success";
  const c = String(code);
  if (c === "404") return "ignore";
  if (c === "401") return "reauthorize";
  return "toast";
}
