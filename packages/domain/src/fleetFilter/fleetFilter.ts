import * as v from "valibot";
import { socRangeProblem } from "../vehicleState/stateFilter";

/**
 * 高级筛选 (/operate/screen, issue 18): the fleet filtered by master-data fields (brand tree,
 * plate, VIN) and latest-state conditions (online, SOC range, offline longer than N hours, alarm
 * level, speed range). The rules here are the server's 400 and the screen's own check, and a
 * saved filter is stored as this schema's output (an account's named filters, 20 at most).
 */
export const FLEET_OFFLINE_HOURS_MAX = 8760;
export const FLEET_SPEED_MAX = 250;
export const FLEET_FILTERS_MAX = 20;
export const FLEET_FILTER_NAME_MAX = 30;
/** "Put the result in a group" adds at most this many vehicles in one request. */
export const FLEET_GROUP_MAX = 5000;

export const MSG_FLEET_FILTER_NAME = `请输入筛选条件名称（1–${FLEET_FILTER_NAME_MAX} 个字）`;
export const MSG_FLEET_FILTER_NAME_TAKEN = "筛选条件名称已存在";
export const MSG_FLEET_FILTERS_FULL = `每个账号最多保存 ${FLEET_FILTERS_MAX} 个筛选条件，请先删除不用的`;
export const MSG_FLEET_FILTER_EMPTY = "请至少设置一个筛选条件";
export const MSG_FLEET_OFFLINE_HOURS = `离线时长须为1到${FLEET_OFFLINE_HOURS_MAX}之间的整数（小时）`;
export const MSG_FLEET_SPEED = `车速须在0到${FLEET_SPEED_MAX}之间`;
export const MSG_FLEET_SPEED_RANGE = "车速下限不能大于上限";
export const MSG_FLEET_ONLINE_OFFLINE = "在线车辆没有离线时长，请不要同时选择在线和离线时长";
export const msgFleetGroupTooMany = (n: number): string =>
  `筛选结果有 ${n} 辆车，一次最多放入 ${FLEET_GROUP_MAX} 辆，请缩小筛选范围`;

const id = v.optional(v.pipe(v.number(), v.safeInteger(), v.minValue(1)));
const text = (max: number) => v.optional(v.pipe(v.string(), v.trim(), v.maxLength(max)));
const num = v.optional(v.number());

/** A filter as the list, export, group and saved-filter calls take it (every field optional). */
export const FleetFilterSchema = v.object({
  brandId: id,
  seriesId: id,
  modelId: id,
  plate: text(16),
  vin: text(17),
  online: v.optional(v.picklist(["online", "offline"])),
  socMin: num,
  socMax: num,
  offlineHours: num,
  alarmLevel: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(3))),
  speedMin: num,
  speedMax: num,
});
export type FleetFilter = v.InferOutput<typeof FleetFilterSchema>;

export interface FleetFilterProblem {
  field: keyof FleetFilter;
  msg: string;
}

const speedOutside = (n: number | undefined) => n !== undefined && !(n >= 0 && n <= FLEET_SPEED_MAX);

/** The conditions that cannot hold (ranges out of bounds or reversed, online with an offline time). */
export function fleetFilterProblems(f: FleetFilter): FleetFilterProblem[] {
  const out: FleetFilterProblem[] = [];
  const soc = socRangeProblem(f.socMin, f.socMax);
  if (soc !== undefined) out.push({ field: "socMin", msg: soc });
  const h = f.offlineHours;
  if (h !== undefined && !(Number.isInteger(h) && h >= 1 && h <= FLEET_OFFLINE_HOURS_MAX))
    out.push({ field: "offlineHours", msg: MSG_FLEET_OFFLINE_HOURS });
  if (h !== undefined && f.online === "online") out.push({ field: "online", msg: MSG_FLEET_ONLINE_OFFLINE });
  if (speedOutside(f.speedMin) || speedOutside(f.speedMax)) out.push({ field: "speedMin", msg: MSG_FLEET_SPEED });
  else if (f.speedMin !== undefined && f.speedMax !== undefined && f.speedMin > f.speedMax)
    out.push({ field: "speedMin", msg: MSG_FLEET_SPEED_RANGE });
  return out;
}

/** Whether a filter sets no condition at all (a saved filter must set one). */
export const isEmptyFleetFilter = (f: FleetFilter): boolean =>
  Object.values(f).every((x) => x === undefined || x === "");

export type FleetFilterCheck = { ok: true; value: FleetFilter } | { ok: false; problems: FleetFilterProblem[] };

/** Reads an unknown value (a request body's filter, a stored saved filter) as a filter, with its problems. */
export function checkFleetFilter(raw: unknown): FleetFilterCheck {
  const r = v.safeParse(FleetFilterSchema, raw);
  if (!r.success) {
    const key = r.issues[0].path?.[0]?.key;
    const field = (typeof key === "string" ? key : "filter") as keyof FleetFilter;
    return { ok: false, problems: [{ field, msg: `${field}：格式不正确` }] };
  }
  const problems = fleetFilterProblems(r.output);
  return problems.length > 0 ? { ok: false, problems } : { ok: true, value: r.output };
}

/** A saved filter's name: trimmed, 1–30 characters. */
export const FleetFilterNameSchema = v.object({
  name: v.pipe(
    v.string(MSG_FLEET_FILTER_NAME),
    v.trim(),
    v.minLength(1, MSG_FLEET_FILTER_NAME),
    v.maxLength(FLEET_FILTER_NAME_MAX, MSG_FLEET_FILTER_NAME),
  ),
});
