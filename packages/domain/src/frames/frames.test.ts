import { describe, expect, it } from "vitest";
import { COMMAND, ENCRYPTION, RESPONSE_COMMAND } from "../gbt32960/codes";
import { encodeFrame } from "../gbt32960/frame";
import { bytesToHex } from "../gbt32960/hex";
import { decodeMessage, encodeVehicleLogoutMessage } from "../gbt32960/message";
import vectors from "../gbt32960/realtime/vectors/gbt32960-rtm_con.json";
import { LOGIN_2016 } from "../gbt32960/testFrames";
import { encodeHj1239Login } from "../hj1239/message";
import { encodeJt808Message } from "../jt808/message";
import { BATCH_LOCATION, HEARTBEAT, LOCATION_DEMO, LOCATION_ITEMS } from "../jt808/testFrames";
import {
  encodeRealtimeMessage,
  FRAME_CHECK_RULE_INFO,
  FRAME_CHECK_RULES,
  frameCheckRule,
  frameCheckRuleFilter,
  framePositions,
  frameProtocol,
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
const compact = (hex: string) => hex.replace(/\s+/g, "");

/** The vehicle item of a unit encoded in the given mode: state, charging, gear, driving force, accelerator. */
const modeBytes = (mode?: "driving" | "charging" | "parked") => {
  const hex = encodeRealtimeMessage(VIN, mode === undefined ? sample : { ...sample, mode });
  const m = hex.ok ? decodeMessage(hex.value) : undefined;
  const body = m?.ok ? m.value.body : undefined;
  const item = body?.kind === "realtime" ? body.realtime.items.find((i) => i.kind === "vehicle") : undefined;
  if (item?.kind !== "vehicle") throw new Error("no vehicle item");
  const v = item.vehicle;
  return [
    v.vehicleState.raw,
    v.chargingState.raw,
    v.gear.gear.raw,
    v.gear.drivingForce,
    v.acceleratorPedal?.status === "valid" ? v.acceleratorPedal.value : null,
  ];
};

describe("frame check rules", () => {
  it("names a stored status as the rule it failed, splitting bad frames by the check-code reason", () => {
    expect(frameCheckRule("ok", null)).toBeNull();
    expect(frameCheckRule("bad-frame", "校验码错误：报文为0x00，计算值为0xD1")).toBe("check-code");
    expect(frameCheckRule("bad-frame", "报文长度3字节，不足最短的25字节")).toBe("structure");
    expect(frameCheckRule("bad-frame", null)).toBe("structure");
    for (const s of ["bad-body", "vin-unknown", "vin-duplicate", "encrypted", "unsupported"] as const)
      expect(frameCheckRule(s, "x")).toBe(s);
    expect(frameCheckRule("check-code", null)).toBeNull();
    expect(frameCheckRule("structure", null)).toBeNull();
    expect(frameCheckRule("whatever", null)).toBeNull();
  });
  it("finds each rule's frames by status and reason, and every rule has a label, clause and handling", () => {
    expect(frameCheckRuleFilter("check-code")).toEqual({ status: "bad-frame", checkCodeReason: true });
    expect(frameCheckRuleFilter("structure")).toEqual({ status: "bad-frame", checkCodeReason: false });
    expect(frameCheckRuleFilter("vin-unknown")).toEqual({ status: "vin-unknown" });
    // every rule explained in Chinese, citing its clause, each label distinct (the screen's filter)
    for (const r of FRAME_CHECK_RULES) {
      const info = FRAME_CHECK_RULE_INFO[r];
      expect(info.label, r).toMatch(/\p{Script=Han}{2}/u);
      expect(info.clause, r).toMatch(/^GB\/T 32960\.3 (§\d|表\d)/);
      expect(info.handling.length, r).toBeGreaterThan(4);
    }
    expect(new Set(FRAME_CHECK_RULES.map((r) => FRAME_CHECK_RULE_INFO[r].label)).size).toBe(FRAME_CHECK_RULES.length);
  });
});

describe("positions of stored frames", () => {
  it("tells the protocol by the first bytes", () => {
    expect(frameProtocol(LOGIN_2016)).toBe("gbt32960");
    expect(frameProtocol("2424")).toBe("gbt32960");
    expect(frameProtocol(compact(LOCATION_DEMO))).toBe("jt808");
    expect(frameProtocol("7e02")).toBe("jt808");
    expect(frameProtocol("ABCD")).toBeNull();
    expect(framePositions("ABCD")).toEqual([]);
  });
  it("tells HJ 1239 from GB/T 32960 by byte 3: a VIN character, not a response flag", () => {
    const hj = encodeHj1239Login(
      { vin: "LFWSRXSJ0NA000001", softwareVersion: 1 },
      { time: Date.UTC(2026, 0, 2, 3, 4, 5), serial: 1, iccid: "89860000000000000001" },
    );
    expect(hj.ok).toBe(true);
    if (!hj.ok) return;
    const hex = bytesToHex(hj.value);
    expect(frameProtocol(hex)).toBe("hj1239");
    expect(frameProtocol("2323017E")).toBe("hj1239");
    expect(frameProtocol("23230220")).toBe("hj1239");
    // GB/T 32960's flags (0x01–0x04 command, 0xFE) and a frame cut before byte 3.
    expect(frameProtocol("232302FE")).toBe("gbt32960");
    expect(frameProtocol("23230101")).toBe("gbt32960");
    expect(frameProtocol("2323011F")).toBe("gbt32960");
    expect(frameProtocol("232301")).toBe("gbt32960");
    expect(frameProtocol("2323017F")).toBe("gbt32960");
    // Readers report no positions of it (the diesel stream is not a T-BOX position report).
    expect(framePositions(hex)).toEqual([]);
  });
  it("encodes a real-time unit that decodes to the same values, position with the vehicle item's speed, odometer, SOC", () => {
    const hex = encodeRealtimeMessage(VIN, sample);
    expect(hex.ok).toBe(true);
    if (!hex.ok) return;
    const decoded = decodeMessage(hex.value);
    expect(decoded.ok && decoded.value.frame.command).toBe(COMMAND.realtimeData);
    expect(framePositions(hex.value)).toEqual([
      {
        protocol: "gbt32960",
        collectedAt: T,
        resent: false,
        fixValid: true,
        longitude: 121.473701,
        latitude: 31.230416,
        speedKmh: 62.5,
        mileageKm: 12034.7,
        soc: 68,
      },
    ]);
  });
  it("the vehicle's mode sets 车辆状态, 充电状态, 档位 and the accelerator", () => {
    expect(modeBytes()).toEqual([1, 3, 14, true, 20]);
    expect(modeBytes("driving")).toEqual([1, 3, 14, true, 20]);
    expect(modeBytes("charging")).toEqual([2, 1, 15, false, 0]);
    expect(modeBytes("parked")).toEqual([2, 3, 15, false, 0]);
  });
  it("re-sent data, south and west, and a position without a fix", () => {
    const sw = encodeRealtimeMessage(VIN, {
      ...sample,
      resent: true,
      longitude: -70.5,
      latitude: -33.25,
      current: -5,
      voltage: 400,
    });
    expect(sw.ok && framePositions(sw.value)[0]).toMatchObject({ resent: true, longitude: -70.5, latitude: -33.25 });
    const nofix = encodeRealtimeMessage(VIN, { ...sample, fixValid: false });
    expect(nofix.ok && framePositions(nofix.value)[0]).toMatchObject({
      fixValid: false,
      longitude: null,
      latitude: null,
    });
  });
  it("refuses values outside their fields and bad times", () => {
    expect(encodeRealtimeMessage(VIN, { ...sample, soc: 300 })).toMatchObject({
      ok: false,
      error: { code: "bad-number" },
    });
    expect(encodeRealtimeMessage(VIN, { ...sample, speedKmh: -1 }).ok).toBe(false);
    expect(encodeRealtimeMessage(VIN, { ...sample, mileageKm: 1.5e9 }).ok).toBe(false);
    expect(encodeRealtimeMessage(VIN, { ...sample, collectedAt: Number.NaN }).ok).toBe(false);
    expect(encodeRealtimeMessage("SHORT", sample).ok).toBe(false);
  });
  it("a unit with invalid values or no vehicle item reports nulls; other frames report no position", () => {
    // 整车数据 with speed, odometer and SOC invalid (0xFFFF, 0xFFFFFFFF, 0xFF); position with an invalid longitude.
    const data = Uint8Array.from([
      26, 11, 20, 10, 30, 15, 0x01, 1, 3, 1, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x0d, 0xac, 0x27, 0x38, 0xff, 1, 0x2e,
      0x13, 0x88, 0, 0, 0x05, 0, 0xff, 0xff, 0xff, 0xff, 0x01, 0xdc, 0x8a, 0x00,
    ]);
    const frame = encodeFrame({
      edition: 2016,
      command: COMMAND.realtimeData,
      responseFlag: RESPONSE_COMMAND,
      vin: VIN,
      encryption: ENCRYPTION.none,
      data,
    });
    expect(frame.ok).toBe(true);
    if (!frame.ok) return;
    expect(framePositions(bytesToHex(frame.value))[0]).toMatchObject({
      fixValid: false,
      longitude: null,
      speedKmh: null,
      mileageKm: null,
      soc: null,
    });
    const onlyPosition = encodeFrame({
      edition: 2016,
      command: COMMAND.realtimeData,
      responseFlag: RESPONSE_COMMAND,
      vin: VIN,
      encryption: ENCRYPTION.none,
      data: Uint8Array.from([26, 11, 20, 10, 30, 15, 0x05, 0, 0x07, 0x3d, 0x8e, 0x68, 0x01, 0xdc, 0x8a, 0x00]),
    });
    expect(onlyPosition.ok && framePositions(bytesToHex(onlyPosition.value))[0]).toMatchObject({
      fixValid: true,
      speedKmh: null,
      soc: null,
    });
    expect(framePositions(LOGIN_2016)).toEqual([]);
    const logout = encodeVehicleLogoutMessage(VIN, { collectedAt: T, serial: 3 });
    expect(logout.ok && framePositions(logout.value)).toEqual([]);
    expect(framePositions(`${LOGIN_2016.slice(0, -2)}00`)).toEqual([]);
  });
  it("reads the position of a full real-time unit of another implementation (rtm_con), past its other items", () => {
    const full = (vectors as { frames: { hex: string; edition: string }[] }).frames.filter(
      (f) => f.edition === "2016" && f.hex.startsWith("232302"),
    );
    const withPosition = full.map((f) => framePositions(f.hex)).filter((p) => p.length > 0);
    expect(withPosition.length).toBeGreaterThan(0);
    expect(withPosition[0]?.[0]?.protocol).toBe("gbt32960");
  });
  it("reads JT/T 808 location reports and batches, and nothing from other messages", () => {
    const [demo] = framePositions(compact(LOCATION_DEMO));
    expect(demo).toMatchObject({ protocol: "jt808", resent: false, fixValid: true, speedKmh: 6, mileageKm: 10 });
    expect(demo?.latitude).toBeCloseTo(12.222222, 6);
    const [items] = framePositions(compact(LOCATION_ITEMS));
    expect(items?.protocol).toBe("jt808");
    const batch = framePositions(compact(BATCH_LOCATION));
    expect(batch).toHaveLength(2);
    expect(batch[0]?.resent).toBe(false);
    expect(framePositions(compact(HEARTBEAT))).toEqual([]);
    const bare = encodeJt808Message(
      { edition: 2019, protocolVersion: 1, encryption: 0, phone: "13800138000", serial: 9 },
      {
        kind: "location",
        location: {
          alarm: 0,
          status: 0,
          latitude: 0,
          longitude: 0,
          altitude: 0,
          speed: 0,
          direction: 0,
          time: T,
          items: [],
        },
      },
    );
    expect(bare.ok && framePositions(bytesToHex(bare.value))[0]).toMatchObject({
      fixValid: false,
      longitude: null,
      mileageKm: null,
    });
    expect(framePositions("7E0200")).toEqual([]);
    expect(framePositions("7EZZ")).toEqual([]);
  });
});
