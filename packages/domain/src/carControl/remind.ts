import * as v from "valibot";
import { REMOTE_GROUPS, type RemoteGroup } from "../gbt32960/downlink/remoteControl";
import { vinProblem } from "../identifiers/vin";
import { NOTIFY_CHANNELS } from "../tamper/notify";

/**
 * 车控提醒 (issue 17): who of the tenant is told when a remote-control command ends badly, by
 * which channel (站内消息 is 车控提醒's list — 个人消息 does not show it yet; 短信 and 邮件 are recorded
 * behind the provider seam),
 * for which results and groups, optionally only for some vehicles.
 */
export const REMIND_RESULTS = ["failed", "expired", "cancelled"] as const;
export type RemindResult = (typeof REMIND_RESULTS)[number];
export const REMIND_RESULT_LABELS: Readonly<Record<RemindResult, string>> = {
  failed: "失败",
  expired: "超时",
  cancelled: "取消",
};

export const MSG_REMIND_ACCOUNT = "请选择提醒人员";
export const MSG_REMIND_CHANNELS = "请至少选择一种提醒方式";
export const MSG_REMIND_RESULTS = "请至少选择一种命令结果";
export const MSG_REMIND_GROUPS = "请至少选择一项车控服务";
export const MSG_REMIND_VINS = "指定车辆最多 100 辆";

const vinItem = v.pipe(
  v.string(),
  v.trim(),
  v.toUpperCase(),
  v.check((s) => vinProblem(s) === null, "VIN须为17位字母或数字（不含I、O、Q）"),
);

export const CarControlRemindSchema = v.object({
  accountId: v.pipe(v.number(MSG_REMIND_ACCOUNT), v.integer(MSG_REMIND_ACCOUNT), v.minValue(1, MSG_REMIND_ACCOUNT)),
  channels: v.pipe(
    v.array(v.picklist(NOTIFY_CHANNELS, MSG_REMIND_CHANNELS), MSG_REMIND_CHANNELS),
    v.minLength(1, MSG_REMIND_CHANNELS),
  ),
  results: v.pipe(
    v.array(v.picklist(REMIND_RESULTS, MSG_REMIND_RESULTS), MSG_REMIND_RESULTS),
    v.minLength(1, MSG_REMIND_RESULTS),
  ),
  groups: v.pipe(
    v.array(v.picklist(REMOTE_GROUPS, MSG_REMIND_GROUPS), MSG_REMIND_GROUPS),
    v.minLength(1, MSG_REMIND_GROUPS),
  ),
  /** Only these vehicles; empty: every vehicle of the tenant. */
  vins: v.optional(v.pipe(v.array(vinItem, MSG_REMIND_VINS), v.maxLength(100, MSG_REMIND_VINS)), []),
  enabled: v.boolean(),
  remark: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(100, "备注不能超过 100 个字")), ""),
});
export type CarControlRemind = v.InferOutput<typeof CarControlRemindSchema>;

/** Whether a rule tells of a command that ended with `result`: enabled, the result and group chosen, the vehicle named (or none named). */
export function remindMatches(
  rule: Pick<CarControlRemind, "results" | "groups" | "vins" | "enabled">,
  command: { readonly result: RemindResult; readonly group: RemoteGroup; readonly vin: string },
): boolean {
  return (
    rule.enabled &&
    rule.results.includes(command.result) &&
    rule.groups.includes(command.group) &&
    (rule.vins.length === 0 || rule.vins.includes(command.vin))
  );
}
