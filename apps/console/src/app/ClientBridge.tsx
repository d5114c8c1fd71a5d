import { useToast } from "@tsp/ui";
import { useEffect } from "react";
import { listenToClient, sdk } from "../api/sdk";
import { onNavigate } from "../routing/hashLocation";

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
        onError: (error) => toast.error(error.message),
        onUnauthorized: () => onUnauthorized(),
      }),
    [toast, onUnauthorized],
  );
  useEffect(() => onNavigate(() => sdk().cancelAll()), []);
  return null;
}
