import * as fc from "fast-check";
import { describe, expect, it } from "vitest";
import { decodeFrame } from "./frame";
import { bytesToHex } from "./hex";
import { LOGIN_2016, LOGIN_2025 } from "./testFrames";
import { decodeVehicleLogin, encodeVehicleLogin, type VehicleLogin2016, type VehicleLogin2025 } from "./vehicleLogin";

function dataOf(hex: string): Uint8Array {
  const f = decodeFrame(hex);
  if (!f.ok) throw new Error(f.error.message);
  return f.value.data;
}

const login2016: VehicleLogin2016 = {
  edition: 2016,
  collectedAt: Date.UTC(2024, 2, 5, 0, 9, 10),
  serial: 1,
  iccid: "89860123456789012345",
  codeLength: 2,
  subsystemCodes: ["01"],
};
const login2025: VehicleLogin2025 = {
  edition: 2025,
  collectedAt: Date.UTC(2025, 11, 31, 15, 59, 59),
  serial: 7,
  iccid: "8986012345678901234",
  packSerials: [["A".repeat(24)], ["B".repeat(24), "C".repeat(24)]],
};

describe("vehicle login body, 2016: time, serial, ICCID, n subsystems of m-byte codes", () => {
  it("reads the reference frame", () => {
    expect(decodeVehicleLogin(dataOf(LOGIN_2016), 2016)).toEqual({ ok: true, value: login2016 });
  });
  it("writes the reference bytes", () => {
    const r = encodeVehicleLogin(login2016);
    expect(r.ok && bytesToHex(r.value)).toBe(bytesToHex(dataOf(LOGIN_2016)));
  });
  it("reads a body with no subsystems", () => {
    const data = dataOf(LOGIN_2016).slice(0, 28);
    const r = decodeVehicleLogin(Uint8Array.of(...data, 0, 5), 2016);
    expect(r).toMatchObject({ ok: true, value: { subsystemCodes: [], codeLength: 5 } });
  });
  it("rejects a body shorter than time, serial, ICCID and count", () => {
    expect(decodeVehicleLogin(new Uint8Array(28), 2016)).toEqual({
      ok: false,
      error: { code: "length-mismatch", message: "车辆登入数据单元应为29字节，实际为28字节" },
    });
  });
  it("rejects a body without the code-length byte", () => {
    const data = dataOf(LOGIN_2016).slice(0, 29);
    expect(decodeVehicleLogin(data, 2016)).toMatchObject({
      ok: false,
      error: { message: "车辆登入数据单元应为30字节，实际为29字节" },
    });
  });
  it("passes on a bad collection time", () => {
    const data = dataOf(LOGIN_2016);
    data[1] = 13;
    expect(decodeVehicleLogin(data, 2016)).toMatchObject({ ok: false, error: { code: "bad-time" } });
  });
  it("rejects an ICCID with a non-ASCII byte, at its offset", () => {
    const data = dataOf(LOGIN_2016);
    data[9] = 0x80;
    expect(decodeVehicleLogin(data, 2016)).toMatchObject({ ok: false, error: { code: "bad-ascii", offset: 8 } });
  });
  it("rejects more than 250 subsystems and codes longer than 50", () => {
    const data = dataOf(LOGIN_2016);
    data[28] = 251;
    expect(decodeVehicleLogin(data, 2016)).toMatchObject({ ok: false, error: { code: "bad-count", offset: 28 } });
    const long = dataOf(LOGIN_2016);
    long[29] = 51;
    expect(decodeVehicleLogin(long, 2016)).toMatchObject({ ok: false, error: { code: "bad-count", offset: 29 } });
  });
  it("rejects a body longer or shorter than n × m", () => {
    const data = dataOf(LOGIN_2016);
    expect(decodeVehicleLogin(Uint8Array.of(...data, 0x30), 2016)).toMatchObject({
      ok: false,
      error: { message: "车辆登入数据单元应为32字节，实际为33字节" },
    });
  });
  it("rejects a subsystem code with a non-ASCII byte", () => {
    const data = dataOf(LOGIN_2016);
    data[31] = 0x07;
    expect(decodeVehicleLogin(data, 2016)).toMatchObject({
      ok: false,
      error: { code: "bad-ascii", message: "第1个子系统编码含非ASCII可见字符", offset: 30 },
    });
  });
  it.each([
    ["a serial above 65535", { serial: 65536 }, "bad-number"],
    ["a negative serial", { serial: -1 }, "bad-number"],
    ["a fractional serial", { serial: 1.5 }, "bad-number"],
    ["an empty ICCID", { iccid: "" }, "bad-ascii"],
    ["a 21-character ICCID", { iccid: "898601234567890123456" }, "bad-ascii"],
    ["a Chinese ICCID", { iccid: "卡号" }, "bad-ascii"],
    ["a code of the wrong length", { subsystemCodes: ["012"] }, "bad-ascii"],
    ["251 subsystems", { subsystemCodes: Array(251).fill("01") }, "bad-count"],
    ["a code length of 51", { codeLength: 51, subsystemCodes: [] }, "bad-count"],
    ["a negative code length", { codeLength: -1, subsystemCodes: [] }, "bad-count"],
    ["a fractional code length", { codeLength: 0.5, subsystemCodes: [] }, "bad-count"],
    ["a time before 2000", { collectedAt: 0 }, "bad-time"],
  ])("refuses to write %s", (_name, change, code) => {
    expect(encodeVehicleLogin({ ...login2016, ...change })).toMatchObject({ ok: false, error: { code } });
  });
});

