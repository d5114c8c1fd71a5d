import { describe, expect, it } from "vitest";
import { stringToAscii } from "../gbt32960/ascii";
import { bcc } from "../gbt32960/bcc";
import { bytesToHex, hexToBytes } from "../gbt32960/hex";
import {
  type DieselReadings,
  decodeHj1239Frame,
  decodeHj1239Message,
  encodeHj1239Answer,
  encodeHj1239AntiTamper,
  encodeHj1239Frame,
  encodeHj1239Login,
  encodeHj1239Logout,
  encodeHj1239Realtime,
  hj1239CommandName,
  hj1239InfoTypeName,
} from "./index";

// Frames assembled here byte by byte from the layout of telematics-facts.md §3 (as BT's
// protocol_GB17691.c `MakeCmd`/`PackVehicleData`/`PackObdData` write them), not by our encoder:
// the decoder is checked against the standard's layout, then the encoder against the same bytes.
const VIN = "LZZ1CLVB5MA123456";
const VIN_HEX = bytesToHex(stringToAscii(VIN));
/** 2026-11-24 10:20:30 in UTC+8. */
const TIME_HEX = "1A0B180A141E";
const TIME = Date.UTC(2026, 10, 24, 2, 20, 30);

function frame(command: string, data: string, encryption = "01", softwareVersion = "05"): string {
  const len = (data.length / 2).toString(16).padStart(4, "0");
  const body = `${command}${VIN_HEX}${softwareVersion}${encryption}${len}${data}`;
  const bytes = hexToBytes(`2323${body}`);
  if (!bytes.ok) throw new Error("bad hex in test");
  return `2323${body}${bcc(bytes.value, 2).toString(16).padStart(2, "0")}`.toUpperCase();
}
const bytesOf = (hex: string) => {
  const b = hexToBytes(hex);
  if (!b.ok) throw new Error("bad hex in test");
  return b.value;
};

// 0x02 diesel stream: 25 km/h, 100 kPa, 25 %, 0 %, 1500 r/min, 10 L/h, NOx 300/30 ppm, urea 50 %,
// 150 kg/h, SCR 300/280 ℃, ΔP 5 kPa, coolant 85 ℃, fuel 80 %, fix, 116.397128 E 39.916527 N, 123456.7 km
const DIESEL = [
  "1900",
  "C8",
  "96",
  "7D",
  "2EE0",
  "00C8",
  "2710",
  "11F8",
  "7D",
  "0BB8",
  "47A0",
  "4520",
  "0032",
  "7D",
  "C8",
  "00",
  "06F01448",
  "026113EF",
  "0012D687",
].join("");
const DIESEL_INVALID = `FFFFFE${DIESEL.slice(6, 48)}01${"FF".repeat(8)}0012D687`;
const IUPR = Array.from({ length: 18 }, (_, i) => (i + 1).toString(16).padStart(4, "0")).join("");
const ascii = (s: string, n: number) => bytesToHex(stringToAscii(s)).padEnd(n * 2, "0");
// protocol J1939, MIL on, support, readiness, VIN, CAL ID, CVN, IUPR, two fault codes
const OBD = [
  "02",
  "01",
  "1234",
  "0F0F",
  VIN_HEX,
  ascii("CAL-2026-A", 18),
  ascii("CVN9F3A", 18),
  IUPR,
  "02",
  "0001F403",
  "00020F05",
].join("");

