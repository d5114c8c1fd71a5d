import { describe, expect, it } from "vitest";
import type { Coded, Quantity } from "../gbt32960/realtime/quantity";
import type { RealtimeData, RealtimeItem } from "../gbt32960/realtime/realtimeData";
import { latestSnapshotOf, replacesStored } from "./index";

const T = Date.UTC(2026, 10, 24, 2, 0, 0);
const q = (value: number, unit: string, raw = value): Quantity => ({ status: "valid", raw, value, unit });
const bad = (status: "abnormal" | "invalid", unit: string): Quantity => ({ status, raw: 0xfffe, unit });
const c = (raw: number, name: string | undefined): Coded => ({ status: "valid", raw, name });

const vehicle = (soc: Quantity): RealtimeItem => ({
  type: 1,
  name: "整车数据",
  kind: "vehicle",
  vehicle: {
    vehicleState: c(1, "车辆启动状态"),
    chargingState: c(3, "未充电状态"),
    runningMode: c(1, "纯电"),
    speed: q(62.5, "km/h"),
    odometer: q(12034.7, "km"),
    totalVoltage: q(353.9, "V"),
    totalCurrent: q(-12.4, "A"),
    soc,
    dcdcState: c(1, "工作"),
    gear: { raw: 0x2e, gear: { raw: 14, name: "自动D挡" }, drivingForce: true, brakingForce: false },
    insulationResistance: q(5000, "kΩ"),
  },
});

const data = (items: RealtimeItem[]): RealtimeData => ({ edition: 2016, collectedAt: T, items });

describe("latestSnapshotOf", () => {
  it("keeps every value of a full unit with its unit and the extremes' positions", () => {
    const s = latestSnapshotOf(
      data([
        vehicle(q(68, "%")),
        {
          type: 5,
          name: "车辆位置数据",
          kind: "position",
          position: { fixValid: true, south: true, west: true, longitude: q(121.47, "°"), latitude: q(31.23, "°") },
        } as unknown as RealtimeItem,
        {
          type: 6,
          name: "极值数据",
          kind: "extremes",
          extremes: {
            maxVoltagePackNo: q(1, ""),
            maxVoltageCellNo: q(17, ""),
            maxCellVoltage: q(3.912, "V"),
            minVoltagePackNo: q(1, ""),
            minVoltageCellNo: q(3, ""),
            minCellVoltage: q(3.871, "V"),
            maxTemperaturePackNo: q(2, ""),
            maxTemperatureProbeNo: q(8, ""),
            maxTemperature: q(31, "℃"),
            minTemperaturePackNo: bad("invalid", ""),
            minTemperatureProbeNo: q(2, ""),
            minTemperature: bad("abnormal", "℃"),
          },
        },
        {
          type: 2,
          name: "驱动电机数据",
          kind: "driveMotors",
          motors: [
            {
              serial: 1,
              state: c(1, "耗电"),
              controllerTemperature: q(45, "℃"),
              speed: q(3200, "r/min"),
              torque: q(120.5, "N·m"),
              temperature: q(58, "℃"),
            },
            {
              serial: 2,
              state: c(9, undefined),
              controllerTemperature: q(40, "℃"),
              speed: bad("invalid", "r/min"),
              torque: q(0, "N·m"),
              temperature: q(50, "℃"),
            },
          ],
        },
        {
          type: 7,
          name: "报警数据",
          kind: "alarm",
          alarm: {
            highestLevel: c(2, "2级故障"),
            flagsRaw: 0x3,
            flags: [
              { bit: 0, name: "温度差异报警" },
              { bit: 30, name: undefined },
            ],
            packFaults: [],
            motorFaults: [],
            engineFaults: [],
            otherFaults: [],
          },
        } as unknown as RealtimeItem,
        { type: 0x80, name: "自定义数据", kind: "custom", bytes: new Uint8Array([1]) },
      ]),
    );
    expect(s.collectedAt).toBe(T);
    expect([s.longitude, s.latitude]).toEqual([-121.47, -31.23]);
    expect(s.soc).toEqual({ status: "valid", value: 68, unit: "%" });
    expect(s.totalCurrent).toEqual({ status: "valid", value: -12.4, unit: "A" });
    expect(s.vehicleState).toEqual({ code: 1, text: "车辆启动状态" });
    expect(s.chargeState).toEqual({ code: 3, text: "未充电状态" });
    expect(s.maxCellVoltage).toEqual({ value: { status: "valid", value: 3.912, unit: "V" }, pack: 1, position: 17 });
    expect(s.minTemperature).toEqual({
      value: { status: "abnormal", value: null, unit: "℃" },
      pack: null,
      position: 2,
    });
    expect(s.motors.map((m) => [m.serial, m.state, m.speed.value])).toEqual([
      [1, "耗电", 3200],
      [2, "0x09", null],
    ]);
    expect(s.alarmLevel).toEqual({ status: "valid", value: 2, unit: "" });
    expect(s.alarms).toEqual(["温度差异报警", "报警位30"]);
  });

  it("keeps 异常/无效 as such and no place without a valid fix", () => {
    const invalidState = { ...vehicle(bad("invalid", "%")) } as Extract<RealtimeItem, { kind: "vehicle" }>;
    const s = latestSnapshotOf(
      data([
        {
          ...invalidState,
          vehicle: {
            ...invalidState.vehicle,
            vehicleState: { status: "abnormal", raw: 0xfe, name: undefined },
            chargingState: { status: "invalid", raw: 0xff, name: undefined },
          },
        },
        {
          type: 5,
          name: "车辆位置数据",
          kind: "position",
          position: {
            fixValid: true,
            south: false,
            west: false,
            longitude: bad("invalid", "°"),
            latitude: q(31.2, "°"),
          },
        } as unknown as RealtimeItem,
        {
          type: 7,
          name: "报警数据",
          kind: "alarm",
          alarm: { highestLevel: { status: "invalid", raw: 0xff, name: undefined }, flagsRaw: 0, flags: [] },
        } as unknown as RealtimeItem,
      ]),
    );
    expect(s.soc).toEqual({ status: "invalid", value: null, unit: "%" });
    expect(s.vehicleState).toEqual({ code: null, text: "异常" });
    expect(s.chargeState).toEqual({ code: null, text: "无效" });
    expect([s.longitude, s.latitude]).toEqual([null, null]);
    expect(s.alarmLevel).toEqual({ status: "invalid", value: null, unit: "" });
    expect(s.maxCellVoltage).toBeNull();
    expect(s.motors).toEqual([]);
  });

  it("takes a northern, eastern fix as positive degrees", () => {
    const s = latestSnapshotOf(
      data([
        {
          type: 5,
          name: "车辆位置数据",
          kind: "position",
          position: { fixValid: true, south: false, west: false, longitude: q(116.4, "°"), latitude: q(39.9, "°") },
        } as unknown as RealtimeItem,
      ]),
    );
    expect([s.longitude, s.latitude, s.soc]).toEqual([116.4, 39.9, null]);
  });
});

describe("replacesStored", () => {
  it("replaces only with newer data (a re-sent older unit never overwrites)", () => {
    expect(replacesStored(null, T)).toBe(true);
    expect(replacesStored(T, T + 1)).toBe(true);
    expect(replacesStored(T, T)).toBe(false);
    expect(replacesStored(T, T - 60_000)).toBe(false);
  });
});
