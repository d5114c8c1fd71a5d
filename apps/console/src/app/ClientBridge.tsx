import { errorText } from "@tsp/domain";
import { ApiError, type TspError } from "@tsp/sdk";
import { useToast } from "@tsp/ui";
import { useEffect } from "react";
import { listenToClient, sdk } from "../api/sdk";
import { onNavigate } from "../routing/hashLocation";

/**
 * The toast of a failed call: for an answer from the server, @tsp/domain's composition
 * (msg, then the first failDetail msg after a colon, else 请求失败 — spec §8); for timeouts
 * and network failures, the SDK's own description.
 */
export function toastText(error: TspError): string {
  return error instanceof ApiError
    ? errorText({ msg: error.msg, data: { failDetail: error.failDetail } })
    : error.message;
}

/**
 * Connects the SDK's hooks to what a person sees (spec §7, §8): failures become error toasts
 * with the SDK's composed text (msg, then ":" and failDetail[0].msg, else 请求失败); a 401 runs
 * the sign-in redirect; every navigation cancels the calls still pending (`cancelAll`).
 */
export function ClientBridge({ onUnauthorized }: { onUnauthorized: () => void }) {
  const toast = useToast();
  useEffect(
    () =>
      listenToClient({
        onError: (error) => toast.error(toastText(error)),
        onUnauthorized: () => onUnauthorized(),
      }),
    [toast, onUnauthorized],
  );
  useEffect(() => onNavigate(() => sdk().cancelAll()), []);
  return null;
}
