import { describe, expect, it } from "vitest";
import { encodeRealtimeMessage } from "../frames/realtimeEncoder";
import { decodeFrame, encodeFrame } from "../gbt32960/frame";
import { bytesToHex } from "../gbt32960/hex";
import vectors from "../gbt32960/realtime/vectors/gbt32960-rtm_con.json";
import { LOGIN_2016 } from "../gbt32960/testFrames";
import { encodeJt808Message } from "../jt808/message";
import { HEARTBEAT } from "../jt808/testFrames";
import {
  entryHasAlarm,
  entryInJournal,
  readingText,
  TBOX_ALARM_NAMES,
  TBOX_JOURNAL_COMMANDS,
  TBOX_JOURNALS,
  type TboxJournalEntry,
  tboxJournalEntries,
} from "./index";

const VIN = "LSVAU2180N2183294";
const T = Date.UTC(2026, 10, 20, 2, 30, 15);
const sample = {
  collectedAt: T,
  longitude: 121.473701,
  latitude: 31.230416,
  speedKmh: 62.5,
  mileageKm: 12034.7,
  soc: 68,
};

const gbt = (extra: Partial<Parameters<typeof encodeRealtimeMessage>[1]> = {}) => {
  const r = encodeRealtimeMessage(VIN, { ...sample, ...extra });
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
};

const location = (alarm: number, status = 0x03, withMileage = true) => ({
  alarm,
  status,
  latitude: 31_230_416,
  longitude: 121_473_701,
  altitude: 12,
  speed: 625,
  direction: 90,
  time: T,
  items: withMileage ? [{ kind: "mileage" as const, value: 120_347 }] : [],
});

const jt = (body: Parameters<typeof encodeJt808Message>[1]) => {
  const r = encodeJt808Message({ edition: 2013, encryption: 0, phone: "013800138000", serial: 7 }, body);
  if (!r.ok) throw new Error(r.error.message);
  return bytesToHex(r.value);
};

/** The sample's frame with data-unit bytes from `at` replaced (the check code recomputed). */
const patched = (at: number, bytes: number[]) => {
  const frame = decodeFrame(gbt());
  if (!frame.ok) throw new Error("frame");
  const data = Uint8Array.from(frame.value.data);
  data.set(bytes, at);
  const hex = encodeFrame({ ...frame.value, data });
  if (!hex.ok) throw new Error("encode");
  return bytesToHex(hex.value);
};

const only = (hex: string): TboxJournalEntry => {
  const entries = tboxJournalEntries(hex);
  expect(entries).toHaveLength(1);
  return entries[0] as TboxJournalEntry;
};

describe("TBOX journal entries of stored frames", () => {
  it("reads a GB/T 32960 real-time unit with units, the vehicle state and the items it carried", () => {
    const e = only(gbt());
    expect(e).toMatchObject({
      protocol: "gbt32960",
      collectedAt: T,
      resent: false,
      hasPosition: true,
      fixValid: true,
      longitude: 121.473701,
      latitude: 31.230416,
      speed: { status: "valid", value: 62.5, unit: "km/h" },
      mileage: { status: "valid", value: 12034.7, unit: "km" },
      soc: { status: "valid", value: 68, unit: "%" },
      totalVoltage: { status: "valid", value: 350, unit: "V" },
      totalCurrent: { status: "valid", value: 20, unit: "A" },
      vehicleState: "车辆启动状态",
      alarmLevel: null,
      alarms: [],
    });
    expect(e.items).toEqual(["整车数据", "车辆位置数据"]);
    expect(readingText(e.speed)).toBe("62.5 km/h");
  });

  it("keeps invalid and abnormal values as such, never as numbers", () => {
    const invalid = only(gbt({ socStatus: "invalid" }));
    expect(invalid.soc).toEqual({ status: "invalid", value: null, unit: "%" });
    expect(readingText(invalid.soc)).toBe("无效");
    const abnormal = only(gbt({ socStatus: "abnormal" }));
    expect(readingText(abnormal.soc)).toBe("异常");
    expect(readingText(null)).toBe("—");
    expect(readingText({ status: "valid", value: 2, unit: "" })).toBe("2");
  });

  it("reads 报警数据: the highest level and the flags by the standard's names", () => {
    const e = only(gbt({ alarm: { level: 2, flags: (1 << 4) | (1 << 11) | (1 << 30) } }));
    expect(e.alarmLevel).toEqual({ status: "valid", value: 2, unit: "" });
    expect(e.alarms).toEqual(["SOC低报警", "绝缘报警", "报警位30"]);
    expect(e.items).toContain("报警数据");
    expect(entryHasAlarm(e)).toBe(true);
    // A level without flags is an alarm; an invalid level with none is not.
    expect(entryHasAlarm(only(gbt({ alarm: { level: 1, flags: 0 } })))).toBe(true);
    const invalidLevel = only(gbt({ alarm: { level: 0xff, flags: 0 } }));
    expect(invalidLevel.alarmLevel).toEqual({ status: "invalid", value: null, unit: "" });
    expect(entryHasAlarm(invalidLevel)).toBe(false);
  });

  it("signs south and west, and keeps no coordinates without a fix", () => {
    const sw = only(gbt({ longitude: -70.5, latitude: -33.4, resent: true }));
    expect(sw).toMatchObject({ longitude: -70.5, latitude: -33.4, resent: true });
    const unfixed = only(gbt({ fixValid: false }));
    expect(unfixed).toMatchObject({ hasPosition: true, fixValid: false, longitude: null, latitude: null });
  });

  it("names an undefined vehicle-state code by its hex", () => {
    // 车辆状态 follows the 6-byte time and the 0x01 type.
    expect(only(patched(7, [0x09])).vehicleState).toBe("0x09");
  });

  it("shows no place when a fixed position's longitude or latitude is invalid", () => {
    // 0x05 at 27 (time 6, type 1, 整车数据 20), then status, longitude at 29, latitude at 33.
    const noLon = only(patched(29, [0xff, 0xff, 0xff, 0xff]));
    expect(noLon).toMatchObject({ hasPosition: true, fixValid: false, longitude: null, latitude: null });
    const noLat = only(patched(33, [0xff, 0xff, 0xff, 0xff]));
    expect(noLat).toMatchObject({ hasPosition: true, fixValid: false, longitude: null, latitude: null });
  });

  it("reads a unit of every information type an independent encoder wrote (rtm_con vectors)", () => {
    const full = (vectors as { frames: { hex: string; edition: string }[] }).frames.filter((f) =>
      f.hex.startsWith("232302"),
    );
    const entries = full.flatMap((f) => tboxJournalEntries(f.hex));
    expect(entries.length).toBeGreaterThan(0);
    // The vectors carry the items after 整车数据: motors, extremes, alarms, cell voltages, temperatures.
    expect(new Set(entries.flatMap((e) => e.items))).toContain("极值数据");
    expect(entries.some((e) => e.alarmLevel !== null)).toBe(true);
  });

  it("reads JT/T 808 locations, alarms by name, and each entry of a re-sent batch", () => {
    const e = only(jt({ kind: "location", location: location(0x02) }));
    expect(e).toMatchObject({
      protocol: "jt808",
      resent: false,
      fixValid: true,
      longitude: 121.473701,
      speed: { status: "valid", value: 62.5, unit: "km/h" },
      mileage: { status: "valid", value: 12034.7, unit: "km" },
      alarmLevel: null,
      alarms: ["超速报警"],
    });
    const unfixed = only(jt({ kind: "location", location: location(0, 0x01, false) }));
    expect(unfixed).toMatchObject({ fixValid: false, longitude: null, mileage: null, alarms: [] });
    expect(entryHasAlarm(unfixed)).toBe(false);
    const batch = tboxJournalEntries(
      jt({ kind: "batchLocation", batch: { type: 1, locations: [location(0), location(0)] } }),
    );
    expect(batch.map((b) => b.resent)).toEqual([true, true]);
    const normal = tboxJournalEntries(jt({ kind: "batchLocation", batch: { type: 0, locations: [location(0)] } }));
    expect(normal[0]?.resent).toBe(false);
  });

  it("reports nothing for other frames and for bytes that do not decode", () => {
    expect(tboxJournalEntries(LOGIN_2016.replace(/\s+/g, ""))).toEqual([]);
    expect(tboxJournalEntries(HEARTBEAT.replace(/\s+/g, ""))).toEqual([]);
    expect(tboxJournalEntries("7E02007E")).toEqual([]);
    expect(tboxJournalEntries("7EZZ")).toEqual([]);
    expect(tboxJournalEntries(gbt().slice(0, -12))).toEqual([]);
    expect(tboxJournalEntries("ABCD")).toEqual([]);
  });
});

