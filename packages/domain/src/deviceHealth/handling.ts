import * as v from "valibot";

/**
 * The handling of a T-Box fault or a tamper alarm (issue 19): 未处理 → 处理中 → 已处理, each step
 * with who, when and a note. 已处理 may be reached straight from 未处理 (a false alarm needs no
 * 处理中 first) and needs a note saying what was found; nothing leaves 已处理.
 */
export const DEVICE_HANDLING_STATES = ["open", "handling", "done"] as const;
export type DeviceHandlingState = (typeof DEVICE_HANDLING_STATES)[number];

export const DEVICE_HANDLING_LABELS: Record<DeviceHandlingState, string> = {
  open: "未处理",
  handling: "处理中",
  done: "已处理",
};

export const DEVICE_NOTE_MAX = 200;
export const MSG_DEVICE_NOTE = "请填写处理说明（2–200 个字）";
export const MSG_DEVICE_NOTE_LONG = "处理说明不能超过 200 个字";
export const MSG_DEVICE_DONE = "该记录已处理，不能再改";
export const MSG_DEVICE_SAME = "该记录已在处理中";
export const MSG_DEVICE_STATE = "请选择处理状态";

/** Why a record in `from` cannot move to `to`, or null. */
export function deviceHandlingProblem(from: DeviceHandlingState, to: DeviceHandlingState): string | null {
  if (from === "done") return MSG_DEVICE_DONE;
  if (to === "open") return MSG_DEVICE_STATE;
  if (from === to) return MSG_DEVICE_SAME;
  return null;
}

/** A handling step as sent: the target state and a note (required for 已处理). */
export const DeviceHandlingSchema = v.pipe(
  v.object({
    state: v.picklist(["handling", "done"], MSG_DEVICE_STATE),
    note: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(DEVICE_NOTE_MAX, MSG_DEVICE_NOTE_LONG)), ""),
  }),
  v.forward(
    v.check((h) => h.state !== "done" || h.note.length >= 2, MSG_DEVICE_NOTE),
    ["note"],
  ),
);
export type DeviceHandling = v.InferOutput<typeof DeviceHandlingSchema>;
