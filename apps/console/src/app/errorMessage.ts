import { errorText } from "@tsp/domain";
import { ApiError, TimeoutError, type TspError, UploadError, ValueTooLongError } from "@tsp/sdk";
import type { Translate } from "../i18n/i18n";

/**
 * What a person reads about a failed call — the one place the console words the SDK's errors
 * (the SDK is transport only and carries no UI text). An answer from the server reads as spec §8
 * composes it (@tsp/domain's `errorText`: msg, then a colon and failDetail[0].msg, else the
 * fallback); the transport's own failures come from the catalogue. A refused upload without a
 * msg falls back to the spec's 文件上传失败，请检查网络连接后重试.
 */
export function errorMessage(error: TspError, t: Translate): string {
  if (error instanceof ApiError || error instanceof UploadError) {
    const fallback = error instanceof UploadError ? t("error.uploadFailed") : t("common.requestFailed");
    return errorText({ msg: error.msg, data: { failDetail: error.failDetail } }, fallback);
  }
  if (error instanceof TimeoutError) return t("error.timeout", { seconds: Math.round(error.timeoutMs / 1000) });
  if (error instanceof ValueTooLongError) return t("error.valueTooLong", { max: error.maxBytes });
  switch (error.kind) {
    case "network":
      return t("error.network");
    case "cancelled":
      return t("error.cancelled");
    case "badResponse":
      return t("error.badResponse");
    default:
      return t("common.requestFailed");
  }
}
