/**
 * The filters of 车辆实时状态 (/newCarMonitor/latest) that are rules, not layout: the choices
 * and the SOC range's check, shared by the screen and the server's 400.
 */

/** 在线状态: online from the connection (login/heartbeat/report), offline after a logout or a closed link. */
export const VEHICLE_ONLINE_STATES = ["online", "offline"] as const;
export type VehicleOnlineState = (typeof VEHICLE_ONLINE_STATES)[number];

/** 充电状态 codes of GB/T 32960.3 整车数据 (1 停车充电, 2 行驶充电, 3 未充电状态, 4 充电完成). */
export const CHARGE_STATE_CODES = ["1", "2", "3", "4"] as const;
export const CHARGE_STATE_NAMES: Readonly<Record<(typeof CHARGE_STATE_CODES)[number], string>> = {
  "1": "停车充电",
  "2": "行驶充电",
  "3": "未充电状态",
  "4": "充电完成",
};

/** 最高报警等级 0 无故障, 1–3 (GB/T 32960.3 报警数据). */
export const ALARM_LEVEL_CODES = ["0", "1", "2", "3"] as const;
export const ALARM_LEVEL_NAMES: Readonly<Record<(typeof ALARM_LEVEL_CODES)[number], string>> = {
  "0": "无故障",
  "1": "1级",
  "2": "2级",
  "3": "3级",
};

const outside = (n: number | undefined) => n !== undefined && !(n >= 0 && n <= 100);

/**
 * The SOC range's problem, if any: each bound 0–100 (%), the lower not above the upper.
 * Undefined bounds are open.
 */
export function socRangeProblem(min: number | undefined, max: number | undefined): string | undefined {
  if (outside(min) || outside(max)) return "SOC须在0到100之间";
  if (min !== undefined && max !== undefined && min > max) return "SOC下限不能大于上限";
  return undefined;
}
