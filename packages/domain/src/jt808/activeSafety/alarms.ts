import { ok, type Result } from "../../shared/result";
import { concat, isUint, Reader, uintBytes } from "../bytes";
import { type Jt808Error, jt808Error } from "../errors";
import type { Jt808Location } from "../location";
import { readBcdTime, writeBcdTime } from "../time";
import { type Jt808AlarmMark, readJt808AlarmMark, writeJt808AlarmMark } from "./alarmMark";

/** The 苏标 peripherals whose alarms ride in 0x0200 as additional items (T/JSATL 12-2017 表4-15). */
export const JT808_SAFETY_SOURCES = { adas: 0x64, dsm: 0x65, tpms: 0x66, bsd: 0x67 } as const;
export type Jt808SafetySource = keyof typeof JT808_SAFETY_SOURCES;

/** Alarm/event types per peripheral, as the standard names them (TPMS carries its types per tyre). */
export const JT808_SAFETY_ALARM_TYPES: Readonly<Record<Exclude<Jt808SafetySource, "tpms">, Record<number, string>>> = {
  adas: {
    1: "前向碰撞报警",
    2: "车道偏离报警",
    3: "车距过近报警",
    4: "行人碰撞报警",
    5: "频繁变道报警",
    6: "道路标识超限报警",
    7: "障碍物报警",
    16: "道路标志识别事件",
    17: "主动抓拍事件",
  },
  dsm: {
    1: "疲劳驾驶报警",
    2: "接打电话报警",
    3: "抽烟报警",
    4: "分神驾驶报警",
    5: "驾驶员异常报警",
    16: "自动抓拍事件",
    17: "驾驶员变更事件",
  },
  bsd: { 1: "后方接近报警", 2: "左侧后方接近报警", 3: "右侧后方接近报警" },
};

/**
 * One active-safety alarm of a 0x0200 (0x64 ADAS, 0x65 DSM, 0x66 TPMS, 0x67 BSD). Common to all:
 * alarm id, flag state (0 不可用, 1 开始, 2 结束), the vehicle's speed (km/h), altitude (m),
 * latitude/longitude (1e-6°), BCD time, vehicle status and the 报警标识号. `type` and `level` are
 * null where the peripheral has none (TPMS: types per tyre; TPMS/BSD: no level). `details` keeps
 * the peripheral's own bytes as sent: ADAS front speed, distance, deviation, road sign type and
 * value (5 bytes); DSM fatigue degree and 4 reserved (5); TPMS the event count and list; BSD none.
 */
export interface Jt808SafetyAlarm {
  readonly source: Jt808SafetySource;
  readonly alarmId: number;
  readonly state: number;
  readonly type: number | null;
  readonly level: number | null;
  readonly details: Uint8Array;
  readonly speed: number;
  readonly altitude: number;
  readonly latitude: number;
  readonly longitude: number;
  readonly time: number;
  readonly vehicleStatus: number;
  readonly mark: Jt808AlarmMark;
}

interface Layout {
  readonly typed: boolean;
  readonly levelled: boolean;
  /** Fixed detail bytes before the position block; undefined: the rest of the item after the mark. */
  readonly details?: number;
}
const LAYOUT: Readonly<Record<Jt808SafetySource, Layout>> = {
  adas: { typed: true, levelled: true, details: 5 },
  dsm: { typed: true, levelled: true, details: 5 },
  tpms: { typed: false, levelled: false },
  bsd: { typed: true, levelled: false, details: 0 },
};
const SOURCE_BY_ID = new Map<number, Jt808SafetySource>(
  Object.entries(JT808_SAFETY_SOURCES).map(([k, id]) => [id, k as Jt808SafetySource]),
);

