import { describe, expect, it } from "vitest";
import { encodeJt808Frame } from "./frame";
import {
  decodeJt808Body,
  decodeJt808Message,
  encodeJt808Body,
  encodeJt808Message,
  type Jt808Body,
  type Jt808Message,
} from "./message";
import {
  AUTHENTICATION_2013,
  BATCH_LOCATION,
  HEARTBEAT,
  h,
  LOCATION_DEMO,
  PACKAGE_2_OF_2,
  PLATFORM_RESPONSE,
  REGISTER_2013,
  REGISTER_2019,
  REGISTER_2019_KOIKE,
  REGISTER_RESPONSE_OK,
  REGISTER_RESPONSE_REFUSED,
  TERMINAL_RESPONSE,
} from "./testFrames";

function message(hex: string): Jt808Message {
  const r = decodeJt808Message(h(hex));
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

/** Decoding then encoding a SmallChi frame gives its bytes again. */
function reencodes(hex: string): void {
  const { header, body } = message(hex);
  expect(encodeJt808Message(header, body)).toEqual({ ok: true, value: h(hex) });
}

describe("messages of SmallChi/JT808, decoded as that library asserts and re-encoded byte for byte", () => {
  it("0x0100 register 2013 (JT808_0x0100Test.cs Test1_1)", () => {
    expect(message(REGISTER_2013).body).toEqual({
      kind: "register",
      register: {
        province: 40,
        city: 50,
        maker: "12340",
        model: "smallchi123000000000",
        terminalId: "CHI1230",
        plateColor: 1,
        plate: "粤A12345",
        plateGbk: h("D4 C1 41 31 32 33 34 35"),
      },
    });
    reencodes(REGISTER_2013);
  });
  it("0x0100 register 2019 (Test2019_2, Test2019_4_2)", () => {
    expect(message(REGISTER_2019).body).toEqual({
      kind: "register",
      register: {
        province: 40,
        city: 50,
        maker: "00000001234",
        model: "smallchi123".padStart(30, "0"),
        terminalId: "CHI123".padStart(30, "0"),
        plateColor: 1,
        plate: "粤A12345",
        plateGbk: h("D4 C1 41 31 32 33 34 35"),
      },
    });
    const koike = message(REGISTER_2019_KOIKE);
    expect(koike.header).toMatchObject({ phone: "00000000022222222222", protocolVersion: 1 });
    expect(koike.body).toMatchObject({ register: { province: 0, city: 0, plateColor: 2, plate: "粤A12346" } });
    reencodes(REGISTER_2019);
    reencodes(REGISTER_2019_KOIKE);
  });
  it("0x0102 authentication 2013 (JT808_0x0102Test.cs Test4)", () => {
    const m = message(AUTHENTICATION_2013);
    expect(m.header).toMatchObject({ phone: "012345678900", serial: 12345 });
    expect(m.body).toEqual({ kind: "authentication", authentication: { authCode: "456121111" } });
    reencodes(AUTHENTICATION_2013);
  });
  it("0x0200 location and 0x0704 batch (JT808_0x0200Test.cs Demo2, JT808_0x0704Test.cs Test2)", () => {
    expect(message(LOCATION_DEMO).body).toMatchObject({
      kind: "location",
      location: { latitude: 12222222, speed: 60 },
    });
    expect(message(BATCH_LOCATION).body).toMatchObject({ kind: "batchLocation", batch: { type: 0 } });
    reencodes(LOCATION_DEMO);
    reencodes(BATCH_LOCATION);
  });
  it("0x0002 heartbeat (JT808_0x0002Test.cs)", () => {
    expect(message(HEARTBEAT).body).toEqual({ kind: "heartbeat" });
    reencodes(HEARTBEAT);
  });
  it("0x8001 platform and 0x0001 terminal general responses", () => {
    expect(message(PLATFORM_RESPONSE).body).toEqual({
      kind: "platformResponse",
      response: { serial: 100, messageId: 0x0200, result: 0 },
    });
    expect(message(TERMINAL_RESPONSE)).toMatchObject({
      header: { serial: 1203 },
      body: { kind: "terminalResponse", response: { serial: 1000, messageId: 0x0002, result: 0 } },
    });
    reencodes(PLATFORM_RESPONSE);
    reencodes(TERMINAL_RESPONSE);
  });
  it("0x8100 register response with and without a code", () => {
    expect(message(REGISTER_RESPONSE_OK).body).toEqual({
      kind: "registerResponse",
      response: { serial: 100, result: 0, authCode: "123456" },
    });
    expect(message(REGISTER_RESPONSE_REFUSED).body).toEqual({
      kind: "registerResponse",
      response: { serial: 100, result: 4 },
    });
    reencodes(REGISTER_RESPONSE_OK);
    reencodes(REGISTER_RESPONSE_REFUSED);
  });
});

describe("0x0102 authentication 2019 (layout of JT/T 808-2019 §8.5; no public frame found)", () => {
  const auth = { authCode: "AUTH01", imei: "861234567890123", softwareVersion: "V1.2.3" };
  it("length-prefixed code, IMEI[15], version[20] padded with zeros; round-trips", () => {
    const r = encodeJt808Body({ kind: "authentication", authentication: auth }, 2019);
    expect(r.ok && Array.from(r.value.body.subarray(0, 7))).toEqual([6, 0x41, 0x55, 0x54, 0x48, 0x30, 0x31]);
    expect(r.ok && r.value.body.length).toBe(1 + 6 + 15 + 20);
    expect(r.ok && decodeJt808Body(0x0102, 2019, r.value.body)).toEqual({
      ok: true,
      value: { kind: "authentication", authentication: auth },
    });
    const blank = encodeJt808Body({ kind: "authentication", authentication: { authCode: "" } }, 2019);
    expect(blank.ok && decodeJt808Body(0x0102, 2019, blank.value.body)).toEqual({
      ok: true,
      value: { kind: "authentication", authentication: { authCode: "", imei: "", softwareVersion: "" } },
    });
  });
  it("refuses cut fields, bad text, trailing bytes", () => {
    const r = encodeJt808Body({ kind: "authentication", authentication: auth }, 2019);
    const body = r.ok ? r.value.body : new Uint8Array(0);
    expect(decodeJt808Body(0x0102, 2019, new Uint8Array(0))).toMatchObject({ ok: false, error: { code: "truncated" } });
    expect(decodeJt808Body(0x0102, 2019, body.subarray(0, 30))).toMatchObject({
      ok: false,
      error: { code: "truncated" },
    });
    const bad = body.slice();
    bad[8] = 0x01;
    expect(decodeJt808Body(0x0102, 2019, bad)).toMatchObject({ ok: false, error: { code: "bad-text", offset: 7 } });
    expect(decodeJt808Body(0x0102, 2019, Uint8Array.of(...body, 0))).toMatchObject({
      ok: false,
      error: { code: "length-mismatch" },
    });
    expect(decodeJt808Body(0x0102, 2013, Uint8Array.of(0x01))).toMatchObject({
      ok: false,
      error: { code: "bad-text" },
    });
  });
  it("refuses to encode a code over 255 bytes, a bad IMEI or version, a bad code", () => {
    const enc = (a: typeof auth, edition: 2013 | 2019 = 2019) =>
      encodeJt808Body({ kind: "authentication", authentication: a }, edition).ok;
    expect(enc({ ...auth, authCode: "x".repeat(256) })).toBe(false);
    expect(enc({ ...auth, imei: "1".repeat(16) })).toBe(false);
    expect(enc({ ...auth, softwareVersion: "v".repeat(21) })).toBe(false);
    expect(enc({ ...auth, authCode: "码" }, 2013)).toBe(false);
  });
});

function encodeRegisterResponse(response: { serial: number; result: number; authCode?: string }) {
  return encodeJt808Body({ kind: "registerResponse", response }, 2013);
}

describe("0x0100 register and 0x8100 response errors", () => {
  const register = {
    province: 44,
    city: 300,
    maker: "MK001",
    model: "T1",
    terminalId: "ID00001",
    plateColor: 0,
    plate: "LSVAU2180N2183294",
  };
  it("2013 round-trip, NUL padding dropped", () => {
    const r = encodeJt808Body({ kind: "register", register }, 2013);
    expect(r.ok && r.value.body.length).toBe(4 + 5 + 20 + 7 + 1 + 17);
    expect(r.ok && decodeJt808Body(0x0100, 2013, r.value.body)).toEqual({
      ok: true,
      value: { kind: "register", register: { ...register, plateGbk: h("4C53564155323138304E32313833323934") } },
    });
  });
  it("refuses cut or bad fields", () => {
    const r = encodeJt808Body({ kind: "register", register }, 2013);
    const body = r.ok ? r.value.body : new Uint8Array(0);
    expect(decodeJt808Body(0x0100, 2013, body.subarray(0, 3))).toMatchObject({
      ok: false,
      error: { code: "truncated" },
    });
    expect(decodeJt808Body(0x0100, 2013, body.subarray(0, 20))).toMatchObject({
      ok: false,
      error: { code: "truncated" },
    });
    expect(decodeJt808Body(0x0100, 2013, body.subarray(0, 36))).toMatchObject({
      ok: false,
      error: { code: "truncated" },
    });
    const badModel = body.slice();
    badModel[9] = 0x90;
    expect(decodeJt808Body(0x0100, 2013, badModel)).toMatchObject({
      ok: false,
      error: { code: "bad-text", offset: 9 },
    });
  });
  it("refuses to encode bad numbers, text or plate", () => {
    const enc = (r: typeof register) => encodeJt808Body({ kind: "register", register: r }, 2019).ok;
    expect(enc({ ...register, province: -1 })).toBe(false);
    expect(enc({ ...register, city: 0x10000 })).toBe(false);
    expect(enc({ ...register, plateColor: 256 })).toBe(false);
    expect(enc({ ...register, maker: "M".repeat(12) })).toBe(false);
    expect(enc({ ...register, plate: "啊" })).toBe(false);
  });
  it("0x8100: cut, a code after a refusal, a bad code; encoding checks", () => {
    expect(decodeJt808Body(0x8100, 2013, h("00 01"))).toMatchObject({ ok: false, error: { code: "truncated" } });
    expect(decodeJt808Body(0x8100, 2013, h("00 01 02 31"))).toMatchObject({
      ok: false,
      error: { code: "length-mismatch" },
    });
    expect(decodeJt808Body(0x8100, 2013, h("00 01 00 01"))).toMatchObject({
      ok: false,
      error: { code: "bad-text", offset: 3 },
    });
    expect(encodeRegisterResponse({ serial: 1, result: 0 })).toEqual({
      ok: true,
      value: { messageId: 0x8100, body: h("00 01 00") },
    });
    expect(encodeRegisterResponse({ serial: 1, result: 2, authCode: "ignored" })).toEqual({
      ok: true,
      value: { messageId: 0x8100, body: h("00 01 02") },
    });
    expect(encodeRegisterResponse({ serial: 0x10000, result: 0 }).ok).toBe(false);
    expect(encodeRegisterResponse({ serial: 1, result: 0, authCode: "码" }).ok).toBe(false);
  });
});

describe("dispatch and whole-message errors", () => {
  it("an unknown id, a heartbeat with a body, a response of the wrong length", () => {
    expect(decodeJt808Body(0x0900, 2013, new Uint8Array(0))).toMatchObject({
      ok: false,
      error: { code: "unknown-message", message: "不支持的消息ID 0x0900" },
    });
    expect(decodeJt808Body(0x0002, 2013, Uint8Array.of(0))).toMatchObject({
      ok: false,
      error: { code: "length-mismatch" },
    });
    expect(decodeJt808Body(0x8001, 2013, Uint8Array.of(0))).toMatchObject({
      ok: false,
      error: { code: "length-mismatch" },
    });
    expect(decodeJt808Body(0x0200, 2013, Uint8Array.of(0))).toMatchObject({ ok: false, error: { code: "truncated" } });
    expect(decodeJt808Body(0x0704, 2013, Uint8Array.of(0))).toMatchObject({ ok: false, error: { code: "truncated" } });
  });
  it("a bad frame, a sub-package, a body that does not decode", () => {
    expect(decodeJt808Message(h("7E 00"))).toMatchObject({ ok: false, error: { code: "bad-delimiter" } });
    expect(decodeJt808Message(h(PACKAGE_2_OF_2))).toMatchObject({
      ok: false,
      error: { code: "bad-package", message: "第2/2包是分包，需合包后再解析" },
    });
    const frame = encodeJt808Frame({
      header: { messageId: 0x0900, edition: 2013, encryption: 0, phone: "1", serial: 1 },
      body: new Uint8Array(0),
    });
    expect(frame.ok && decodeJt808Message(frame.value)).toMatchObject({
      ok: false,
      error: { code: "unknown-message" },
    });
  });
  it("encodes every kind it decodes, and passes on body errors", () => {
    const header = { edition: 2013 as const, encryption: 0, phone: "13800000000", serial: 5 };
    const bodies: Jt808Body[] = [
      { kind: "heartbeat" },
      { kind: "terminalResponse", response: { serial: 1, messageId: 0x8103, result: 3 } },
      { kind: "batchLocation", batch: { type: 1, locations: [] } },
    ];
    for (const body of bodies) {
      const bytes = encodeJt808Message(header, body);
      expect(bytes.ok && decodeJt808Message(bytes.value)).toMatchObject({ ok: true, value: { body } });
    }
    expect(
      encodeJt808Message(header, { kind: "platformResponse", response: { serial: 1, messageId: 1, result: 256 } }),
    ).toMatchObject({ ok: false, error: { code: "bad-number" } });
  });
});
