import { describe, expect, it } from "vitest";
import { MSG_VIN_CHARACTERS, MSG_VIN_LENGTH } from "../identifiers/vin";
import { checkRecord } from "../list/recordCheck";
import { FORMAT_MESSAGES } from "../validation/formats";
import {
  DEFAULT_MONITOR_INFORM,
  MONITOR_EVENT_TYPES,
  MONITOR_EVENTS,
  MonitorInformEditSchema,
  MSG_INFORM_ALARM_LEVEL,
  MSG_INFORM_CHANNEL,
  MSG_INFORM_NAME,
  MSG_INFORM_NO_CHANNEL,
  MSG_INFORM_NO_EVENT,
  MSG_INFORM_NO_RECEIVER,
  MSG_INFORM_NOT_A_SETTING,
  MSG_INFORM_OFFLINE_HOURS,
  MSG_INFORM_RECEIVERS_TOO_MANY,
  monitorInformProblems,
} from "./monitorInform";
import {
  ALARM_LEVEL_LABELS,
  MONITOR_BATCH_MAX,
  MONITOR_TYPE_LABELS,
  MONITOR_TYPES,
  MSG_MONITOR_TOO_MANY,
  MSG_MONITOR_VIN_REPEATED,
  parseVinList,
} from "./monitorList";

const A = "LB3CX1HU5RC100005";
const B = "LGXCE4CB2S0000123";

describe("parseVinList", () => {
  it("reads one VIN a line, commas, semicolons and 、 in both widths, upper-cased and trimmed", () => {
    expect(
      parseVinList(` ${A.toLowerCase()}\n${B}，LFNA4LGB9RAT00458;LFNA4LGB9RAT00459；LFNA4LGB9RAT00460、\n\n`),
    ).toEqual({
      vins: [A, B, "LFNA4LGB9RAT00458", "LFNA4LGB9RAT00459", "LFNA4LGB9RAT00460"],
      refused: [],
    });
    expect(parseVinList("")).toEqual({ vins: [], refused: [] });
  });

  it("refuses a malformed VIN with the VIN rule's reason (as typed) and a repeat", () => {
    expect(parseVinList(`${A}\nABC\nLB3CX1HU5RC10000O\n${A.toLowerCase()}`)).toEqual({
      vins: [A],
      refused: [
        { vin: "ABC", msg: MSG_VIN_LENGTH },
        { vin: "LB3CX1HU5RC10000O", msg: MSG_VIN_CHARACTERS },
        { vin: A, msg: MSG_MONITOR_VIN_REPEATED },
      ],
    });
  });

  it("sends at most one request's worth and refuses the rest", () => {
    const many = Array.from({ length: MONITOR_BATCH_MAX + 2 }, (_, i) => `LB3CX1HU5RC${String(i).padStart(6, "0")}`);
    const out = parseVinList(many.join("\n"));
    expect(out.vins).toHaveLength(MONITOR_BATCH_MAX);
    expect(out.refused).toEqual(many.slice(MONITOR_BATCH_MAX).map((vin) => ({ vin, msg: MSG_MONITOR_TOO_MANY })));
  });

  it("names the three kinds of watch and the four GB/T 32960 alarm levels", () => {
    expect(MONITOR_TYPES.map((t) => MONITOR_TYPE_LABELS[t])).toEqual(["重点车辆", "离线监控", "报警监控"]);
    expect(ALARM_LEVEL_LABELS[3]).toBe("3级故障");
    // Every kind of watch has something to tell.
    expect(new Set(MONITOR_EVENTS.flatMap((e) => MONITOR_EVENT_TYPES[e]))).toEqual(new Set(MONITOR_TYPES));
  });
});

const on = {
  ...DEFAULT_MONITOR_INFORM,
  enabled: true,
  channels: ["site", "sms", "email"] as ("site" | "sms" | "email")[],
  receivers: [{ name: "值班员", mobile: "13800138000", email: "duty@example.com" }],
};

describe("MonitorInformEditSchema", () => {
  it("accepts a complete setting and the default", () => {
    expect(checkRecord(MonitorInformEditSchema, on)).toEqual({ ok: true, value: on });
    expect(checkRecord(MonitorInformEditSchema, DEFAULT_MONITOR_INFORM).ok).toBe(true);
  });

  it("marks each bad field with the domain's format messages", () => {
    const bad = {
      ...on,
      events: ["weather"],
      channels: ["fax"],
      receivers: [{ name: " ", mobile: "2380013800", email: "duty@" }],
      offlineHours: 0,
      alarmLevelMin: 4,
      noLoginDays: 1.5,
    };
    const out = checkRecord(MonitorInformEditSchema, bad);
    expect(out).toMatchObject({
      ok: false,
      errors: {
        "events.0": expect.any(String),
        "channels.0": MSG_INFORM_CHANNEL,
        "receivers.0.name": MSG_INFORM_NAME,
        "receivers.0.mobile": FORMAT_MESSAGES.mobile,
        "receivers.0.email": FORMAT_MESSAGES.email,
        offlineHours: MSG_INFORM_OFFLINE_HOURS,
        alarmLevelMin: MSG_INFORM_ALARM_LEVEL,
        noLoginDays: expect.stringContaining("未登录天数"),
      },
    });
    const many = { ...on, receivers: Array.from({ length: 21 }, () => on.receivers[0]) };
    expect(checkRecord(MonitorInformEditSchema, many)).toEqual({
      ok: false,
      errors: { receivers: MSG_INFORM_RECEIVERS_TOO_MANY },
    });
    expect(checkRecord(MonitorInformEditSchema, "on")).toEqual({ ok: false, errors: { "": MSG_INFORM_NOT_A_SETTING } });
  });
});

describe("monitorInformProblems", () => {
  it("lets a setting that is off be incomplete", () => {
    expect(monitorInformProblems({ ...on, enabled: false, events: [], channels: [], receivers: [] })).toEqual([]);
    expect(monitorInformProblems(on)).toEqual([]);
  });

  it("asks an enabled setting for an event, a channel and a receiver", () => {
    expect(monitorInformProblems({ ...on, events: [], channels: [], receivers: [] })).toEqual([
      { field: "events", msg: MSG_INFORM_NO_EVENT },
      { field: "channels", msg: MSG_INFORM_NO_CHANNEL },
      { field: "receivers", msg: MSG_INFORM_NO_RECEIVER },
    ]);
  });

  it("needs a mobile for SMS and an address for e-mail, per receiver", () => {
    const receivers = [
      { name: "张三", mobile: null, email: "a@example.com" },
      { name: "李四", mobile: "13912345678", email: null },
    ];
    expect(monitorInformProblems({ ...on, receivers })).toEqual([
      { field: "receivers.0.mobile", msg: "短信通知需要接收人手机号：张三" },
      { field: "receivers.1.email", msg: "邮件通知需要接收人邮箱：李四" },
    ]);
    expect(monitorInformProblems({ ...on, channels: ["site"], receivers })).toEqual([]);
  });
});
