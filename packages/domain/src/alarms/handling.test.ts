import * as v from "valibot";
import { describe, expect, it } from "vitest";
import {
  AlarmAcknowledgeSchema,
  AlarmCloseSchema,
  alarmActionProblem,
  alarmStateAfter,
  MSG_ALARM_ALREADY_CLOSED,
  MSG_ALARM_NOT_OPEN,
  MSG_ALARM_NOTE,
  MSG_ALARM_NOTE_LONG,
} from "./handling";

describe("alarm handling", () => {
  it("acknowledges only an open episode, closes from open or acknowledged, never twice", () => {
    expect(alarmActionProblem("open", "acknowledge")).toBeNull();
    expect(alarmActionProblem("acknowledged", "acknowledge")).toBe(MSG_ALARM_NOT_OPEN);
    expect(alarmActionProblem("closed", "acknowledge")).toBe(MSG_ALARM_NOT_OPEN);
    expect(alarmActionProblem("open", "close")).toBeNull();
    expect(alarmActionProblem("acknowledged", "close")).toBeNull();
    expect(alarmActionProblem("closed", "close")).toBe(MSG_ALARM_ALREADY_CLOSED);
    expect(alarmStateAfter("acknowledge")).toBe("acknowledged");
    expect(alarmStateAfter("close")).toBe("closed");
  });

  it("needs a close note of 2–200 characters, trimmed; the acknowledgement's is optional", () => {
    expect(v.safeParse(AlarmCloseSchema, { note: "  已更换绝缘件  " }).output).toEqual({ note: "已更换绝缘件" });
    expect(v.safeParse(AlarmCloseSchema, { note: " x " }).issues?.[0]?.message).toBe(MSG_ALARM_NOTE);
    expect(v.safeParse(AlarmCloseSchema, { note: 5 }).issues?.[0]?.message).toBe(MSG_ALARM_NOTE);
    expect(v.safeParse(AlarmCloseSchema, { note: "长".repeat(201) }).issues?.[0]?.message).toBe(MSG_ALARM_NOTE_LONG);
    expect(v.safeParse(AlarmAcknowledgeSchema, {}).success).toBe(true);
    expect(v.safeParse(AlarmAcknowledgeSchema, { note: null }).success).toBe(true);
    expect(v.safeParse(AlarmAcknowledgeSchema, { note: "长".repeat(201) }).issues?.[0]?.message).toBe(
      MSG_ALARM_NOTE_LONG,
    );
  });
});
