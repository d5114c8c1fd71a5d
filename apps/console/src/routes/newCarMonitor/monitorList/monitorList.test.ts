import { DEFAULT_MONITOR_INFORM, FORMAT_MESSAGES } from "@tsp/domain";
import { describe, expect, it } from "vitest";
import { checkInform, draftOf } from "./informDraft";
import { byType, entryKey, typeOf } from "./selection";

const saved = { ...DEFAULT_MONITOR_INFORM, updateBy: null, updateTime: null };

describe("the notification form's draft", () => {
  it("shows a saved setting as text and sends it back unchanged", () => {
    const setting = {
      ...saved,
      enabled: true,
      channels: ["sms" as const],
      receivers: [{ name: "值班员", mobile: "13800138000", email: null }],
    };
    const draft = draftOf(setting);
    expect(draft.receivers).toEqual([{ name: "值班员", mobile: "13800138000", email: "" }]);
    expect(draft.offlineHours).toBe("24");
    const { updateBy: _, updateTime: __, ...edit } = setting;
    expect(checkInform(draft)).toEqual({ ok: true, value: edit });
  });

  it("marks bad fields with the domain's messages: formats, empty numbers, cross-field rules", () => {
    const draft = {
      ...draftOf(saved),
      enabled: true,
      channels: ["sms" as const],
      offlineHours: "",
      receivers: [{ name: " 张三 ", mobile: "2380013800", email: "" }],
    };
    const out = checkInform(draft);
    expect(out.ok).toBe(false);
    if (out.ok) return;
    expect(out.errors["receivers.0.mobile"]).toBe(FORMAT_MESSAGES.mobile);
    expect(out.errors.offlineHours).toContain("离线时长");
    // Formats fixed, the rules of the fields together speak: SMS needs every receiver's mobile.
    const cross = checkInform({ ...draft, offlineHours: "6", receivers: [{ name: "张三", mobile: "", email: "" }] });
    expect(cross).toEqual({ ok: false, errors: { "receivers.0.mobile": "短信通知需要接收人手机号：张三" } });
    // Events and channels are sent in the contract's order whatever the order of clicks.
    const ordered = checkInform({ ...draftOf(saved), events: ["noLogin", "keyState"], channels: ["email", "site"] });
    expect(ordered).toMatchObject({
      ok: true,
      value: { events: ["keyState", "noLogin"], channels: ["site", "email"] },
    });
  });
});

describe("selection of entries", () => {
  it("keys an entry by VIN and kind, and groups a selection per kind for the delete call", () => {
    const a = { vin: "LB3CX1HU5RC100005", type: 1 as const };
    const b = { vin: "LB3CX1HU5RC100005", type: 3 as const };
    const c = { vin: "LGXCE4CB2S0000123", type: 1 as const };
    expect(entryKey(a)).not.toBe(entryKey(b));
    expect([...byType([a, b, c])]).toEqual([
      [1, [a.vin, c.vin]],
      [3, [b.vin]],
    ]);
    expect(["1", "2", "3", "x"].map(typeOf)).toEqual([1, 2, 3, 1]);
  });
});
