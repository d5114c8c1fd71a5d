import { useToast } from "@tsp/ui";
import { useAtomValue } from "jotai";
import { useEffect } from "react";
import { listenToClient, sdk } from "../api/sdk";
import { localeAtom, translate } from "../i18n/i18n";
import { onNavigate } from "../routing/hashLocation";
import { errorMessage } from "./errorMessage";

/**
 * Connects the SDK's hooks to what a person sees (spec §7, §8): failures become error toasts
 * worded by {@link errorMessage} in the current locale; a 401 runs the sign-in redirect; every
 * navigation cancels the calls still pending (`cancelAll`). 404 and cancellations never arrive
 * here (the SDK tells no hook about them).
 */
export function ClientBridge({ onUnauthorized }: { onUnauthorized: () => void }) {
  const toast = useToast();
  const locale = useAtomValue(localeAtom);
  useEffect(
    () =>
      listenToClient({
        onError: (error) => toast.error(errorMessage(error, (key, params) => translate(locale, key, params))),
        onUnauthorized: () => onUnauthorized(),
      }),
    [toast, onUnauthorized, locale],
  );
  useEffect(() => onNavigate(() => sdk().cancelAll()), []);
  return null;
}
