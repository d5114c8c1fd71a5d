import type { FenceEventKind, FenceRule, FenceWindow } from "./crossing";
import { decodeGeofence, type Geofence } from "./geofence";

/**
 * 电子围栏 (issue 18): a fence as an operator files it — name, shape in the spec's encoding
 * (type 1 circle 'lng,lat' + radius km, type 2 polygon 'lng,lat;…'), what it alarms on, an
 * optional daily window and speed limit, the alarm level, and the vehicles and 车辆分组 it
 * watches. The spec shows only the encoding; everything else is designed.
 */
export const FENCE_NAME_MAX = 20;
/** A polygon's corners at most (the editor's and JT/T 808 0x8604's practical bound). */
export const POLYGON_MAX_POINTS = 100;
/** A fence's bound vehicles plus groups at most. */
export const FENCE_BINDINGS_MAX = 200;
export const FENCE_RADIUS_MAX_KM = 500;

export const MSG_FENCE_NAME = `请输入围栏名称（1–${FENCE_NAME_MAX} 个字）`;
export const MSG_FENCE_RULE = "请选择报警规则";
export const MSG_FENCE_WINDOW = "生效时段格式为 HH:mm-HH:mm，如 08:00-18:00";
export const MSG_FENCE_SPEED = "限速须为 1–250 的整数（公里/小时）";
export const MSG_FENCE_LEVEL = "报警等级须为 1、2 或 3";
export const MSG_FENCE_BINDINGS = `请绑定车辆或车辆分组（合计 1–${FENCE_BINDINGS_MAX} 个）`;
export const MSG_FENCE_POLYGON_MAX = `多边形围栏最多 ${POLYGON_MAX_POINTS} 个点`;
export const MSG_FENCE_RADIUS_MAX = `圆形围栏半径不超过 ${FENCE_RADIUS_MAX_KM} 公里`;
export const MSG_FENCE_NAME_TAKEN = "围栏名称已存在";

/** The fence's fields as checked (shape decoded, window parsed). */
export interface FenceInput {
  readonly name: string;
  readonly shape: Geofence;
  readonly rule: FenceRule;
  readonly window: FenceWindow | null;
  readonly speedLimit: number | null;
  readonly level: 1 | 2 | 3;
  readonly vins: readonly string[];
  readonly groupIds: readonly number[];
}

export type FenceCheck =
  | { readonly ok: true; readonly value: FenceInput }
  | { readonly ok: false; readonly errors: Readonly<Record<string, string>> };

const WINDOW = /^([01]\d|2[0-3]):([0-5]\d)-([01]\d|2[0-3]):([0-5]\d)$/;

/** Reads 'HH:mm-HH:mm' (spaces ignored); '' means all day; anything else is null. */
export function parseFenceWindow(text: string): FenceWindow | null | undefined {
  const t = text.replace(/\s/g, "");
  if (t === "") return null;
  const m = WINDOW.exec(t);
  if (m === null) return undefined;
  return { start: Number(m[1]) * 60 + Number(m[2]), end: Number(m[3]) * 60 + Number(m[4]) };
}

const hhmm = (n: number) => `${String(Math.floor(n / 60)).padStart(2, "0")}:${String(n % 60).padStart(2, "0")}`;
/** The window as typed back: 'HH:mm-HH:mm', '' for all day. */
export const formatFenceWindow = (w: FenceWindow | null): string =>
  w === null ? "" : `${hhmm(w.start)}-${hhmm(w.end)}`;

/**
 * Checks a fence draft as the console sends it (the same check on both sides): every field's
 * problem by field name, or the normalized fence. `vins` are expected already normalized
 * (upper case); whether they are the tenant's vehicles is the server's to say.
 */
export function checkFence(raw: unknown): FenceCheck {
  const r = (typeof raw === "object" && raw !== null ? raw : {}) as Record<string, unknown>;
  const errors: Record<string, string> = {};
  const name = typeof r.name === "string" ? r.name.trim() : "";
  if (name.length < 1 || name.length > FENCE_NAME_MAX) errors.name = MSG_FENCE_NAME;
  const decoded = decodeGeofence({
    type: Number(r.type),
    position: typeof r.position === "string" ? r.position : "",
    radius: typeof r.radius === "number" ? r.radius : null,
  });
  if (!decoded.ok) errors.position = decoded.error;
  else if (decoded.value.type === 2 && decoded.value.points.length > POLYGON_MAX_POINTS)
    errors.position = MSG_FENCE_POLYGON_MAX;
  else if (decoded.value.type === 1 && decoded.value.radiusKm > FENCE_RADIUS_MAX_KM)
    errors.radius = MSG_FENCE_RADIUS_MAX;
  const rule = r.rule === "enter" || r.rule === "exit" || r.rule === "both" ? r.rule : null;
  if (rule === null) errors.rule = MSG_FENCE_RULE;
  const daily = typeof r.window === "string" ? parseFenceWindow(r.window) : r.window == null ? null : undefined;
  if (daily === undefined) errors.window = MSG_FENCE_WINDOW;
  const speed = r.speedLimit;
  const speedOk = speed == null || (Number.isInteger(speed) && (speed as number) >= 1 && (speed as number) <= 250);
  if (!speedOk) errors.speedLimit = MSG_FENCE_SPEED;
  const level = r.level === 1 || r.level === 2 || r.level === 3 ? r.level : null;
  if (level === null) errors.level = MSG_FENCE_LEVEL;
  const vins = Array.isArray(r.vins) ? [...new Set(r.vins.map((x) => String(x).trim().toUpperCase()))] : [];
  const groupIds = Array.isArray(r.groupIds) ? [...new Set(r.groupIds.map(Number))] : [];
  const bound = vins.length + groupIds.length;
  if (bound < 1 || bound > FENCE_BINDINGS_MAX || groupIds.some((g) => !Number.isInteger(g) || g < 1))
    errors.bindings = MSG_FENCE_BINDINGS;
  if (Object.keys(errors).length > 0 || !decoded.ok || rule === null || daily === undefined || level === null)
    return { ok: false, errors };
  return {
    ok: true,
    value: {
      name,
      shape: decoded.value,
      rule,
      window: daily,
      speedLimit: (speed as number | null | undefined) ?? null,
      level,
      vins,
      groupIds,
    },
  };
}

/** Alarm episodes of fences are named with this prefix, then the kind, then the fence's name. */
export const FENCE_ALARM_PREFIX = "围栏";
const KIND_WORD: Record<FenceEventKind, string> = { enter: "驶入", exit: "驶出", overspeed: "超速" };
/** The alarm's name in 故障报警 and 个人消息: 围栏驶入：<name>, 围栏驶出：<name>, 围栏超速：<name>. */
export const fenceAlarmName = (kind: FenceEventKind, fenceName: string): string =>
  `${FENCE_ALARM_PREFIX}${KIND_WORD[kind]}：${fenceName}`;
