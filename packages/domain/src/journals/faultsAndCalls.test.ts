import { describe, expect, it } from "vitest";
import { faultCodeIndex } from "../dataService/faultCode";
import { encodeRealtimeMessage } from "../frames/realtimeEncoder";
import { bytesToHex } from "../gbt32960/hex";
import { encodeJt808Message } from "../jt808/message";
import {
  callText,
  ECALL_ITEM_ID,
  emergencyCallItem,
  emergencyCallOf,
  entryInJournal,
  FAULT_SOURCE_KEYS,
  faultText,
  jt808Faults,
  nameFaults,
  TBOX_JOURNAL_COMMANDS,
  tboxJournalEntries,
} from "./index";

const VIN = "LSVAU2180N2183294";
const T = Date.UTC(2026, 10, 20, 2, 30, 15);

const gbt = (alarm?: Parameters<typeof encodeRealtimeMessage>[1]["alarm"]) => {
  const r = encodeRealtimeMessage(VIN, {
    collectedAt: T,
    longitude: 121.47,
    latitude: 31.23,
    speedKmh: 0,
    mileageKm: 1000,
    soc: 60,
    ...(alarm ? { alarm } : {}),
  });
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
};

const jt = (alarm: number, items: Parameters<typeof emergencyCallItem>[0][] = [], raw: Uint8Array | null = null) => {
  const r = encodeJt808Message(
    { edition: 2013, encryption: 0, phone: "013800138000", serial: 7 },
    {
      kind: "location",
      location: {
        alarm,
        status: 0x03,
        latitude: 31_230_416,
        longitude: 121_473_701,
        altitude: 12,
        speed: 625,
        direction: 90,
        time: T,
        items: [
          ...items.map(emergencyCallItem),
          ...(raw ? [{ kind: "raw" as const, id: ECALL_ITEM_ID, data: raw }] : []),
        ],
      },
    },
  );
  if (!r.ok) throw new Error(r.error.message);
  return bytesToHex(r.value);
};

const entry = (hex: string) => {
  const e = tboxJournalEntries(hex)[0];
  if (!e) throw new Error("no entry");
  return e;
};

describe("故障上报报文: the faults a report carries", () => {
  it("reads GB/T 32960's four fault-code lists as 8-digit codes, list by list", () => {
    const e = entry(
      gbt({ level: 2, flags: 1 << 11, faults: { battery: [0xa001, 0xa012], motor: [0xb010], other: [0xc0ffee01] } }),
    );
    expect(e.faults).toEqual([
      { source: "battery", code: "0000A001", name: null },
      { source: "battery", code: "0000A012", name: null },
      { source: "motor", code: "0000B010", name: null },
      { source: "other", code: "C0FFEE01", name: null },
    ]);
    // The alarm itself still decodes after the lists.
    expect(e.alarms).toEqual(["绝缘报警"]);
    expect(entryInJournal("errorReport", e)).toBe(true);
    expect(entryInJournal("errorReport", e, { faultSource: "motor" })).toBe(true);
    expect(entryInJournal("errorReport", e, { faultSource: "engine" })).toBe(false);
    // An alarm without fault codes, and a report without an alarm, are no fault reports.
    expect(entryInJournal("errorReport", entry(gbt({ level: 1, flags: 1 })))).toBe(false);
    expect(entry(gbt()).faults).toEqual([]);
  });

  it("names GB/T 32960 codes by the tenant's dictionary and leaves unknown ones unregistered", () => {
    const index = faultCodeIndex([
      {
        code: "0000A001",
        protocol: "gbFault",
        nameZh: "BMS内部通信故障",
        system: "动力电池",
        level: "2",
        remedy: null,
      },
      { code: "P0101", protocol: "dtc", nameZh: "空气流量计", system: "发动机", level: "2", remedy: null },
    ]);
    const named = nameFaults(
      [
        { source: "battery", code: "0000A001", name: null },
        { source: "other", code: "0000C0FF", name: null },
        { source: "terminal", code: "报警位4", name: "GNSS模块发生故障" },
      ],
      index,
    );
    expect(named.map(faultText)).toEqual([
      "0000A001 BMS内部通信故障",
      "0000C0FF（未登记的故障码）",
      "报警位4 GNSS模块发生故障",
    ]);
    expect(FAULT_SOURCE_KEYS).toEqual(["battery", "motor", "engine", "other", "terminal"]);
  });

  it("reads JT/T 808's component-fault bits by the standard's names, not its other alarms", () => {
    expect(jt808Faults((1 << 4) | (1 << 1) | (1 << 24))).toEqual([
      { source: "terminal", code: "报警位4", name: "GNSS模块发生故障" },
      { source: "terminal", code: "报警位24", name: "车辆VSS故障" },
    ]);
    const e = entry(jt((1 << 11) | 1));
    expect(e.faults.map((f) => f.name)).toEqual(["摄像头故障"]);
    expect(entryInJournal("errorReport", e, { faultSource: "terminal" })).toBe(true);
    expect(entryInJournal("errorReport", entry(jt(0x02)))).toBe(false);
    expect(TBOX_JOURNAL_COMMANDS.errorReport).toContain(0x0200);
  });
});

