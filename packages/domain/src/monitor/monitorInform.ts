import * as v from "valibot";
import { FORMAT_MESSAGES, isEmail, isMobile } from "../validation/formats";
import type { MonitorType } from "./monitorList";

/**
 * The notification setting of the monitoring list (spec: setInform / getInform, fields not
 * shown). Designed as one setting per tenant — one duty roster per operating organisation —
 * that says per kind of watch WHAT is told (events, each with its threshold), TO WHOM
 * (receivers with a mobile and/or an e-mail) and HOW (channels).
 */
export const MONITOR_CHANNELS = ["site", "sms", "email"] as const;
export type MonitorChannel = (typeof MONITOR_CHANNELS)[number];
export const MONITOR_CHANNEL_LABELS: Readonly<Record<MonitorChannel, string>> = {
  site: "站内消息",
  sms: "短信",
  email: "邮件",
};

/**
 * What can be told: `keyState` a key vehicle (type 1) logs in, logs out or raises an alarm;
 * `offline` an offline-watched vehicle (type 2) sends no frame for `offlineHours`; `alarm` an
 * alarm-watched vehicle (type 3) reports a GB/T 32960 alarm of `alarmLevelMin` or above;
 * `noLogin` any watched vehicle has not logged in for `noLoginDays`.
 */
export const MONITOR_EVENTS = ["keyState", "offline", "alarm", "noLogin"] as const;
export type MonitorEvent = (typeof MONITOR_EVENTS)[number];
/** The kinds of watch each event is about. */
export const MONITOR_EVENT_TYPES: Readonly<Record<MonitorEvent, readonly MonitorType[]>> = {
  keyState: [1],
  offline: [2],
  alarm: [3],
  noLogin: [1, 2, 3],
};

export const MONITOR_RECEIVERS_MAX = 20;
export const MONITOR_RECEIVER_NAME_MAX = 50;
export const MONITOR_EMAIL_MAX = 100;
export const OFFLINE_HOURS_RANGE = [1, 720] as const;
export const ALARM_LEVEL_MIN_RANGE = [1, 3] as const;
export const NO_LOGIN_DAYS_RANGE = [1, 90] as const;

export const MSG_INFORM_NAME = "请输入接收人姓名";
export const MSG_INFORM_NAME_TOO_LONG = `接收人姓名不能超过${MONITOR_RECEIVER_NAME_MAX}个字符`;
export const MSG_INFORM_EMAIL_TOO_LONG = `邮箱不能超过${MONITOR_EMAIL_MAX}个字符`;
export const MSG_INFORM_RECEIVERS_TOO_MANY = `接收人不能超过${MONITOR_RECEIVERS_MAX}名`;
export const MSG_INFORM_OFFLINE_HOURS = `离线时长应为${OFFLINE_HOURS_RANGE[0]}至${OFFLINE_HOURS_RANGE[1]}之间的整数（小时）`;
export const MSG_INFORM_ALARM_LEVEL = "报警等级应为1、2或3级";
export const MSG_INFORM_NO_LOGIN_DAYS = `未登录天数应为${NO_LOGIN_DAYS_RANGE[0]}至${NO_LOGIN_DAYS_RANGE[1]}之间的整数（天）`;
export const MSG_INFORM_CHANNEL = "通知方式应为站内消息、短信或邮件";
export const MSG_INFORM_EVENT = "通知事件应为重点车辆状态变化、离线超时、报警或长时间未登录";
export const MSG_INFORM_NO_EVENT = "启用通知时至少选择一种通知事件";
export const MSG_INFORM_NO_CHANNEL = "启用通知时至少选择一种通知方式";
export const MSG_INFORM_NO_RECEIVER = "启用通知时至少添加一名接收人";
export const MSG_INFORM_NOT_A_SETTING = "通知设置格式不正确";
/** SMS needs every receiver's mobile. */
export const msgInformNeedsMobile = (name: string) => `短信通知需要接收人手机号：${name}`;
/** E-mail needs every receiver's address. */
export const msgInformNeedsEmail = (name: string) => `邮件通知需要接收人邮箱：${name}`;

const wholeNumber = (range: readonly [number, number], msg: string) =>
  v.pipe(v.number(msg), v.integer(msg), v.minValue(range[0], msg), v.maxValue(range[1], msg));

