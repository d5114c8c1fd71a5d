import { describe, expect, it } from "vitest";
import { encodeRealtimeMessage } from "../frames/realtimeEncoder";
import { encodeCollectionTime } from "../gbt32960/collectionTime";
import { bytesToHex } from "../gbt32960/hex";
import { encodeHj1239Frame } from "../hj1239/frame";
import { type DieselReadings, encodeHj1239Login, encodeHj1239Realtime, type ObdReadings } from "../hj1239/message";
import { encodeJt808Message } from "../jt808/message";
import {
  DIESEL_FIELDS,
  entryInJournal,
  gearReading,
  gearShort,
  hj1239Items,
  type JournalReport,
  journalEntries,
  journalReadsHj1239,
  TBOX_JOURNAL_COMMANDS,
} from "./index";

const VIN = "LFWSRXSJ8N1A00017";
const T = Date.UTC(2026, 10, 20, 2, 30, 15);
const TERMINAL = { vin: VIN, softwareVersion: 1 };

const diesel: DieselReadings = {
  speedKmh: 62.5,
  barometricKpa: 100.5,
  netTorquePercent: 42,
  frictionTorquePercent: 8,
  engineRpm: 1350.5,
  fuelFlowLph: 23.85,
  scrUpstreamNoxPpm: 720,
  scrDownstreamNoxPpm: 36,
  reagentPercent: 62.4,
  airIntakeKgph: 690.2,
  scrInletC: 312.5,
  scrOutletC: 298,
  dpfDropKpa: 2.8,
  coolantC: 85,
  fuelPercent: "invalid",
  position: { lng: -121.473701, lat: -31.230416 },
  odometerKm: 120_345.6,
};

const obd: ObdReadings = {
  protocol: 2,
  milOn: true,
  diagnosisSupport: 0x0f7f,
  diagnosisReadiness: 0x0001,
  vin: VIN,
  calibrationId: "CAL0001",
  calibrationVerification: "",
  iupr: [],
  faultCodes: ["0000F00C", "00066E03"],
};

const hex = (r: { ok: true; value: Uint8Array } | { ok: false; error: { message: string } }) => {
  if (!r.ok) throw new Error(r.error.message);
  return bytesToHex(r.value);
};

const realtime = (resent = false) =>
  hex(
    encodeHj1239Realtime(TERMINAL, {
      time: T,
      serial: 9,
      resent,
      items: [
        { kind: "obd", time: T - 1000, obd },
        { kind: "diesel", time: T, stream: diesel },
      ],
    }),
  );

