import { useCallback, useLayoutEffect, useRef } from "react";

/** Spec §5 / §9: dialog confirm is throttled to once every 2000 ms. */
export const DIALOG_CONFIRM_THROTTLE_MS = 2000;

/**
 * Wraps `action` so it runs at most once per `intervalMs` (leading edge): the first press acts
 * at once, presses inside the window are dropped. `now` is injectable for tests.
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
      if (last.current !== null && t - last.current < intervalMs) return;
      last.current = t;
      latest.current(...args);
    },
    [intervalMs, now],
  );
}
