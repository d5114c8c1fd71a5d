import * as v from "valibot";
import { TAMPER_KINDS, type TamperKind } from "./episodes";

/**
 * 报警通知人员 (issue 19): who is told of a tamper alarm, by which channel, for which kinds, from
 * which level and in which regions. 站内消息 reaches the account's 个人消息; 短信 and 邮件 are
 * recorded channels whose sending is a provider's (none is configured on this platform).
 */
export const NOTIFY_CHANNELS = ["site", "sms", "email"] as const;
export type NotifyChannel = (typeof NOTIFY_CHANNELS)[number];

export const NOTIFY_CHANNEL_LABELS: Record<NotifyChannel, string> = {
  site: "站内消息",
  sms: "短信",
  email: "邮件",
};

export const MSG_NOTIFY_ACCOUNT = "请选择通知人员";
export const MSG_NOTIFY_CHANNELS = "请至少选择一种通知方式";
export const MSG_NOTIFY_KINDS = "请至少选择一种报警类型";
export const MSG_NOTIFY_LEVEL = "请选择报警等级（1–3）";
export const MSG_NOTIFY_REGION = "区域须为省级行政区划代码（两位数字）";
export const MSG_NOTIFY_REMARK = "备注不能超过 100 个字";

/** The provinces (GB/T 2260 two-digit codes) a rule may name, for the form. */
export const PROVINCES: readonly (readonly [string, string])[] = [
  ["11", "北京"],
  ["12", "天津"],
  ["13", "河北"],
  ["14", "山西"],
  ["15", "内蒙古"],
  ["21", "辽宁"],
  ["22", "吉林"],
  ["23", "黑龙江"],
  ["31", "上海"],
  ["32", "江苏"],
  ["33", "浙江"],
  ["34", "安徽"],
  ["35", "福建"],
  ["36", "江西"],
  ["37", "山东"],
  ["41", "河南"],
  ["42", "湖北"],
  ["43", "湖南"],
  ["44", "广东"],
  ["45", "广西"],
  ["46", "海南"],
  ["50", "重庆"],
  ["51", "四川"],
  ["52", "贵州"],
  ["53", "云南"],
  ["54", "西藏"],
  ["61", "陕西"],
  ["62", "甘肃"],
  ["63", "青海"],
  ["64", "宁夏"],
  ["65", "新疆"],
  ["71", "台湾"],
  ["81", "香港"],
  ["82", "澳门"],
];

/** A province's GB/T 2260 code: two digits, 11–82. */
const PROVINCE = /^(1[1-5]|2[1-3]|3[1-7]|4[1-6]|5[0-4]|6[1-5]|71|8[12])$/;

export const AlarmNotifySchema = v.object({
  accountId: v.pipe(v.number(MSG_NOTIFY_ACCOUNT), v.integer(MSG_NOTIFY_ACCOUNT), v.minValue(1, MSG_NOTIFY_ACCOUNT)),
  channels: v.pipe(
    v.array(v.picklist(NOTIFY_CHANNELS, MSG_NOTIFY_CHANNELS), MSG_NOTIFY_CHANNELS),
    v.minLength(1, MSG_NOTIFY_CHANNELS),
  ),
  kinds: v.pipe(
    v.array(v.picklist(TAMPER_KINDS, MSG_NOTIFY_KINDS), MSG_NOTIFY_KINDS),
    v.minLength(1, MSG_NOTIFY_KINDS),
  ),
  minLevel: v.picklist([1, 2, 3], MSG_NOTIFY_LEVEL),
  /** Province codes; empty: every region. */
  regions: v.pipe(
    v.array(v.pipe(v.string(MSG_NOTIFY_REGION), v.regex(PROVINCE, MSG_NOTIFY_REGION)), MSG_NOTIFY_REGION),
    v.maxLength(34, MSG_NOTIFY_REGION),
  ),
  enabled: v.boolean(),
  remark: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(100, MSG_NOTIFY_REMARK)), ""),
});
export type AlarmNotify = v.InferOutput<typeof AlarmNotifySchema>;

/**
 * Whether a rule tells of an alarm: enabled, the kind chosen, the level reached, and the vehicle's
 * region (its selling dealer's district code) in a chosen province — a vehicle of no known region
 * only reaches rules for every region.
 */
export function notifyMatches(
  rule: Pick<AlarmNotify, "kinds" | "minLevel" | "regions" | "enabled">,
  alarm: { readonly kind: TamperKind; readonly level: number; readonly region: string | null },
): boolean {
  if (!rule.enabled || !rule.kinds.includes(alarm.kind) || alarm.level < rule.minLevel) return false;
  if (rule.regions.length === 0) return true;
  return alarm.region !== null && rule.regions.includes(alarm.region.slice(0, 2));
}

/** The channels a rule sends by now: 站内消息; 短信 and 邮件 wait for a provider. */
export const deliveredChannels = (channels: readonly NotifyChannel[]): NotifyChannel[] =>
  channels.filter((c) => c === "site");