describe("which journal a report belongs to", () => {
  const realtime = only(gbt());
  const resent = only(gbt({ resent: true }));
  const alarm = only(gbt({ alarm: { level: 3, flags: 1 << 11 } }));
  const jtAlarm = only(jt({ kind: "location", location: location(0x01) }));
  const noPosition: TboxJournalEntry = { ...realtime, hasPosition: false };

  it("splits positions into real-time and re-sent, and new-energy data to GB/T 32960", () => {
    expect(entryInJournal("location", realtime)).toBe(true);
    expect(entryInJournal("location", resent)).toBe(false);
    expect(entryInJournal("location", noPosition)).toBe(false);
    expect(entryInJournal("locationResend", resent)).toBe(true);
    expect(entryInJournal("locationResend", realtime)).toBe(false);
    expect(entryInJournal("energyCar", realtime)).toBe(true);
    expect(entryInJournal("energyCar", jtAlarm)).toBe(false);
    expect(entryInJournal("location", jtAlarm, { protocol: "gbt32960" })).toBe(false);
    expect(entryInJournal("location", jtAlarm, { protocol: "jt808" })).toBe(true);
  });

  it("keeps alarm reports, and 报警数据查询 by level and alarm name", () => {
    expect(entryInJournal("warn", alarm)).toBe(true);
    expect(entryInJournal("warn", realtime)).toBe(false);
    expect(entryInJournal("warnsearch", alarm, { level: 3 })).toBe(true);
    expect(entryInJournal("warnsearch", alarm, { level: 2 })).toBe(false);
    expect(entryInJournal("warnsearch", alarm, { alarm: "绝缘报警" })).toBe(true);
    expect(entryInJournal("warnsearch", alarm, { alarm: "紧急报警" })).toBe(false);
    expect(entryInJournal("warnsearch", jtAlarm, { alarm: "紧急报警" })).toBe(true);
    expect(entryInJournal("warnsearch", realtime)).toBe(false);
  });

  it("lists every journal's commands and every alarm name once", () => {
    // 燃油车国标数据 reads HJ 1239 frames, stored with no command.
    const commanded = TBOX_JOURNALS.filter((j) => j !== "fuelCar");
    expect(commanded.every((j) => TBOX_JOURNAL_COMMANDS[j].length > 0)).toBe(true);
    expect(TBOX_JOURNAL_COMMANDS.locationResend).toEqual([0x03, 0x0704]);
    expect(TBOX_ALARM_NAMES).toContain("SOC低报警");
    expect(TBOX_ALARM_NAMES).toContain("紧急报警");
    expect(new Set(TBOX_ALARM_NAMES).size).toBe(TBOX_ALARM_NAMES.length);
  });
});
