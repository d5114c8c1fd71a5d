import { canConfirm, DIALOG_CONFIRM_THROTTLE_MS } from "@tsp/domain";
import { useCallback, useLayoutEffect, useRef } from "react";

/**
 * Wraps `action` so it runs at most once per `intervalMs` (leading edge; spec §5: dialog
 * confirm is throttled to once every 2000 ms, the domain's canConfirm rule): the first press
 * acts at once, presses inside the window are dropped. `now` is injectable for tests.
 *
 * The throttle keeps a request from going out twice. A press whose action answers `false`
 * (or a promise of `false`) sent nothing — a form refused by its own rules — and does not open
 * the window: the operator who corrects the field and presses again at once is not ignored.
 */
export function useThrottledAction<A extends unknown[]>(
  action: (...args: A) => unknown,
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
      const previous = last.current;
      last.current = t;
      const undo = () => {
        if (last.current === t) last.current = previous;
      };
      const result = latest.current(...args);
      if (result === false) undo();
      else if (result instanceof Promise)
        result.then(
          (r) => r === false && undo(),
          () => undefined,
        );
    },
    [intervalMs, now],
  );
}