/** One receiver: a name, and a mobile (11 digits starting with 1) and/or an e-mail (spec §5 formats). */
export const MonitorReceiverSchema = v.object({
  name: v.pipe(
    v.string(MSG_INFORM_NAME),
    v.check((s) => s.trim().length > 0, MSG_INFORM_NAME),
    v.maxLength(MONITOR_RECEIVER_NAME_MAX, MSG_INFORM_NAME_TOO_LONG),
  ),
  mobile: v.nullable(v.pipe(v.string(FORMAT_MESSAGES.mobile), v.check(isMobile, FORMAT_MESSAGES.mobile))),
  email: v.nullable(
    v.pipe(
      v.string(FORMAT_MESSAGES.email),
      v.maxLength(MONITOR_EMAIL_MAX, MSG_INFORM_EMAIL_TOO_LONG),
      v.check(isEmail, FORMAT_MESSAGES.email),
    ),
  ),
});
export type MonitorReceiver = v.InferOutput<typeof MonitorReceiverSchema>;

/** The editable setting, field by field; {@link monitorInformProblems} checks the fields together. */
export const MonitorInformEditSchema = v.object(
  {
    enabled: v.boolean(MSG_INFORM_NOT_A_SETTING),
    events: v.array(v.picklist(MONITOR_EVENTS, MSG_INFORM_EVENT), MSG_INFORM_EVENT),
    channels: v.array(v.picklist(MONITOR_CHANNELS, MSG_INFORM_CHANNEL), MSG_INFORM_CHANNEL),
    receivers: v.pipe(
      v.array(MonitorReceiverSchema, MSG_INFORM_NOT_A_SETTING),
      v.maxLength(MONITOR_RECEIVERS_MAX, MSG_INFORM_RECEIVERS_TOO_MANY),
    ),
    offlineHours: wholeNumber(OFFLINE_HOURS_RANGE, MSG_INFORM_OFFLINE_HOURS),
    alarmLevelMin: wholeNumber(ALARM_LEVEL_MIN_RANGE, MSG_INFORM_ALARM_LEVEL),
    noLoginDays: wholeNumber(NO_LOGIN_DAYS_RANGE, MSG_INFORM_NO_LOGIN_DAYS),
  },
  MSG_INFORM_NOT_A_SETTING,
);
export type MonitorInformEdit = v.InferOutput<typeof MonitorInformEditSchema>;

/** The setting until a tenant saves one: off, every event chosen, nobody told yet. */
export const DEFAULT_MONITOR_INFORM: MonitorInformEdit = {
  enabled: false,
  events: [...MONITOR_EVENTS],
  channels: ["site"],
  receivers: [],
  offlineHours: 24,
  alarmLevelMin: 3,
  noLoginDays: 7,
};

/** One reason a setting is refused, on the field the form marks (`receivers.<i>.mobile` for a receiver's). */
export interface MonitorInformProblem {
  field: string;
  msg: string;
}

/**
 * Rules of the fields together (after {@link MonitorInformEditSchema}): a setting that is on
 * tells somebody something by some channel, and each receiver can be reached by each chosen
 * channel (SMS needs a mobile, e-mail an address). A setting that is off may be incomplete —
 * an operator pauses notifications without losing the roster.
 */
export function monitorInformProblems(edit: MonitorInformEdit): MonitorInformProblem[] {
  if (!edit.enabled) return [];
  const out: MonitorInformProblem[] = [];
  if (edit.events.length === 0) out.push({ field: "events", msg: MSG_INFORM_NO_EVENT });
  if (edit.channels.length === 0) out.push({ field: "channels", msg: MSG_INFORM_NO_CHANNEL });
  if (edit.receivers.length === 0) out.push({ field: "receivers", msg: MSG_INFORM_NO_RECEIVER });
  edit.receivers.forEach((r, i) => {
    if (edit.channels.includes("sms") && !r.mobile)
      out.push({ field: `receivers.${i}.mobile`, msg: msgInformNeedsMobile(r.name) });
    if (edit.channels.includes("email") && !r.email)
      out.push({ field: `receivers.${i}.email`, msg: msgInformNeedsEmail(r.name) });
  });
  return out;
}
