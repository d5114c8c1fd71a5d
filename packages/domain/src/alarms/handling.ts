import * as v from "valibot";

/**
 * 故障报警's handling of an alarm episode (issue 18): 未处理 → 已确认 → 已关闭, each step with who,
 * when and a note. An episode is a fact of the gateway (gateway_alarm); its handling is the
 * operator's work item, kept beside it and keyed by the episode.
 */
export const ALARM_HANDLING_STATES = ["open", "acknowledged", "closed"] as const;
export type AlarmHandlingState = (typeof ALARM_HANDLING_STATES)[number];

export const ALARM_HANDLING_LABELS: Record<AlarmHandlingState, string> = {
  open: "未处理",
  acknowledged: "已确认",
  closed: "已关闭",
};

/** GB/T 32960 最高报警等级 1–3 (0 is no alarm; JT/T 808 alarms carry none). */
export const WORK_ALARM_LEVELS = [1, 2, 3] as const;
export type WorkAlarmLevel = (typeof WORK_ALARM_LEVELS)[number];

export const MSG_ALARM_NOT_OPEN = "该报警已确认或已关闭，不能再确认";
export const MSG_ALARM_ALREADY_CLOSED = "该报警已关闭";
export const MSG_ALARM_NOTE = "请填写处理说明（2–200 个字）";
export const MSG_ALARM_NOTE_LONG = "处理说明不能超过 200 个字";
export const ALARM_NOTE_MAX = 200;

export type AlarmAction = "acknowledge" | "close";

/**
 * Why the action cannot be taken on an episode in this state, or null. Acknowledging is for an
 * open episode only; closing is allowed from 未处理 too (a false alarm needs no acknowledgement
 * first), never twice.
 */
export function alarmActionProblem(state: AlarmHandlingState, action: AlarmAction): string | null {
  if (state === "closed") return action === "close" ? MSG_ALARM_ALREADY_CLOSED : MSG_ALARM_NOT_OPEN;
  if (action === "acknowledge" && state !== "open") return MSG_ALARM_NOT_OPEN;
  return null;
}

/** The state an action leads to. */
export const alarmStateAfter = (action: AlarmAction): AlarmHandlingState =>
  action === "acknowledge" ? "acknowledged" : "closed";

/** 确认's note: optional, at most 200 characters, blanks trimmed away. */
export const AlarmAcknowledgeSchema = v.object({
  note: v.optional(v.nullable(v.pipe(v.string(), v.trim(), v.maxLength(ALARM_NOTE_MAX, MSG_ALARM_NOTE_LONG)))),
});

/** 关闭's note: required, 2–200 characters (what was found and done). */
export const AlarmCloseSchema = v.object({
  note: v.pipe(
    v.string(MSG_ALARM_NOTE),
    v.trim(),
    v.minLength(2, MSG_ALARM_NOTE),
    v.maxLength(ALARM_NOTE_MAX, MSG_ALARM_NOTE_LONG),
  ),
});
