import * as v from "valibot";
import { describe, expect, it } from "vitest";
import {
  AlarmNotifySchema,
  deliveredChannels,
  foldTamperEvents,
  MSG_NOTIFY_CHANNELS,
  MSG_NOTIFY_REGION,
  notifyMatches,
  type OpenTamper,
  PROVINCES,
} from "./index";

const A = "LZYTBGBW5N1000001";
const B = "LZYTBGBW5N1000002";

describe("foldTamperEvents", () => {
  it("opens at the first removal, repeats while more come, ends at the first report after the last removal", () => {
    const changes = foldTamperEvents(new Map(), [
      { vin: A, at: 30, kind: "report" },
      { vin: A, at: 10, kind: "removed" },
      { vin: A, at: 20, kind: "removed" },
      { vin: A, at: 20, kind: "report" },
      { vin: B, at: 5, kind: "report" },
      { vin: A, at: 40, kind: "report" },
    ]);
    expect(changes).toEqual([
      { type: "open", vin: A, at: 10 },
      { type: "repeat", vin: A, at: 20 },
      { type: "end", vin: A, at: 30 },
    ]);
  });

  it("continues an episode open before, and leaves it open without a report", () => {
    const open = new Map<string, OpenTamper>([[A, { vin: A, startedAt: 1, lastAt: 5 }]]);
    expect(foldTamperEvents(open, [{ vin: A, at: 4, kind: "report" }])).toEqual([]);
    expect(foldTamperEvents(open, [{ vin: A, at: 9, kind: "removed" }])).toEqual([{ type: "repeat", vin: A, at: 9 }]);
    expect(open.get(A)?.lastAt).toBe(5);
  });
});

const rule = {
  accountId: 2,
  channels: ["site", "sms"],
  kinds: ["removed"],
  minLevel: 2,
  regions: ["44"],
  enabled: true,
};

describe("报警通知人员", () => {
  it("checks the rule's fields with Chinese messages", () => {
    expect(v.parse(AlarmNotifySchema, rule).remark).toBe("");
    const none = v.safeParse(AlarmNotifySchema, { ...rule, channels: [] });
    expect(none.success ? "" : none.issues[0].message).toBe(MSG_NOTIFY_CHANNELS);
    const region = v.safeParse(AlarmNotifySchema, { ...rule, regions: ["99"] });
    expect(region.success ? "" : region.issues[0].message).toBe(MSG_NOTIFY_REGION);
  });

  it("tells of an alarm of a chosen kind, at or above the level, in a chosen province", () => {
    const r = v.parse(AlarmNotifySchema, rule);
    expect(notifyMatches(r, { kind: "removed", level: 3, region: "440305" })).toBe(true);
    expect(notifyMatches(r, { kind: "removed", level: 3, region: "110105" })).toBe(false);
    expect(notifyMatches(r, { kind: "removed", level: 3, region: null })).toBe(false);
    expect(notifyMatches(r, { kind: "powerOff", level: 3, region: "440305" })).toBe(false);
    expect(notifyMatches(r, { kind: "removed", level: 1, region: "440305" })).toBe(false);
    expect(notifyMatches({ ...r, enabled: false }, { kind: "removed", level: 3, region: "440305" })).toBe(false);
    expect(notifyMatches({ ...r, regions: [] }, { kind: "removed", level: 3, region: null })).toBe(true);
  });

  it("delivers 站内消息 now; 短信 and 邮件 are recorded only", () => {
    expect(deliveredChannels(["sms", "site", "email"])).toEqual(["site"]);
  });
});

describe("PROVINCES", () => {
  it("lists the 34 provincial codes the schema takes", () => {
    expect(PROVINCES).toHaveLength(34);
    for (const [code] of PROVINCES)
      expect(v.safeParse(AlarmNotifySchema, { ...rule, regions: [code] }).success).toBe(true);
  });
});