describe("HJ 1239 frames", () => {
  it("reads a login: time, serial and ICCID, and writes the same bytes", () => {
    const hex = frame("01", `${TIME_HEX}0007${ascii("89860112345678901234", 20)}`);
    const m = decodeHj1239Message(hex);
    expect(m.ok && m.value.frame).toMatchObject({ command: 1, vin: VIN, softwareVersion: 5, encryption: 1 });
    expect(m.ok && m.value.body).toEqual({ kind: "login", time: TIME, serial: 7, iccid: "89860112345678901234" });
    const written = encodeHj1239Login(
      { vin: VIN, softwareVersion: 5 },
      { time: TIME, serial: 7, iccid: "89860112345678901234" },
    );
    expect(written.ok && bytesToHex(written.value)).toBe(hex);
    expect(hj1239CommandName(1)).toBe("车辆登入");
    expect(hj1239CommandName(0x42)).toBeUndefined();
  });

  it("reads a logout and writes it back", () => {
    const hex = frame("04", `${TIME_HEX}0007`);
    const m = decodeHj1239Message(hex);
    expect(m.ok && m.value.body).toEqual({ kind: "logout", time: TIME, serial: 7 });
    const w = encodeHj1239Logout({ vin: VIN, softwareVersion: 5 }, { time: TIME, serial: 7 });
    expect(w.ok && bytesToHex(w.value)).toBe(hex);
  });

  it("reads every field of a diesel data stream in the standard's units", () => {
    const m = decodeHj1239Message(frame("02", `${TIME_HEX}0102${"02"}${TIME_HEX}${DIESEL}`));
    if (!m.ok || m.value.body.kind !== "realtime") throw new Error(JSON.stringify(m));
    const { body } = m.value;
    expect(body).toMatchObject({ resent: false, time: TIME, serial: 0x0102, signature: undefined });
    const item = body.items[0];
    if (item?.kind !== "diesel") throw new Error("not a diesel item");
    expect(item.name).toBe("数据流信息");
    expect(item.time).toBe(TIME);
    const v = Object.fromEntries(
      Object.entries(item.stream)
        .filter(([k]) => k !== "position")
        .map(([k, q]) => [k, "value" in q ? `${q.value} ${q.unit}` : q.status]),
    );
    expect(v).toEqual({
      speed: "25 km/h",
      barometricPressure: "100 kPa",
      netTorque: "25 %",
      frictionTorque: "0 %",
      engineSpeed: "1500 r/min",
      fuelFlow: "10 L/h",
      scrUpstreamNox: "300 ppm",
      scrDownstreamNox: "30 ppm",
      reagentLevel: "50 %",
      airIntake: "150 kg/h",
      scrInletTemperature: "300 ℃",
      scrOutletTemperature: "280 ℃",
      dpfPressureDrop: "5 kPa",
      coolantTemperature: "85 ℃",
      fuelLevel: "80 %",
      odometer: "123456.7 km",
    });
    expect(item.stream.position).toMatchObject({ fixValid: true, south: false, west: false });
    expect(item.stream.position.longitude).toMatchObject({ value: 116.397128 });
    expect(item.stream.position.latitude).toMatchObject({ value: 39.916527 });
  });

  it("keeps 无效 and 异常 readings and a lost fix as such, never as numbers", () => {
    const m = decodeHj1239Message(frame("03", `${TIME_HEX}0001${"02"}${TIME_HEX}${DIESEL_INVALID}`));
    if (!m.ok || m.value.body.kind !== "realtime") throw new Error(JSON.stringify(m));
    expect(m.value.body.resent).toBe(true);
    const item = m.value.body.items[0];
    if (item?.kind !== "diesel") throw new Error("not a diesel item");
    expect(item.stream.speed).toEqual({ status: "invalid", raw: 0xffff, unit: "km/h" });
    expect(item.stream.barometricPressure).toEqual({ status: "abnormal", raw: 0xfe, unit: "kPa" });
    expect(item.stream.position.fixValid).toBe(false);
    expect(item.stream.position.longitude.status).toBe("invalid");
  });

  it("reads the OBD item: protocol, MIL, identifiers, IUPR and fault codes", () => {
    const m = decodeHj1239Message(frame("02", `${TIME_HEX}0001${"01"}${TIME_HEX}${OBD}`));
    if (!m.ok || m.value.body.kind !== "realtime") throw new Error(JSON.stringify(m));
    const item = m.value.body.items[0];
    if (item?.kind !== "obd") throw new Error("not an OBD item");
    expect(item.name).toBe("OBD信息");
    expect(item.obd.protocol).toEqual({ status: "valid", raw: 2, name: "SAE J1939" });
    expect(item.obd.mil).toEqual({ status: "valid", raw: 1, name: "点亮" });
    expect(item.obd.diagnosisSupport).toBe(0x1234);
    expect(item.obd.diagnosisReadiness).toBe(0x0f0f);
    expect(item.obd.vin.text).toBe(VIN);
    expect(item.obd.calibrationId.text).toBe("CAL-2026-A");
    expect(item.obd.calibrationVerification.text).toBe("CVN9F3A");
    expect(item.obd.iupr).toEqual(Array.from({ length: 18 }, (_, i) => i + 1));
    expect(item.obd.faultCodes).toEqual(["0001F403", "00020F05"]);
  });

  it("reads an OBD item whose fault count is 无效 with no codes, and a binary CVN as hex only", () => {
    const obd = `${OBD.slice(0, 12 + 34 + 36)}9F3A0C11${"00".repeat(14)}${IUPR}FE`;
    const m = decodeHj1239Message(frame("02", `${TIME_HEX}0001${"01"}${TIME_HEX}${obd}`));
    if (!m.ok || m.value.body.kind !== "realtime") throw new Error(JSON.stringify(m));
    const item = m.value.body.items[0];
    if (item?.kind !== "obd") throw new Error("not an OBD item");
    expect(item.obd.faultCount.status).toBe("abnormal");
    expect(item.obd.faultCodes).toEqual([]);
    expect(item.obd.calibrationId.text).toBe("CAL-2026-A");
    expect(item.obd.calibrationVerification).toEqual({ hex: `9F3A0C11${"00".repeat(14)}`, text: undefined });
  });

  it("reads the gas-engine and hybrid streams (①BT) and keeps OEM items as bytes", () => {
    const twc = ["8000", "32", "0BB8", "7D", "5A60", "00", "06F01448", "026113EF", "0012D687"].join("");
    const hybrid = ["0BB8", "32", "1F40", "2774", "50"].join("");
    const m = decodeHj1239Message(
      frame("02", `${TIME_HEX}0001${"03"}${TIME_HEX}${twc}${"04"}${TIME_HEX}${hybrid}${"80"}${TIME_HEX}ABCDEF`),
    );
    if (!m.ok || m.value.body.kind !== "realtime") throw new Error(JSON.stringify(m));
    const [a, b, c] = m.value.body.items;
    if (a?.kind !== "twc" || b?.kind !== "hybrid" || c?.kind !== "oem") throw new Error("kinds");
    expect(a.stream.downstreamOxygen).toMatchObject({ value: 0.5, unit: "V" });
    expect(a.stream.catalystTemperature).toMatchObject({ value: 450 });
    expect(b.stream.batteryVoltage).toMatchObject({ value: 800, unit: "V" });
    expect(b.stream.batteryCurrent).toMatchObject({ value: 10, unit: "A" });
    expect(b.stream.soc).toMatchObject({ value: 80 });
    expect(c).toMatchObject({ type: 0x80, name: "厂商自定义", hex: "ABCDEF" });
    expect(hj1239InfoTypeName(0x05)).toBeUndefined();
  });

  it("reads an SM2 signature after the items, also after an OEM item", () => {
    const sig = `20${"11".repeat(32)}20${"22".repeat(32)}`;
    for (const items of [`02${TIME_HEX}${DIESEL}`, `02${TIME_HEX}${DIESEL}81${TIME_HEX}0102`]) {
      const m = decodeHj1239Message(frame("02", `${TIME_HEX}0001${items}${sig}`));
      if (!m.ok || m.value.body.kind !== "realtime") throw new Error(JSON.stringify(m));
      expect(m.value.body.signature).toEqual({ r: "11".repeat(32), s: "22".repeat(32) });
      expect(m.value.body.items.at(-1)?.kind).toBe(items.includes("81") ? "oem" : "diesel");
    }
    const oem = decodeHj1239Message(frame("02", `${TIME_HEX}0001${"81"}${TIME_HEX}0102${sig}`));
    expect(oem.ok && oem.value.body.kind === "realtime" && oem.value.body.items[0]).toMatchObject({ hex: "0102" });
  });

  it("reads the anti-tamper alarm's position and writes it back", () => {
    const hex = frame("06", `${TIME_HEX}0009${"06"}06F01448026113EF`);
    const m = decodeHj1239Message(hex);
    if (!m.ok || m.value.body.kind !== "antiTamper") throw new Error(JSON.stringify(m));
    expect(m.value.body).toMatchObject({ time: TIME, serial: 9 });
    expect(m.value.body.position).toMatchObject({ fixValid: true, south: true, west: true });
    expect(m.value.body.position.longitude).toEqual({ status: "valid", raw: 116397128, value: 116.397128, unit: "°" });
    const w = encodeHj1239AntiTamper(
      { vin: VIN, softwareVersion: 5 },
      { time: TIME, serial: 9, position: { lng: -116.397128, lat: -39.916527 } },
    );
    expect(w.ok && bytesToHex(w.value)).toBe(hex);
    const lost = decodeHj1239Message(frame("06", `${TIME_HEX}0009${"01"}FFFFFFFFFFFFFFFE`));
    expect(lost.ok && lost.value.body.kind === "antiTamper" && lost.value.body.position).toMatchObject({
      fixValid: false,
      longitude: { status: "invalid" },
      latitude: { status: "abnormal" },
    });
    const none = encodeHj1239AntiTamper({ vin: VIN, softwareVersion: 5 }, { time: TIME, serial: 9, position: null });
    expect(none.ok && bytesToHex(none.value)).toBe(frame("06", `${TIME_HEX}0009${"01"}FFFFFFFFFFFFFFFF`));
  });

  it("tells time sync, encrypted units and other commands apart", () => {
    expect(decodeHj1239Message(frame("05", "")).ok && decodeHj1239Message(frame("05", ""))).toMatchObject({
      value: { body: { kind: "timeSync" } },
    });
    const enc = decodeHj1239Message(frame("02", "A1B2C3", "03"));
    expect(enc.ok && enc.value.body).toEqual({ kind: "encrypted" });
    const other = decodeHj1239Message(frame("80", TIME_HEX));
    expect(other.ok && other.value.body).toEqual({ kind: "other", hex: TIME_HEX });
  });

  it("answers with the same command and VIN; a time sync carries the platform's time", () => {
    const request = decodeHj1239Frame(frame("05", ""));
    if (!request.ok) throw new Error("request");
    const answer = encodeHj1239Answer(request.value, TIME);
    expect(answer.ok && bytesToHex(answer.value)).toBe(frame("05", TIME_HEX));
    const login = decodeHj1239Frame(frame("01", `${TIME_HEX}0007${ascii("89860112345678901234", 20)}`));
    if (!login.ok) throw new Error("login");
    const ack = encodeHj1239Answer(login.value, TIME);
    expect(ack.ok && bytesToHex(ack.value)).toBe(frame("01", ""));
    expect(encodeHj1239Answer(request.value, Date.UTC(2101, 0, 1)).ok).toBe(false);
  });
});

