import { MSG_REQUEST_FAILED } from "./messages";

/**
 * The colon joining msg and the first failDetail message. Spec §8 says "appended after a colon"
 * and shows no full-width one (where it means full-width punctuation it quotes it, as in
 * 暂无视频资源！), so it is the plain ASCII colon.
 */
export const ERROR_TEXT_SEPARATOR = ":";

/** The parts of a failed envelope the error text reads (openapi/CONVENTIONS.md "Errors"). */
export interface FailedEnvelope {
  readonly msg?: string | null;
  readonly data?: { readonly failDetail?: readonly { readonly msg?: string | null }[] | null } | null;
}

/**
 * The error toast's text (platform-shell.md §8), the one place it is composed: the response msg;
 * if data.failDetail[0].msg exists it is appended after a colon; with neither, the fallback
 * (请求失败 unless the caller passes its locale's words). A failDetail without a msg shows alone,
 * so the operator still learns what was wrong.
 */
export function errorText(envelope: FailedEnvelope | null | undefined, fallback: string = MSG_REQUEST_FAILED): string {
  const msg = envelope?.msg?.trim() ?? "";
  const detail = envelope?.data?.failDetail?.[0]?.msg?.trim() ?? "";
  const text = [msg, detail].filter((p) => p !== "").join(ERROR_TEXT_SEPARATOR);
  return text === "" ? fallback : text;
}