describe("ECALL/BCALL报文: the designed 0xEC item on a JT/T 808 location", () => {
  it("reads an E-call's trigger, state and call id beside the emergency alarm bit", () => {
    const e = entry(jt(1, [{ type: "E", trigger: "auto", state: "connected", callId: 0x0102 }]));
    expect(e.call).toEqual({ type: "E", trigger: "auto", state: "connected", callId: 258 });
    expect(e.alarms).toContain("紧急报警");
    expect(callText(e.call as NonNullable<typeof e.call>)).toBe("ECALL · 自动 · 已接通");
    expect(entryInJournal("ecall", e)).toBe(true);
    expect(entryInJournal("ecall", e, { callType: "E" })).toBe(true);
    expect(entryInJournal("ecall", e, { callType: "B" })).toBe(false);
  });

  it("reads a B-call without the alarm bit, and every state", () => {
    for (const state of ["dialing", "connected", "ended", "failed"] as const) {
      const e = entry(jt(0, [{ type: "B", trigger: "manual", state, callId: 9 }]));
      expect(e.call).toEqual({ type: "B", trigger: "manual", state, callId: 9 });
      expect(e.alarms).toEqual([]);
    }
  });

  it("takes alarm bit 0 alone as a manual E-call of unknown state; no bit and no item is no call", () => {
    expect(emergencyCallOf({ alarm: 1, items: [] })).toEqual({
      type: "E",
      trigger: "manual",
      state: "unknown",
      callId: null,
    });
    expect(emergencyCallOf({ alarm: 2, items: [] })).toBeNull();
    expect(entryInJournal("ecall", entry(jt(0)))).toBe(false);
  });

  it("reads unknown codes as 未知 and ignores a malformed item", () => {
    const odd = emergencyCallOf({
      alarm: 0,
      items: [{ kind: "raw", id: ECALL_ITEM_ID, data: Uint8Array.of(2, 9, 9, 0, 1) }],
    });
    expect(odd).toEqual({ type: "B", trigger: "unknown", state: "unknown", callId: 1 });
    expect(callText(odd as NonNullable<typeof odd>)).toBe("BCALL · 未知 · 未知");
    // A wrong length or an unknown type: only the alarm bit counts.
    expect(entry(jt(0, [], Uint8Array.of(1, 1, 1))).call).toBeNull();
    expect(entry(jt(1, [], Uint8Array.of(7, 1, 1, 0, 1))).call?.state).toBe("unknown");
    // Another item with the same id in a plain terminal's location (a known kind) is no call.
    expect(emergencyCallOf({ alarm: 0, items: [{ kind: "mileage", value: 1 }] })).toBeNull();
    // HJ 1239 and GB/T 32960 reports carry no call.
    expect(entry(gbt()).call).toBeNull();
  });
});