describe("燃油车国标数据 (HJ 1239 items as reports)", () => {
  it("reads each OBD and diesel item at its own time, with units, 无效 kept as such", () => {
    const [o, d] = hj1239Items(realtime());
    expect(o).toMatchObject({ collectedAt: T - 1000, resent: false, item: "OBD信息", diesel: null, speed: null });
    expect(o?.obd).toEqual({
      protocol: "SAE J1939",
      mil: "点亮",
      diagnosisSupport: "0x0F7F",
      diagnosisReadiness: "0x0001",
      vin: VIN,
      calibrationId: "CAL0001",
      calibrationVerification: null,
      faultCount: { status: "valid", value: 2, unit: "" },
      faultCodes: ["0000F00C", "00066E03"],
    });
    expect(d?.item).toBe("数据流信息");
    expect(d?.speed).toEqual({ status: "valid", value: 62.5, unit: "km/h" });
    // 1/256 km/h steps are shown to the hundredth.
    const odd = hex(
      encodeHj1239Realtime(TERMINAL, {
        time: T,
        serial: 3,
        items: [
          { kind: "diesel", time: T, stream: { ...diesel, speedKmh: 69.6015625, odometerKm: "invalid" } },
          { kind: "diesel", time: T + 1000, stream: { ...diesel, speedKmh: "abnormal" } },
        ],
      }),
    );
    expect(hj1239Items(odd)[0]?.speed?.value).toBe(69.6);
    expect(hj1239Items(odd)[1]?.speed).toEqual({ status: "abnormal", value: null, unit: "km/h" });
    expect(hj1239Items(odd)[0]?.odometer).toEqual({ status: "invalid", value: null, unit: "km" });
    expect(d?.odometer).toEqual({ status: "valid", value: 120_345.6, unit: "km" });
    expect(d?.diesel?.engineSpeed).toEqual({ status: "valid", value: 1350.5, unit: "r/min" });
    expect(d?.diesel?.scrDownstreamNox).toEqual({ status: "valid", value: 36, unit: "ppm" });
    expect(d?.diesel?.fuelLevel).toEqual({ status: "invalid", value: null, unit: "%" });
    expect(Object.keys(d?.diesel ?? {})).toEqual(DIESEL_FIELDS.map(([k]) => k));
  });

  it("makes the journal entry: position signed by its south/west bits, the 0x03 unit re-sent", () => {
    const entries = journalEntries("fuelCar", realtime(true));
    expect(entries.map((e) => [e.protocol, e.resent, e.items])).toEqual([
      ["hj1239", true, ["OBD信息"]],
      ["hj1239", true, ["数据流信息"]],
    ]);
    const d = entries[1] as JournalReport;
    expect([d.fixValid, d.longitude, d.latitude]).toEqual([true, -121.473701, -31.230416]);
    expect(entries[0]).toMatchObject({ hasPosition: false, fixValid: false, longitude: null, latitude: null });
    expect(entries.every((e) => entryInJournal("fuelCar", e))).toBe(true);
    expect(entries.some((e) => entryInJournal("gearsSpeed", e))).toBe(false);
  });

  it("shows no fix when the position is 无效, and its numbers not at all", () => {
    const frame = hex(
      encodeHj1239Realtime(TERMINAL, {
        time: T,
        serial: 1,
        items: [{ kind: "diesel", time: T, stream: { ...diesel, position: null } }],
      }),
    );
    expect(journalEntries("fuelCar", frame)[0]).toMatchObject({ hasPosition: true, fixValid: false, longitude: null });
    const east = hex(
      encodeHj1239Realtime(TERMINAL, {
        time: T,
        serial: 2,
        items: [{ kind: "diesel", time: T, stream: { ...diesel, position: { lng: 121.5, lat: 31.25 } } }],
      }),
    );
    expect(journalEntries("fuelCar", east)[0]).toMatchObject({ fixValid: true, longitude: 121.5, latitude: 31.25 });
  });

  it("names 异常, 无效 and unnamed codes; a binary CVN as hex", () => {
    const time = encodeCollectionTime(T);
    if (!time.ok) throw new Error("time");
    const obdBody = [
      0x07, // protocol: no name
      0xfe, // MIL 异常
      0x00,
      0x00,
      0x00,
      0x00,
      ...Array.from({ length: 17 }, () => 0xff),
      ...Array.from({ length: 18 }, () => 0),
      0x01,
      0x02,
      ...Array.from({ length: 16 }, () => 0),
      ...Array.from({ length: 36 }, () => 0),
      0xfe, // fault count 异常
    ];
    const withMil = (mil: number) => {
      const body = [...obdBody];
      body[1] = mil;
      const data = Uint8Array.from([...time.value, 0, 1, 0x01, ...time.value, ...body]);
      return hex(encodeHj1239Frame({ ...TERMINAL, command: 0x02, encryption: 0x01, data }));
    };
    const [abnormal] = hj1239Items(withMil(0xfe));
    expect(abnormal?.obd).toMatchObject({
      protocol: "0x07",
      mil: "异常",
      vin: null,
      calibrationId: null,
      calibrationVerification: `0102${"00".repeat(16)}`,
      faultCount: { status: "abnormal", value: null },
      faultCodes: [],
    });
    expect(hj1239Items(withMil(0xff))[0]?.obd?.mil).toBe("无效");
  });

  it("leaves out OEM items, logins and frames of the other standards", () => {
    const time = encodeCollectionTime(T);
    if (!time.ok) throw new Error("time");
    const data = Uint8Array.from([...time.value, 0, 2, 0x80, ...time.value, 1, 2, 3]);
    const oem = hex(encodeHj1239Frame({ ...TERMINAL, command: 0x02, encryption: 0x01, data }));
    expect(hj1239Items(oem)).toEqual([]);
    expect(
      hj1239Items(hex(encodeHj1239Login(TERMINAL, { time: T, serial: 1, iccid: "89860000000000000001" }))),
    ).toEqual([]);
    const gb = encodeRealtimeMessage("LSVAU2180N2183294", {
      collectedAt: T,
      longitude: 121,
      latitude: 31,
      speedKmh: 10,
      mileageKm: 1,
      soc: 50,
    });
    if (!gb.ok) throw new Error("gb");
    expect(journalEntries("fuelCar", gb.value)).toEqual([]);
    expect(journalEntries("energyCar", realtime())).toEqual([]);
  });

  it("reads HJ 1239 frames only for 燃油车国标数据 (stored with no command)", () => {
    expect(journalReadsHj1239("fuelCar")).toBe(true);
    expect(journalReadsHj1239("gearsSpeed")).toBe(false);
    expect(TBOX_JOURNAL_COMMANDS.fuelCar).toEqual([]);
  });
});

