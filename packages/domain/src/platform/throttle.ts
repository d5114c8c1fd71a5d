import { DIALOG_CONFIRM_THROTTLE_MS } from "./constants";

/**
 * Whether a dialog's confirm may run now (platform-shell.md §5 "Dialog confirm is throttled to
 * once every 2 seconds"): the first press always, later ones only 2000 ms or more after the
 * last one that ran. The clock comes in as `now`.
 */
export function canConfirm(
  lastRunAt: number | null,
  now: number,
  intervalMs: number = DIALOG_CONFIRM_THROTTLE_MS,
): boolean {
  return lastRunAt === null || now - lastRunAt >= intervalMs;
}