/** Reads one 0x64–0x67 item's data; undefined for any other item id. */
export function decodeJt808SafetyAlarm(id: number, data: Uint8Array): Result<Jt808SafetyAlarm, Jt808Error> | undefined {
  const source = SOURCE_BY_ID.get(id);
  if (source === undefined) return undefined;
  const layout = LAYOUT[source];
  const r = new Reader(data);
  const alarmId = r.uint(4, "报警ID");
  if (!alarmId.ok) return alarmId;
  const state = r.uint(1, "标志状态");
  if (!state.ok) return state;
  const type = layout.typed ? r.uint(1, "报警/事件类型") : ok(null);
  if (!type.ok) return type;
  const level = layout.levelled ? r.uint(1, "报警级别") : ok(null);
  if (!level.ok) return level;
  const fixed = r.take(layout.details ?? 0, "附加字段");
  if (!fixed.ok) return fixed;
  const speed = r.uint(1, "车速");
  if (!speed.ok) return speed;
  const altitude = r.uint(2, "高程");
  if (!altitude.ok) return altitude;
  const latitude = r.uint(4, "纬度");
  if (!latitude.ok) return latitude;
  const longitude = r.uint(4, "经度");
  if (!longitude.ok) return longitude;
  const t = r.take(6, "日期时间");
  if (!t.ok) return t;
  const time = readBcdTime(t.value, "日期时间");
  if (!time.ok) return time;
  const vehicleStatus = r.uint(2, "车辆状态");
  if (!vehicleStatus.ok) return vehicleStatus;
  const mark = readJt808AlarmMark(r);
  if (!mark.ok) return mark;
  // TPMS's event list is the rest of the item; the others end with the mark.
  const details = layout.details === undefined ? data.subarray(r.offset) : fixed.value;
  if (layout.details !== undefined && r.remaining > 0) {
    return jt808Error("length-mismatch", `${source.toUpperCase()}报警附加信息长度不符（多出${r.remaining}字节）`);
  }
  return ok({
    source,
    alarmId: alarmId.value,
    state: state.value,
    type: type.value,
    level: level.value,
    details: details.slice(),
    speed: speed.value,
    altitude: altitude.value,
    latitude: latitude.value,
    longitude: longitude.value,
    time: time.value,
    vehicleStatus: vehicleStatus.value,
    mark: mark.value,
  });
}

/** Writes one active-safety alarm as its 0x0200 item (id and data). */
export function encodeJt808SafetyAlarm(a: Jt808SafetyAlarm): Result<{ id: number; data: Uint8Array }, Jt808Error> {
  const layout = LAYOUT[a.source];
  const time = writeBcdTime(a.time, "日期时间");
  if (!time.ok) return time;
  const mark = writeJt808AlarmMark(a.mark);
  if (!mark.ok) return mark;
  if (layout.details !== undefined && a.details.length !== layout.details) {
    return jt808Error("length-mismatch", `${a.source.toUpperCase()}报警的附加字段应为${layout.details}字节`);
  }
  const numbers: [number, 1 | 2 | 4, string][] = [
    [a.alarmId, 4, "报警ID"],
    [a.state, 1, "标志状态"],
    ...(layout.typed ? [[a.type ?? -1, 1, "报警/事件类型"] as [number, 1, string]] : []),
    ...(layout.levelled ? [[a.level ?? -1, 1, "报警级别"] as [number, 1, string]] : []),
  ];
  const position: [number, 1 | 2 | 4, string][] = [
    [a.speed, 1, "车速"],
    [a.altitude, 2, "高程"],
    [a.latitude, 4, "纬度"],
    [a.longitude, 4, "经度"],
  ];
  for (const [v, n, label] of [...numbers, ...position, [a.vehicleStatus, 2, "车辆状态"] as const]) {
    if (!isUint(v, 256 ** n - 1)) return jt808Error("bad-number", `“${label}”超出范围`);
  }
  const head = numbers.map(([v, n]) => uintBytes(v, n));
  const pos = position.map(([v, n]) => uintBytes(v, n));
  const fixed = layout.details === undefined ? [] : [a.details];
  const tail = layout.details === undefined ? [a.details] : [];
  return ok({
    id: JT808_SAFETY_SOURCES[a.source],
    data: concat([...head, ...fixed, ...pos, time.value, uintBytes(a.vehicleStatus, 2), mark.value, ...tail]),
  });
}

/**
 * The active-safety alarms a location carries (its raw 0x64–0x67 items) with the items that did
 * not read, so a caller can journal them; items of other ids are not looked at.
 */
export function jt808SafetyAlarms(report: Pick<Jt808Location, "items">): {
  readonly alarms: readonly Jt808SafetyAlarm[];
  readonly errors: readonly Jt808Error[];
} {
  const alarms: Jt808SafetyAlarm[] = [];
  const errors: Jt808Error[] = [];
  for (const item of report.items) {
    if (item.kind !== "raw") continue;
    const read = decodeJt808SafetyAlarm(item.id, item.data);
    if (read === undefined) continue;
    if (read.ok) alarms.push(read.value);
    else errors.push(read.error);
  }
  return { alarms, errors };
}

/** How an operator reads an alarm's type: the standard's name, or the peripheral and the number. */
export function jt808SafetyAlarmName(source: Jt808SafetySource, type: number | null): string {
  if (source === "tpms") return "胎压监测报警";
  const name = type === null ? undefined : JT808_SAFETY_ALARM_TYPES[source][type];
  return name ?? `${source.toUpperCase()}报警类型${type ?? "-"}`;
}
