import { canConfirm, DIALOG_CONFIRM_THROTTLE_MS } from "@tsp/domain";
import { useCallback, useLayoutEffect, useRef } from "react";

/**
 * Wraps `action` so it runs at most once per `intervalMs` (leading edge; spec §5: dialog
 * confirm is throttled to once every 2000 ms, the domain's canConfirm rule): the first press
 * acts at once, presses inside the window are dropped. `now` is injectable for tests.
 */
export function useThrottledAction<A extends unknown[]>(
  action: (...args: A) => void,
  intervalMs: number = DIALOG_CONFIRM_THROTTLE_MS,
  now: () => number = Date.now,
): (...args: A) => void {
  const last = useRef<number | null>(null);
  const latest = useRef(action);
  useLayoutEffect(() => {
    latest.current = action;
  });
  return useCallback(
    (...args: A) => {
      const t = now();
      if (!canConfirm(last.current, t, intervalMs)) return;
      last.current = t;
      latest.current(...args);
    },
    [intervalMs, now],
  );
}
