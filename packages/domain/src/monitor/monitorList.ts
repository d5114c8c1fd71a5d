import { normalizeVin, vinProblem } from "../identifiers/vin";

/**
 * The kinds of watch of the monitoring list (新能源车辆监控 › 车辆监控列表). The spec gives the
 * entry only as "ids and type"; the three kinds are designed from what a GB/T 32960 platform
 * watches: 1 key vehicles (every change of state), 2 offline watch (no frames for hours),
 * 3 alarm watch (a fault of a given level or above). A VIN may be under several kinds.
 */
export const MONITOR_TYPES = [1, 2, 3] as const;
export type MonitorType = (typeof MONITOR_TYPES)[number];
export const MONITOR_TYPE_LABELS: Readonly<Record<MonitorType, string>> = {
  1: "重点车辆",
  2: "离线监控",
  3: "报警监控",
};

/**
 * GB/T 32960.3 "最高报警等级": 0 no fault; 1 a fault that does not affect normal driving; 2 one
 * that affects the vehicle's performance, the driver must limit driving; 3 the highest, the
 * driver must stop at once or call for help.
 */
export const ALARM_LEVELS = [0, 1, 2, 3] as const;
export type AlarmLevel = (typeof ALARM_LEVELS)[number];
export const ALARM_LEVEL_LABELS: Readonly<Record<AlarmLevel, string>> = {
  0: "无故障",
  1: "1级故障",
  2: "2级故障",
  3: "3级故障",
};

/** Most VINs one add or remove carries (the `ids` query of insert/delete holds at most 100). */
export const MONITOR_BATCH_MAX = 100;

export const MSG_MONITOR_ENTER_VINS = "请输入要添加的VIN";
export const MSG_MONITOR_VIN_REPEATED = "VIN重复";
export const MSG_MONITOR_TOO_MANY = `一次最多添加${MONITOR_BATCH_MAX}个VIN`;
/** A VIN the tenant has no vehicle of (another tenant's reads the same: its existence is not told). */
export const MSG_MONITOR_VIN_UNKNOWN = "车辆不存在";
/** A VIN already under the kind of watch it was added to (left as it is). */
export const MSG_MONITOR_ALREADY = "已在监控列表中";

/** One VIN of a pasted list that will not be sent, and why. */
export interface RefusedVin {
  vin: string;
  msg: string;
}

/** What {@link parseVinList} makes of a pasted list: the VINs to send and the ones refused before sending. */
export interface VinListCheck {
  vins: string[];
  refused: RefusedVin[];
}

/**
 * A pasted list of VINs (one a line, or separated by commas, semicolons, 、 or spaces — half or
 * full width) checked before anything is sent: each is upper-cased and trimmed, then refused
 * for the VIN rule's reason ({@link vinProblem}), as a repeat of an earlier one, or past the
 * {@link MONITOR_BATCH_MAX} of one request. Refused entries keep the text as typed.
 */
export function parseVinList(text: string): VinListCheck {
  const vins: string[] = [];
  const refused: RefusedVin[] = [];
  for (const token of text.split(/[\s,，;；、]+/)) {
    if (token === "") continue;
    const vin = normalizeVin(token);
    const problem = vinProblem(vin);
    if (problem !== null) refused.push({ vin: token, msg: problem });
    else if (vins.includes(vin)) refused.push({ vin, msg: MSG_MONITOR_VIN_REPEATED });
    else if (vins.length >= MONITOR_BATCH_MAX) refused.push({ vin, msg: MSG_MONITOR_TOO_MANY });
    else vins.push(vin);
  }
  return { vins, refused };
}
