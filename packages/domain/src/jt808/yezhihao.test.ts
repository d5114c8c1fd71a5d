import { describe, expect, it } from "vitest";
import { decodeJt808Message, encodeJt808Message, type Jt808Message } from "./message";
import {
  h,
  YZ_AUTHENTICATION_2013,
  YZ_AUTHENTICATION_2019,
  YZ_BATCH_2019,
  YZ_HEARTBEAT_2013,
  YZ_HEARTBEAT_2019,
  YZ_LOCATION_2019,
  YZ_PLATFORM_RESPONSE_2013,
  YZ_PLATFORM_RESPONSE_2019,
  YZ_REGISTER_2013,
  YZ_REGISTER_2019,
  YZ_REGISTER_RESPONSE_2019,
  YZ_TERMINAL_RESPONSE_2019,
} from "./testFrames";

function message(hex: string): Jt808Message {
  const r = decodeJt808Message(h(hex));
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

const TOKEN = "pmYGzGukO8K4Z5lpIOTg8dqb3eprYaHBbXSPLtdbyG8=";
const HEADER_2019 = { edition: 2019, protocolVersion: 1, phone: "12345678901234567890", serial: 65535 };
const LOCATION_BASE = {
  alarm: 0x400,
  status: 0x800,
  latitude: 116307629,
  longitude: 40058359,
  altitude: 312,
  speed: 3,
  direction: 99,
  time: Date.UTC(2020, 6, 7, 11, 23, 59),
};

describe("frames of yezhihao/jt808-server, decoded as its JSON records them", () => {
  it("0x8001 in 2013 and 2019, 0x0001 in 2019", () => {
    const response = { kind: "platformResponse", response: { serial: 123, messageId: 456, result: 3 } };
    expect(message(YZ_PLATFORM_RESPONSE_2013)).toEqual({
      header: { messageId: 0x8001, edition: 2013, encryption: 0, phone: "123456789012", serial: 1 },
      body: response,
    });
    expect(message(YZ_PLATFORM_RESPONSE_2019)).toEqual({
      header: { messageId: 0x8001, encryption: 0, ...HEADER_2019 },
      body: response,
    });
    expect(message(YZ_TERMINAL_RESPONSE_2019)).toMatchObject({
      header: { phone: "00000000017299841738" },
      body: { kind: "terminalResponse", response: { serial: 123, messageId: 456, result: 3 } },
    });
  });
  it("0x0002 in 2013 and 2019", () => {
    expect(message(YZ_HEARTBEAT_2013).body).toEqual({ kind: "heartbeat" });
    expect(message(YZ_HEARTBEAT_2019)).toMatchObject({ header: HEADER_2019, body: { kind: "heartbeat" } });
  });
  it("0x0100 in 2013 and 2019 (NUL padding; 测 is no plate character, kept in the bytes)", () => {
    const register = {
      province: 31,
      city: 115,
      maker: "yzh",
      model: "www.jtt808.cn",
      plateColor: 1,
      plate: "\uFFFDA888888",
      plateGbk: h("b2e241383838383838"),
    };
    expect(message(YZ_REGISTER_2013).body).toEqual({
      kind: "register",
      register: { ...register, terminalId: "7654321" },
    });
    expect(message(YZ_REGISTER_2019)).toMatchObject({
      header: HEADER_2019,
      body: { kind: "register", register: { ...register, terminalId: "09876543210987654321" } },
    });
  });
  it("0x0102 in 2013 (token only) and 2019 (token, IMEI, software version)", () => {
    expect(message(YZ_AUTHENTICATION_2013).body).toEqual({
      kind: "authentication",
      authentication: { authCode: TOKEN },
    });
    expect(message(YZ_AUTHENTICATION_2019)).toMatchObject({
      header: HEADER_2019,
      body: {
        kind: "authentication",
        authentication: { authCode: TOKEN, imei: "123456789012345", softwareVersion: "www.jtt808.cn" },
      },
    });
  });
  it("0x8100 in 2019", () => {
    expect(message(YZ_REGISTER_RESPONSE_2019).body).toEqual({
      kind: "registerResponse",
      response: { serial: 0x970c, result: 0, authCode: "chwD0SE1f".repeat(3) },
    });
  });
  it("0x0200 in 2019: every item this codec knows, the others raw", () => {
    expect(message(YZ_LOCATION_2019).body).toEqual({
      kind: "location",
      location: {
        ...LOCATION_BASE,
        items: [
          { kind: "mileage", value: 11 },
          { kind: "fuel", value: 22 },
          { kind: "recorderSpeed", value: 33 },
          { kind: "alarmEventId", value: 44 },
          { kind: "raw", id: 0x05, data: Uint8Array.of(0x37, 0x37, 0x37, ...new Uint8Array(27)) },
          { kind: "raw", id: 0x11, data: h("4200000042") },
          { kind: "raw", id: 0x12, data: h("4d0000004d4d") },
          { kind: "raw", id: 0x13, data: h("00000058005858") },
          { kind: "extendedSignals", value: 99 },
          { kind: "io", value: 10 },
          { kind: "analog", value: 20 },
          { kind: "signalStrength", value: 30 },
          { kind: "satellites", value: 40 },
        ],
      },
    });
  });
  it("0x0704 in 2019: three re-sent locations", () => {
    const one = { ...LOCATION_BASE, items: [] };
    expect(message(YZ_BATCH_2019).body).toEqual({
      kind: "batchLocation",
      batch: { type: 1, locations: [one, one, one] },
    });
  });
  it.each([
    YZ_PLATFORM_RESPONSE_2013,
    YZ_PLATFORM_RESPONSE_2019,
    YZ_TERMINAL_RESPONSE_2019,
    YZ_HEARTBEAT_2013,
    YZ_HEARTBEAT_2019,
    YZ_REGISTER_2013,
    YZ_REGISTER_2019,
    YZ_AUTHENTICATION_2013,
    YZ_AUTHENTICATION_2019,
    YZ_REGISTER_RESPONSE_2019,
    YZ_LOCATION_2019,
    YZ_BATCH_2019,
  ])("re-encodes %s byte for byte", (hex) => {
    const { header, body } = message(hex);
    expect(encodeJt808Message(header, body)).toEqual({ ok: true, value: h(hex) });
  });
});