/** "ok", or the error's code and Chinese message. */
function fails(hex: string | Uint8Array): string {
  const m = decodeHj1239Message(hex);
  return m.ok ? "ok" : `${m.error.code}: ${m.error.message}`;
}

/** "ok", or the refusal's message. */
const reason = (r: { ok: boolean; error?: { message: string } }) => (r.ok ? "ok" : r.error?.message);

describe("HJ 1239 bad input", () => {
  it("refuses broken frames with a Chinese reason and never throws", () => {
    const good = frame("04", `${TIME_HEX}0007`);
    expect(fails("2323")).toMatch(/^frame-too-short: 报文长度2字节/);
    expect(fails(`2424${good.slice(4)}`)).toMatch(/^bad-start: 起始符应为“##”/);
    expect(fails(`${good.slice(0, 6)}${"00".repeat(16)}FF${good.slice(40)}`)).toMatch(/^bad-vin/);
    expect(fails(frame("04", `${TIME_HEX}0007`, "02"))).toMatch(/^bad-encryption: 加密方式0x02/);
    expect(fails(good.slice(0, -2))).toMatch(/^length-mismatch/);
    expect(fails(`${good.slice(0, -2)}00`)).toMatch(/^bcc-mismatch: 校验码错误/);
    expect(fails("zz")).toMatch(/^hex-/);
    expect(fails(bytesOf(good))).toBe("ok");
  });

  it("refuses bodies that do not fit their command", () => {
    expect(fails(frame("01", `${TIME_HEX}0007`))).toMatch(/^bad-length: 车辆登入数据单元应为28字节/);
    expect(fails(frame("01", `${TIME_HEX}0007${"FF".repeat(20)}`))).toMatch(/^bad-ascii: ICCID/);
    expect(fails(frame("04", `${TIME_HEX}000700`))).toMatch(/^bad-length: 车辆登出/);
    expect(fails(frame("06", `${TIME_HEX}0007`))).toMatch(/^bad-length: 防拆报警/);
    expect(fails(frame("02", "1A0B"))).toMatch(/^bad-length: 数据单元2字节/);
    expect(fails(frame("02", `1A0D180A141E0001`))).toMatch(/^bad-time/);
    expect(fails(frame("02", `${TIME_HEX}0001${"02"}1A0D180A141E${DIESEL}`))).toMatch(/^bad-time/);
    expect(fails(frame("02", `${TIME_HEX}0001${"02"}${TIME_HEX}${DIESEL.slice(0, 20)}`))).toMatch(
      /^truncated: 信息体在第\d+字节处不完整/,
    );
    expect(fails(frame("02", `${TIME_HEX}0001${"05"}${TIME_HEX}00`))).toMatch(
      /^unsupported-type: 不支持的信息类型0x05/,
    );
    // bytes that are neither a known type nor a signature trailer: R length 0, over 64, running
    // past the end; S length over 64
    for (const [unit, type] of [
      ["000101", "0x00"],
      ["700101", "0x70"],
      ["200101", "0x20"],
      [`06${"00".repeat(6)}7000`, "0x06"],
    ])
      expect(fails(frame("02", `${TIME_HEX}0001${unit}`))).toMatch(
        new RegExp(`^unsupported-type: 不支持的信息类型${type}`),
      );
  });
});

describe("HJ 1239 writing", () => {
  const terminal = { vin: VIN, softwareVersion: 5 };
  const readings: DieselReadings = {
    speedKmh: 25,
    barometricKpa: 100,
    netTorquePercent: 25,
    frictionTorquePercent: 0,
    engineRpm: 1500,
    fuelFlowLph: 10,
    scrUpstreamNoxPpm: 300,
    scrDownstreamNoxPpm: 30,
    reagentPercent: 50,
    airIntakeKgph: 150,
    scrInletC: 300,
    scrOutletC: 280,
    dpfDropKpa: 5,
    coolantC: 85,
    fuelPercent: 80,
    position: { lng: 116.397128, lat: 39.916527 },
    odometerKm: 123456.7,
  };

  it("writes a diesel stream and an OBD item to the bytes of the layout", () => {
    const w = encodeHj1239Realtime(terminal, {
      time: TIME,
      serial: 0x0102,
      items: [
        { kind: "diesel", time: TIME, stream: readings },
        {
          kind: "obd",
          time: TIME,
          obd: {
            protocol: 2,
            milOn: true,
            diagnosisSupport: 0x1234,
            diagnosisReadiness: 0x0f0f,
            vin: VIN,
            calibrationId: "CAL-2026-A",
            calibrationVerification: "CVN9F3A",
            iupr: Array.from({ length: 18 }, (_, i) => i + 1),
            faultCodes: ["1F403", "00020F05"],
          },
        },
      ],
    });
    expect(w.ok && bytesToHex(w.value)).toBe(
      frame("02", `${TIME_HEX}0102${"02"}${TIME_HEX}${DIESEL}01${TIME_HEX}${OBD}`),
    );
  });

  it("writes 无效/异常 readings, a lost fix, a re-sent unit, and clamps what a field cannot hold", () => {
    const w = encodeHj1239Realtime(terminal, {
      time: TIME,
      serial: 1,
      resent: true,
      items: [
        {
          kind: "diesel",
          time: TIME,
          stream: { ...readings, speedKmh: "invalid", barometricKpa: "abnormal", position: null },
        },
      ],
    });
    expect(w.ok && bytesToHex(w.value)).toBe(frame("03", `${TIME_HEX}0001${"02"}${TIME_HEX}${DIESEL_INVALID}`));
    const big = encodeHj1239Realtime(terminal, {
      time: TIME,
      serial: 1,
      items: [{ kind: "diesel", time: TIME, stream: { ...readings, speedKmh: 900, coolantC: -100 } }],
    });
    const m = big.ok ? decodeHj1239Message(big.value) : big;
    if (!m.ok || m.value.body.kind !== "realtime" || m.value.body.items[0]?.kind !== "diesel")
      throw new Error("decode");
    expect(m.value.body.items[0].stream.speed).toMatchObject({ status: "valid", raw: 0xfffd });
    expect(m.value.body.items[0].stream.coolantTemperature).toMatchObject({ status: "valid", value: -40 });
  });

  it("writes an OBD item with fewer IUPR counters than 18 as zeros, and a VIN padded with NUL reads as its text", () => {
    const padded = { vin: "TESTVIN1234", softwareVersion: 1 };
    const w = encodeHj1239Frame({
      ...padded,
      vin: "TESTVIN1234\0\0\0\0\0\0",
      command: 4,
      encryption: 1,
      data: new Uint8Array(0),
    });
    expect(w.ok).toBe(false);
    const hex = frame("04", `${TIME_HEX}0007`).replace(
      VIN_HEX,
      `${bytesToHex(stringToAscii("TESTVIN1234"))}${"00".repeat(6)}`,
    );
    const fixed = hexToBytes(hex);
    if (!fixed.ok) throw new Error("hex");
    fixed.value[fixed.value.length - 1] = bcc(fixed.value, 2, fixed.value.length - 1);
    const m = decodeHj1239Frame(fixed.value);
    expect(m.ok && m.value.vin).toBe("TESTVIN1234");
    const obd = encodeHj1239Realtime(terminal, {
      time: TIME,
      serial: 1,
      items: [
        {
          kind: "obd",
          time: TIME,
          obd: {
            protocol: 0,
            milOn: false,
            diagnosisSupport: 0,
            diagnosisReadiness: 0,
            vin: VIN,
            calibrationId: "",
            calibrationVerification: "",
            iupr: [7],
            faultCodes: [],
          },
        },
      ],
    });
    const back = obd.ok ? decodeHj1239Message(obd.value) : obd;
    if (!back.ok || back.value.body.kind !== "realtime" || back.value.body.items[0]?.kind !== "obd")
      throw new Error("decode");
    const item = back.value.body.items[0].obd;
    expect(item.iupr).toEqual([7, ...Array<number>(17).fill(0)]);
    expect(item.calibrationId).toEqual({ hex: "00".repeat(18), text: undefined });
    expect(item.mil.name).toBe("未点亮");
    expect(item.faultCount).toMatchObject({ status: "valid", value: 0 });
  });

  it("refuses what no reader could read back", () => {
    expect(reason(encodeHj1239Login(terminal, { time: TIME, serial: 1, iccid: "123" }))).toBe(
      "ICCID必须为20个ASCII可见字符",
    );
    expect(reason(encodeHj1239Login(terminal, { time: TIME, serial: 1.5, iccid: "89860112345678901234" }))).toBe(
      "流水号1.5不是0–65535的整数",
    );
    expect(reason(encodeHj1239Logout(terminal, { time: TIME, serial: 70_000 }))).toBe("流水号70000不是0–65535的整数");
    expect(reason(encodeHj1239Logout(terminal, { time: Date.UTC(1999, 0, 1), serial: 1 }))).toMatch(/采集时间/);
    expect(reason(encodeHj1239AntiTamper(terminal, { time: TIME, serial: -1, position: null }))).toMatch(/流水号/);
    expect(
      reason(
        encodeHj1239Realtime(terminal, {
          time: TIME,
          serial: 1,
          items: [{ kind: "diesel", time: Number.NaN, stream: readings }],
        }),
      ),
    ).toMatch(/采集时间/);
    expect(reason(encodeHj1239Realtime(terminal, { time: TIME, serial: -5, items: [] }))).toMatch(/流水号/);
    const base = { command: 2, vin: VIN, softwareVersion: 1, encryption: 1, data: new Uint8Array(0) };
    expect(reason(encodeHj1239Frame({ ...base, vin: "SHORT" }))).toBe("VIN字段必须为17个ASCII可见字符");
    expect(reason(encodeHj1239Frame({ ...base, command: 256 }))).toMatch(/命令单元256/);
    expect(reason(encodeHj1239Frame({ ...base, softwareVersion: -1 }))).toMatch(/终端软件版本号/);
    expect(reason(encodeHj1239Frame({ ...base, encryption: 2 }))).toMatch(/加密方式2/);
    expect(reason(encodeHj1239Frame({ ...base, data: new Uint8Array(70_000) }))).toMatch(/超过上限65535字节/);
  });
});
