/**
 * A batch (下发批次): a template applied to many terminals, one set-parameter command per VIN on
 * the command model, each with its own life. The batch's progress is counted from its commands'
 * states on read, never stored, so it cannot disagree with the commands.
 */

/** The command model's states as a batch reads them (a wake-up SMS counts as still queued). */
export const BATCH_VEHICLE_STATES = [
  "queued",
  "sent",
  "acknowledged",
  "success",
  "failed",
  "expired",
  "cancelled",
] as const;
export type BatchVehicleState = (typeof BATCH_VEHICLE_STATES)[number];
export const BATCH_VEHICLE_STATE_LABELS: Readonly<Record<BatchVehicleState, string>> = {
  queued: "排队中",
  sent: "已下发",
  acknowledged: "已应答",
  success: "成功",
  failed: "失败",
  expired: "已过期",
  cancelled: "已取消",
};

/** The batch state a command state counts as (smsSent waits like queued). */
export function batchStateOf(commandState: string): BatchVehicleState {
  if (commandState === "smsSent") return "queued";
  return (BATCH_VEHICLE_STATES as readonly string[]).includes(commandState)
    ? (commandState as BatchVehicleState)
    : "failed";
}

export type BatchProgress = Record<BatchVehicleState, number>;

/** Counts by state of a batch's vehicles. */
export function batchProgress(states: readonly { state: string; n: number }[]): BatchProgress {
  const out = Object.fromEntries(BATCH_VEHICLE_STATES.map((s) => [s, 0])) as BatchProgress;
  for (const s of states) out[batchStateOf(s.state)] += s.n;
  return out;
}

const OPEN: readonly BatchVehicleState[] = ["queued", "sent", "acknowledged"];
/** Whether a vehicle's command can still change. */
export const isBatchVehicleOpen = (s: BatchVehicleState): boolean => OPEN.includes(s);
/** Whether any vehicle of the batch is still under way. */
export const isBatchOpen = (p: BatchProgress): boolean => OPEN.some((s) => p[s] > 0);

/** 重试失败: the vehicles whose command failed or expired get a new one. */
export const RETRYABLE_STATES: readonly BatchVehicleState[] = ["failed", "expired"];
export const isRetryable = (s: BatchVehicleState): boolean => RETRYABLE_STATES.includes(s);

/** How many vehicles one batch may hold (a 车辆分组 or a pasted list). */
export const MAX_BATCH_VEHICLES = 1000;

/** Why a batch's vehicles cannot be taken, or null. */
export function batchVehiclesProblem(count: number): string | null {
  if (count === 0) return "请选择下发车辆（VIN或车辆分组）";
  if (count > MAX_BATCH_VEHICLES) return `一个批次最多${MAX_BATCH_VEHICLES}辆车`;
  return null;
}

/** Default and bounds of a batch command's TTL in seconds (the command model's 10 s – 7 days). */
export const BATCH_TTL_DEFAULT_S = 3600;
export const BATCH_TTL_MIN_S = 10;
export const BATCH_TTL_MAX_S = 7 * 24 * 3600;
