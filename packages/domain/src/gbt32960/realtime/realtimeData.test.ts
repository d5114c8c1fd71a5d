import { describe, expect, it } from "vitest";
import { COMMAND, ENCRYPTION, RESPONSE_COMMAND } from "../codes";
import { encodeFrame } from "../frame";
import { hexToBytes } from "../hex";
import { decodeMessage } from "../message";
import { decodeRealtimeData, type RealtimeItem } from "./realtimeData";

// Hand-built data units for what the rtm_con vectors (rtmCon.test.ts) cannot show: fuel cell
// data, every gear, reserved alarm bits, and each way a data unit can be malformed.

/** 2025-06-18 08:31:40 in Beijing time. */
const TIME = "190612081F28";
const TIME_MS = Date.UTC(2025, 5, 18, 0, 31, 40);

function unit(...hex: string[]): Uint8Array {
  const r = hexToBytes(TIME + hex.join(""));
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

function items(data: Uint8Array, edition: 2016 | 2025 = 2016): readonly RealtimeItem[] {
  const r = decodeRealtimeData(data, edition);
  if (!r.ok) throw new Error(r.error.message);
  return r.value.items;
}

/** A 2016 整车数据 item with the given gear byte. */
const vehicle2016 = (gear: string) => `01010302027100039447 0DD3280D4401${gear}138817 00`.replace(/ /g, "");
/** An alarm item: level 2, the given flags, four empty fault lists, then `tail`. */
const alarm = (type: string, flags: string, tail = "") => `${type}02${flags}00000000${tail}`;
/** A 2025 signature block: SM2, r = 01 02, s = 03. */
const SIGNATURE = "FF01000201020001 03".replace(/ /g, "");

describe("real-time data unit: items the vectors do not carry", () => {
  it("reads 2016 fuel cell data (0x03) after the standard's layout", () => {
    const fuelCell = "0FA0 03E8 0096 0002 41FE 0320 01 01F4 02 015E 03 01".replace(/ /g, "");
    const [item] = items(unit("03", fuelCell));
    expect(item).toEqual({
      type: 3,
      name: "燃料电池数据",
      kind: "fuelCell",
      fuelCell: {
        voltage: { status: "valid", raw: 4000, value: 400, unit: "V" },
        current: { status: "valid", raw: 1000, value: 100, unit: "A" },
        hydrogenConsumption: { status: "valid", raw: 150, value: 1.5, unit: "kg/100km" },
        probes: [
          { status: "valid", raw: 0x41, value: 25, unit: "℃" },
          { status: "abnormal", raw: 0xfe, unit: "℃" },
        ],
        maxHydrogenTemperature: { status: "valid", raw: 800, value: 40, unit: "℃" },
        maxHydrogenTemperatureProbe: { status: "valid", raw: 1, value: 1, unit: "" },
        maxHydrogenConcentration: { status: "valid", raw: 500, value: 500, unit: "mg/kg" },
        maxHydrogenConcentrationSensor: { status: "valid", raw: 2, value: 2, unit: "" },
        maxHydrogenPressure: { status: "valid", raw: 350, value: 35, unit: "MPa" },
        maxHydrogenPressureSensor: { status: "valid", raw: 3, value: 3, unit: "" },
        dcdcState: { status: "valid", raw: 1, name: "工作" },
      },
    });
  });

  it("names every gear and keeps an undefined state code without a name", () => {
    const gears = ["00", "21", "0C", "1D", "2E", "0F"].map((g) => {
      const [item] = items(unit(vehicle2016(g)));
      return item?.kind === "vehicle" ? item.vehicle.gear : undefined;
    });
    expect(gears.map((g) => g?.gear.name)).toEqual(["空挡", "1挡", "12挡", "倒挡", "自动D挡", "停车P挡"]);
    expect(gears.map((g) => [g?.drivingForce, g?.brakingForce])[3]).toEqual([false, true]);
    const odd = items(unit(vehicle2016("00").replace(/^0101/, "0109")));
    expect(odd[0]?.kind === "vehicle" && odd[0].vehicle.vehicleState).toEqual({
      status: "valid",
      raw: 9,
      name: undefined,
    });
  });

  it("names alarm bits the edition defines and leaves reserved bits unnamed", () => {
    const [a2016] = items(unit(alarm("07", "80080000")));
    expect(a2016?.kind === "alarm" && a2016.alarm.flags).toEqual([
      { bit: 19, name: undefined },
      { bit: 31, name: undefined },
    ]);
    expect(a2016?.kind === "alarm" && a2016.alarm.highestLevel.name).toBe("2级故障");
    const [a2025] = items(unit(alarm("06", "00080000", "011301"), SIGNATURE), 2025);
    expect(a2025?.kind === "alarm" && a2025.alarm.flags).toEqual([{ bit: 19, name: "驱动电机超速报警" }]);
    expect(a2025?.kind === "alarm" && a2025.alarm.alarms).toEqual([
      { flag: { bit: 19, name: "驱动电机超速报警" }, level: 1 },
    ]);
  });

  it("reads a data unit of the time alone, and a 2025 one whose signature follows at once", () => {
    expect(decodeRealtimeData(unit(), 2016)).toEqual({
      ok: true,
      value: { edition: 2016, collectedAt: TIME_MS, items: [] },
    });
    const r = decodeRealtimeData(unit(SIGNATURE), 2025);
    expect(r).toEqual({
      ok: true,
      value: {
        edition: 2025,
        collectedAt: TIME_MS,
        items: [],
        signature: {
          algorithm: { status: "valid", raw: 1, name: "SM2" },
          r: Uint8Array.of(1, 2),
          s: Uint8Array.of(3),
          signedLength: 6,
        },
      },
    });
  });
});

describe("real-time data unit: malformed input gives an error result", () => {
  it("refuses a data unit shorter than its time, and a time that does not exist", () => {
    expect(decodeRealtimeData(Uint8Array.of(0x19, 6), 2016)).toMatchObject({
      ok: false,
      error: { code: "truncated", offset: 0 },
    });
    expect(decodeRealtimeData(Uint8Array.of(25, 13, 1, 0, 0, 0), 2016)).toMatchObject({
      ok: false,
      error: { code: "bad-time" },
    });
  });

  it("names an information type it cannot read, for either edition", () => {
    expect(decodeRealtimeData(unit(vehicle2016("00"), "0A00"), 2016)).toEqual({
      ok: false,
      error: { code: "unsupported-type", message: "不支持的信息类型0x0A（2016版）", offset: 27 },
    });
    // 2025's fuel cell (0x03) and 0x30–0x32 have no layout here yet; 0x06 is its alarm item.
    for (const type of ["03", "30", "31", "32"]) {
      expect(decodeRealtimeData(unit(type, SIGNATURE), 2025)).toMatchObject({
        ok: false,
        error: { code: "unsupported-type", message: `不支持的信息类型0x${type}（2025版）` },
      });
    }
  });

  it("says which item is cut short, where, and by how much", () => {
    expect(decodeRealtimeData(unit("010103"), 2016)).toEqual({
      ok: false,
      error: {
        code: "truncated",
        message: "整车数据（信息类型0x01）不完整：第9字节起需要1字节，只剩0字节",
        offset: 9,
      },
    });
    // Two motors announced, one present: the list is checked before it is read.
    expect(decodeRealtimeData(unit("0202", "01".repeat(12)), 2016)).toMatchObject({
      ok: false,
      error: { code: "truncated", message: "驱动电机数据（信息类型0x02）不完整：第8字节起需要24字节，只剩12字节" },
    });
    // An OEM item whose length runs past the data unit.
    expect(decodeRealtimeData(unit("800010", "AABB"), 2016)).toMatchObject({
      ok: false,
      error: { code: "truncated", message: "自定义数据（信息类型0x80）不完整：第9字节起需要16字节，只剩2字节" },
    });
  });

  it("requires the 2025 signature, whole, and nothing after it", () => {
    expect(decodeRealtimeData(unit("0400FF"), 2025)).toMatchObject({
      ok: false,
      error: { code: "truncated", message: "2025版实时信息缺少签名（0xFF起始）", offset: 9 },
    });
    expect(decodeRealtimeData(unit("FF0100020102"), 2025)).toMatchObject({
      ok: false,
      error: { code: "truncated", message: "签名不完整：第12字节起需要2字节，只剩0字节" },
    });
    expect(decodeRealtimeData(unit(SIGNATURE, "00"), 2025)).toMatchObject({
      ok: false,
      error: { code: "length-mismatch", message: "签名之后多出1字节", offset: 15 },
    });
  });

  it("reports a malformed real-time frame through decodeMessage", () => {
    const frame = encodeFrame({
      edition: 2016,
      command: COMMAND.resentData,
      responseFlag: RESPONSE_COMMAND,
      vin: "LFV3B2FY4R1012345",
      encryption: ENCRYPTION.none,
      data: unit("0A"),
    });
    expect(frame.ok && decodeMessage(frame.value)).toMatchObject({ ok: false, error: { code: "unsupported-type" } });
  });
});