describe("vehicle login body, 2025: n BMS, pack count each, 24-character pack serials", () => {
  it("reads the reference frame (19-digit ICCID, NUL padding removed)", () => {
    expect(decodeVehicleLogin(dataOf(LOGIN_2025), 2025)).toEqual({ ok: true, value: login2025 });
  });
  it("writes the reference bytes", () => {
    const r = encodeVehicleLogin(login2025);
    expect(r.ok && bytesToHex(r.value)).toBe(bytesToHex(dataOf(LOGIN_2025)));
  });
  it("rejects a body cut inside the pack counts", () => {
    const data = dataOf(LOGIN_2025).slice(0, 30);
    expect(decodeVehicleLogin(data, 2025)).toMatchObject({
      ok: false,
      error: { message: "车辆登入数据单元应为31字节，实际为30字节" },
    });
  });
  it("rejects a body whose serials do not fill the counts", () => {
    const data = dataOf(LOGIN_2025).slice(0, -1);
    expect(decodeVehicleLogin(data, 2025)).toMatchObject({ ok: false, error: { code: "length-mismatch" } });
  });
  it("rejects a pack serial with a non-ASCII byte", () => {
    const data = dataOf(LOGIN_2025);
    data[data.length - 1] = 0xff;
    expect(decodeVehicleLogin(data, 2025)).toMatchObject({
      ok: false,
      error: { code: "bad-ascii", message: "第2个BMS的第2个电池包编码含非ASCII可见字符" },
    });
  });
  it.each([
    ["251 BMS", { packSerials: Array.from({ length: 251 }, () => []) }, "bad-count"],
    ["256 packs in one BMS", { packSerials: [Array(256).fill("A".repeat(24))] }, "bad-count"],
    ["a 23-character pack serial", { packSerials: [["A".repeat(23)]] }, "bad-ascii"],
  ])("refuses to write %s", (_name, change, code) => {
    expect(encodeVehicleLogin({ ...login2025, ...change })).toMatchObject({ ok: false, error: { code } });
  });
});

const ascii = (length: number) =>
  fc.string({
    unit: fc.integer({ min: 0x21, max: 0x7e }).map((c) => String.fromCharCode(c)),
    minLength: length,
    maxLength: length,
  });
describe("login round trip", () => {
  const common = {
    collectedAt: fc
      .integer({ min: Date.UTC(1999, 11, 31, 16) / 1000, max: Date.UTC(2099, 11, 31, 15, 59, 59) / 1000 })
      .map((s) => s * 1000),
    serial: fc.integer({ min: 0, max: 0xffff }),
    iccid: fc.stringMatching(/^[0-9]{19,20}$/),
  };
  it("2016: decode(encode(x)) = x", () => {
    const body = fc.integer({ min: 0, max: 50 }).chain((m) =>
      fc.record({
        edition: fc.constant(2016 as const),
        ...common,
        codeLength: fc.constant(m),
        subsystemCodes: fc.array(ascii(m), { maxLength: 5 }),
      }),
    );
    fc.assert(
      fc.property(body, (b) => {
        const bytes = encodeVehicleLogin(b);
        expect(bytes.ok && decodeVehicleLogin(bytes.value, 2016)).toEqual({ ok: true, value: b });
      }),
    );
  });
  it("2025: decode(encode(x)) = x", () => {
    const body = fc.record({
      edition: fc.constant(2025 as const),
      ...common,
      packSerials: fc.array(fc.array(ascii(24), { maxLength: 3 }), { maxLength: 4 }),
    });
    fc.assert(
      fc.property(body, (b) => {
        const bytes = encodeVehicleLogin(b);
        expect(bytes.ok && decodeVehicleLogin(bytes.value, 2025)).toEqual({ ok: true, value: b });
      }),
    );
  });
});
