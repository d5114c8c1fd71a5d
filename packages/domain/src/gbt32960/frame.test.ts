import * as fc from "fast-check";
import { describe, expect, it } from "vitest";
import { bcc } from "./bcc";
import { decodeFrame, encodeFrame, type Gbt32960Frame } from "./frame";
import { bytesToHex, hexToBytes } from "./hex";
import { LOGIN_2016, LOGIN_2025 } from "./testFrames";

function bytesOf(hex: string): Uint8Array {
  const r = hexToBytes(hex);
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

/** Rewrites the check code after a deliberate change, so only the changed field is wrong. */
function withFreshBcc(bytes: Uint8Array): Uint8Array {
  const copy = bytes.slice();
  copy[copy.length - 1] = bcc(copy, 2, copy.length - 1);
  return copy;
}

describe("decoding a frame", () => {
  it("reads a 2016 frame starting with ##", () => {
    const r = decodeFrame(LOGIN_2016);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.value).toMatchObject({
      edition: 2016,
      command: 0x01,
      responseFlag: 0xfe,
      vin: "LSVAU2180N2183294",
      encryption: 0x01,
    });
    expect(r.value.data.length).toBe(32);
  });
  it("reads a 2025 frame starting with $$", () => {
    const r = decodeFrame(bytesOf(LOGIN_2025));
    expect(r.ok && r.value.edition).toBe(2025);
    expect(r.ok && r.value.data.length).toBe(0x67);
  });
  it("passes on hex errors", () => {
    expect(decodeFrame("xyz")).toMatchObject({ ok: false, error: { code: "hex-invalid-character" } });
  });
  it("rejects anything shorter than header plus check code (25 bytes)", () => {
    expect(decodeFrame(LOGIN_2016.slice(0, 48))).toEqual({
      ok: false,
      error: { code: "frame-too-short", message: "报文长度24字节，不足最短的25字节" },
    });
  });
  it("rejects a start marker that is neither ## nor $$, and a mixed #$", () => {
    expect(decodeFrame(`2324${LOGIN_2016.slice(4)}`)).toMatchObject({
      ok: false,
      error: { code: "bad-start", offset: 0 },
    });
    expect(decodeFrame(`7E7E${LOGIN_2016.slice(4)}`)).toMatchObject({
      ok: false,
      error: { code: "bad-start", message: "起始符应为“##”（2016版）或“$$”（2025版），实际为0x7E 0x7E" },
    });
  });
  it("rejects a response flag the edition does not define (0x05 is 2025 only)", () => {
    const b = bytesOf(LOGIN_2016);
    b[3] = 0x05;
    expect(decodeFrame(withFreshBcc(b))).toMatchObject({ ok: false, error: { code: "bad-response-flag", offset: 3 } });
    const c = bytesOf(LOGIN_2025);
    c[3] = 0x05;
    expect(decodeFrame(withFreshBcc(c)).ok).toBe(true);
  });
  it("rejects a VIN with a non-printable byte", () => {
    const b = bytesOf(LOGIN_2016);
    b[10] = 0x00;
    expect(decodeFrame(withFreshBcc(b))).toMatchObject({ ok: false, error: { code: "bad-vin", offset: 4 } });
  });
  it("rejects an encryption the edition does not define (SM2 0x04 is 2025 only)", () => {
    const b = bytesOf(LOGIN_2016);
    b[21] = 0x04;
    expect(decodeFrame(withFreshBcc(b))).toMatchObject({
      ok: false,
      error: { code: "bad-encryption", message: "加密方式0x04不是2016版定义的值", offset: 21 },
    });
  });
  it("rejects a length field that disagrees with the bytes present", () => {
    expect(decodeFrame(`${LOGIN_2016}00`)).toMatchObject({
      ok: false,
      error: { code: "length-mismatch", message: "数据单元长度字段为32，报文应为57字节，实际为58字节", offset: 22 },
    });
    expect(decodeFrame(LOGIN_2016.slice(0, -4))).toMatchObject({ ok: false, error: { code: "length-mismatch" } });
  });
  it("rejects a wrong check code and says both values", () => {
    expect(decodeFrame(`${LOGIN_2016.slice(0, -2)}E9`)).toEqual({
      ok: false,
      error: { code: "bcc-mismatch", message: "校验码错误：报文为0xE9，计算值为0xE8", offset: 56 },
    });
  });
});

describe("encoding a frame", () => {
  const base: Gbt32960Frame = {
    edition: 2016,
    command: 0x04,
    responseFlag: 0xfe,
    vin: "LSVAU2180N2183294",
    encryption: 0x01,
    data: Uint8Array.of(0x18, 0x03, 0x05, 0x12, 0x00, 0x00, 0x00, 0x01),
  };
  it("writes the independent reference bytes exactly", () => {
    const r = encodeFrame(base);
    expect(r.ok && bytesToHex(r.value)).toBe("232304FE4C53564155323138304E323138333239340100081803051200000001D1");
  });
  it.each([
    ["a 16-character VIN", { vin: "LSVAU2180N218329" }, "bad-vin"],
    ["an 18-character VIN", { vin: "LSVAU2180N21832940" }, "bad-vin"],
    ["a VIN with Chinese", { vin: "LSVAU2180N218329中" }, "bad-vin"],
    ["a command above 255", { command: 256 }, "bad-number"],
    ["a fractional command", { command: 1.5 }, "bad-number"],
    ["a response flag outside a byte", { responseFlag: -1 }, "bad-response-flag"],
    ["a response flag 2016 lacks", { responseFlag: 0x06 }, "bad-response-flag"],
    ["an encryption outside a byte", { encryption: 300 }, "bad-encryption"],
    ["an encryption 2016 lacks", { encryption: 0x05 }, "bad-encryption"],
    ["a data unit over 65535 bytes", { data: new Uint8Array(65536) }, "bad-length"],
  ])("refuses %s", (_name, change, code) => {
    expect(encodeFrame({ ...base, ...change })).toMatchObject({ ok: false, error: { code } });
  });
  it("writes a 65535-byte data unit, the largest the length field holds", () => {
    const r = encodeFrame({ ...base, data: new Uint8Array(65535) });
    expect(r.ok && r.value.length).toBe(24 + 65535 + 1);
  });
});

describe("round trip", () => {
  it("decode(encode(frame)) = frame for any valid frame", () => {
    const frame = fc.record({
      edition: fc.constantFrom(2016 as const, 2025 as const),
      command: fc.integer({ min: 0, max: 255 }),
      responseFlag: fc.constantFrom(0x01, 0x02, 0x03, 0x04, 0xfe),
      vin: fc.string({
        unit: fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c)),
        minLength: 17,
        maxLength: 17,
      }),
      encryption: fc.constantFrom(0x01, 0x02, 0x03, 0xfe, 0xff),
      data: fc.uint8Array({ maxLength: 300 }),
    });
    fc.assert(
      fc.property(frame, (f) => {
        const bytes = encodeFrame(f);
        if (!bytes.ok) return false;
        const back = decodeFrame(bytesToHex(bytes.value));
        expect(back).toEqual({ ok: true, value: f });
        return true;
      }),
    );
  });
});
