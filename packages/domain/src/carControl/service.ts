import * as v from "valibot";
import { chinaDayStart, CHINA_UTC_OFFSET_MS as UTC8 } from "../dates/chinaTime";
import { REMOTE_GROUPS, type RemoteGroup } from "../gbt32960/downlink/remoteControl";
import { vinProblem } from "../identifiers/vin";

/**
 * 车控服务管理 (issue 17): a service package names the remote-control groups it includes and how
 * many months a subscription to it lasts; a vehicle may receive a remote-control command only
 * while it holds a subscription in force whose package includes the command's group.
 */

/** A group's name as the screens and messages show it (its first action's name without the direction). */
export const REMOTE_GROUP_LABELS: Readonly<Record<RemoteGroup, string>> = {
  lock: "车门锁",
  findCar: "寻车",
  climate: "空调",
  windows: "车窗",
  engine: "远程启动",
};

export const MSG_PACKAGE_NAME = "服务包名称须为 2–30 个字";
export const MSG_PACKAGE_GROUPS = "请至少选择一项车控服务";
export const MSG_PACKAGE_MONTHS = "有效期须为 1–60 个月的整数";
export const MSG_REMARK = "备注不能超过 100 个字";

export const CarControlPackageSchema = v.object({
  name: v.pipe(
    v.string(MSG_PACKAGE_NAME),
    v.trim(),
    v.minLength(2, MSG_PACKAGE_NAME),
    v.maxLength(30, MSG_PACKAGE_NAME),
  ),
  groups: v.pipe(
    v.array(v.picklist(REMOTE_GROUPS, MSG_PACKAGE_GROUPS), MSG_PACKAGE_GROUPS),
    v.minLength(1, MSG_PACKAGE_GROUPS),
  ),
  validityMonths: v.pipe(
    v.number(MSG_PACKAGE_MONTHS),
    v.integer(MSG_PACKAGE_MONTHS),
    v.minValue(1, MSG_PACKAGE_MONTHS),
    v.maxValue(60, MSG_PACKAGE_MONTHS),
  ),
  remark: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(100, MSG_REMARK)), ""),
});
export type CarControlPackage = v.InferOutput<typeof CarControlPackageSchema>;

/** A subscription is 即将到期 this many days before its end. */
export const EXPIRING_DAYS = 30;
const DAY = 86_400_000;
/** Days are China's (UTC+8), like every date the console shows. */

export const SUBSCRIPTION_STATES = ["pending", "active", "expiring", "expired", "stopped"] as const;
export type SubscriptionState = (typeof SUBSCRIPTION_STATES)[number];
export const SUBSCRIPTION_STATE_LABELS: Readonly<Record<SubscriptionState, string>> = {
  pending: "未生效",
  active: "生效",
  expiring: "即将到期",
  expired: "已过期",
  stopped: "已停用",
};

export interface Subscription {
  /** Start, epoch ms (inclusive). */
  readonly validFrom: number;
  /** End, epoch ms (exclusive). */
  readonly validTo: number;
  /** When it was stopped, or null. */
  readonly stoppedAt: number | null;
}

/** The state at `now`: stopped wins, then the dates. */
export function subscriptionState(s: Subscription, now: number): SubscriptionState {
  if (s.stoppedAt !== null) return "stopped";
  if (now < s.validFrom) return "pending";
  if (now >= s.validTo) return "expired";
  return s.validTo - now <= EXPIRING_DAYS * DAY ? "expiring" : "active";
}

/** Whether the subscription is in force at `now` (生效 or 即将到期). */
export const subscriptionInForce = (s: Subscription, now: number): boolean => {
  const state = subscriptionState(s, now);
  return state === "active" || state === "expiring";
};

/** The first instant of the UTC+8 day holding `at`. */
export const dayStart = (at: number): number => chinaDayStart(at);

/** `months` calendar months after `at` in UTC+8 (the 31st into a shorter month lands on its last day). */
export function addMonths(at: number, months: number): number {
  const d = new Date(at + UTC8);
  const y = d.getUTCFullYear();
  const m = d.getUTCMonth() + months;
  const last = new Date(Date.UTC(y, m + 1, 0)).getUTCDate();
  const day = Math.min(d.getUTCDate(), last);
  return Date.UTC(y, m, day, d.getUTCHours(), d.getUTCMinutes(), d.getUTCSeconds(), d.getUTCMilliseconds()) - UTC8;
}

/** A new subscription's period: from the start day, the package's months. */
export const subscriptionPeriod = (startDay: number, months: number) => ({
  validFrom: dayStart(startDay),
  validTo: addMonths(dayStart(startDay), months),
});

/**
 * A renewal's new end: the package's months after the current end, or after today when it has
 * already ended (the vehicle is not charged for the time it had no service). A stopped
 * subscription is not renewed (null): it is added again.
 */
export function renewedEnd(s: Subscription, months: number, now: number): number | null {
  if (s.stoppedAt !== null) return null;
  return addMonths(Math.max(s.validTo, dayStart(now)), months);
}

export const MSG_START_DATE = "开始日期须为 yyyy-MM-dd 格式的日期";

/** A `yyyy-MM-dd` day (UTC+8) as epoch ms, or null when it is not a real date. */
export function parseDay(text: string): number | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text.trim());
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const at = Date.UTC(y, mo - 1, d);
  const check = new Date(at);
  if (check.getUTCFullYear() !== y || check.getUTCMonth() !== mo - 1 || check.getUTCDate() !== d) return null;
  return at - UTC8;
}

/** The Chinese refusal of a remote-control command the vehicle's subscription does not cover. */
export function remoteServiceRefusal(group: RemoteGroup, state: SubscriptionState | null): string {
  const service = `“${REMOTE_GROUP_LABELS[group]}”车控服务`;
  if (state === null) return `该车辆未开通车控服务，不能下发${service}`;
  if (state === "active" || state === "expiring") return `该车辆的车控服务包不含${service}`;
  return `该车辆的车控服务${SUBSCRIPTION_STATE_LABELS[state]}，不能下发${service}`;
}

/**
 * Why a remote-control command of `group` may not be sent to a vehicle holding `s` (with its
 * package's groups) at `now`, or undefined when it may.
 */
export function remoteServiceProblem(
  s: (Subscription & { readonly groups: readonly RemoteGroup[] }) | null,
  group: RemoteGroup,
  now: number,
): string | undefined {
  if (s === null) return remoteServiceRefusal(group, null);
  const state = subscriptionState(s, now);
  if (state !== "active" && state !== "expiring") return remoteServiceRefusal(group, state);
  return s.groups.includes(group) ? undefined : remoteServiceRefusal(group, state);
}

export const MSG_PACKAGE = "请选择服务包";

/** 开通车控服务's form: the VIN, the package, the start day (empty: today). */
export const CarControlSubscriptionSchema = v.object({
  vin: v.pipe(
    v.string(),
    v.trim(),
    v.toUpperCase(),
    v.check((s) => vinProblem(s) === null, "VIN须为17位字母或数字（不含I、O、Q）"),
  ),
  packageId: v.pipe(v.number(MSG_PACKAGE), v.integer(MSG_PACKAGE), v.minValue(1, MSG_PACKAGE)),
  startDate: v.optional(
    v.pipe(
      v.string(),
      v.trim(),
      v.check((s) => s === "" || parseDay(s) !== null, MSG_START_DATE),
    ),
    "",
  ),
});