/** A 档位车速报文 report of a GB/T 32960 unit (driving: 自动D挡; parked: P). */
const gearReport = (speedKmh: number, mode?: "parked") => {
  const r = encodeRealtimeMessage("LSVAU2180N2183294", {
    collectedAt: T,
    longitude: 121,
    latitude: 31,
    speedKmh,
    mileageKm: 1,
    soc: 50,
    ...(mode ? { mode } : {}),
  });
  if (!r.ok) throw new Error(r.error.message);
  return journalEntries("gearsSpeed", r.value)[0] as JournalReport;
};
/** A 档位车速报文 report of a JT/T 808 location (speed in 0.1 km/h). */
const jtReport = (speed: number) => {
  const r = encodeJt808Message(
    { edition: 2013, encryption: 0, phone: "013800138000", serial: 7 },
    {
      kind: "location",
      location: {
        alarm: 0,
        status: 3,
        latitude: 31e6,
        longitude: 121e6,
        altitude: 1,
        speed,
        direction: 0,
        time: T,
        items: [],
      },
    },
  );
  if (!r.ok) throw new Error("jt");
  return journalEntries("gearsSpeed", bytesToHex(r.value))[0] as JournalReport;
};

describe("档位车速报文", () => {
  it("reads the 档位 byte: drive force and the gear's names", () => {
    expect(gearReport(60).gear).toEqual({
      code: 14,
      name: "自动D挡",
      short: "D",
      drivingForce: true,
      brakingForce: false,
      valid: true,
    });
    expect(gearReport(0, "parked").gear).toMatchObject({ code: 15, short: "P", drivingForce: false });
    expect(jtReport(300).gear).toBeNull();
  });

  it("names every gear code and keeps a gear the 2025 terminal marks 无效", () => {
    expect(Array.from({ length: 16 }, (_, c) => gearShort(c))).toEqual([
      "N",
      ..."123456789".split(""),
      "10",
      "11",
      "12",
      "R",
      "D",
      "P",
    ]);
    const g = gearReading({
      raw: 0x8d,
      gear: { raw: 13, name: "倒挡" },
      drivingForce: false,
      brakingForce: true,
      positionValid: false,
    });
    expect(g).toEqual({ code: 13, name: "倒挡", short: "R", drivingForce: false, brakingForce: true, valid: false });
  });

  it("keeps reports with a speed within the range and of the gear asked for", () => {
    const d60 = gearReport(60);
    const p0 = gearReport(0, "parked");
    const j30 = jtReport(300);
    expect(entryInJournal("gearsSpeed", d60)).toBe(true);
    expect(entryInJournal("gearsSpeed", j30)).toBe(true);
    expect(entryInJournal("gearsSpeed", d60, { minSpeed: 50, maxSpeed: 70 })).toBe(true);
    expect(entryInJournal("gearsSpeed", d60, { minSpeed: 61 })).toBe(false);
    expect(entryInJournal("gearsSpeed", d60, { maxSpeed: 59 })).toBe(false);
    expect(entryInJournal("gearsSpeed", p0, { gear: 15 })).toBe(true);
    expect(entryInJournal("gearsSpeed", d60, { gear: 15 })).toBe(false);
    expect(entryInJournal("gearsSpeed", j30, { gear: 14 })).toBe(false);
    expect(entryInJournal("gearsSpeed", { ...d60, speed: null })).toBe(false);
    const invalid = { ...d60, speed: { status: "invalid" as const, value: null, unit: "km/h" } };
    expect(entryInJournal("gearsSpeed", invalid)).toBe(true);
    expect(entryInJournal("gearsSpeed", invalid, { maxSpeed: 100 })).toBe(false);
  });
});
