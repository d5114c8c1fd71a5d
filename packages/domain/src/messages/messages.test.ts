import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { alarmIsMessage, MessageSettingSchema, MSG_MESSAGE_LEVEL, messageKey, parseMessageKey } from "./messages";

describe("personal messages", () => {
  it("keys a message by kind and fact, and reads keys back", () => {
    expect(messageKey("alarm", 42)).toBe("alarm:42");
    expect(parseMessageKey("alarm:42")).toEqual({ kind: "alarm", ref: "42" });
    expect(parseMessageKey("export:3f2a-b")).toEqual({ kind: "export", ref: "3f2a-b" });
    expect(parseMessageKey("carControl:12:3")).toEqual({ kind: "carControl", ref: "12:3" });
    expect(parseMessageKey("alarm:")).toBeNull();
    expect(parseMessageKey("bell:1")).toBeNull();
    expect(parseMessageKey("alarm")).toBeNull();
  });

  it("tells an alarm at or above the account's level, never one without a level", () => {
    expect(alarmIsMessage(3, 3)).toBe(true);
    expect(alarmIsMessage(2, 3)).toBe(false);
    expect(alarmIsMessage(2, 2)).toBe(true);
    expect(alarmIsMessage(null, 1)).toBe(false);
  });

  it("checks the setting", () => {
    expect(v.safeParse(MessageSettingSchema, { minLevel: 2, groupId: null }).success).toBe(true);
    expect(v.safeParse(MessageSettingSchema, { minLevel: 4, groupId: null }).issues?.[0]?.message).toBe(
      MSG_MESSAGE_LEVEL,
    );
    expect(v.safeParse(MessageSettingSchema, { minLevel: 1, groupId: 0 }).success).toBe(false);
  });
});
