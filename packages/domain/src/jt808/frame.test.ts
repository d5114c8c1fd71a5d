import { describe, expect, it } from "vitest";
import { jt808CheckCode } from "./bytes";
import { jt808Escape } from "./escape";
import { decodeJt808Frame, encodeJt808Frame, type Jt808Frame } from "./frame";
import { HEARTBEAT, HEARTBEAT_ESCAPED_CHECK, h, LOCATION_DEMO, PACKAGE_2_OF_2, REGISTER_2019 } from "./testFrames";

/** Wraps header+body bytes (unescaped) into a frame with a correct check code. */
function wrap(plain: number[]): Uint8Array {
  const bytes = Uint8Array.from(plain);
  return Uint8Array.of(0x7e, ...jt808Escape(Uint8Array.of(...bytes, jt808CheckCode(bytes))), 0x7e);
}

function decoded(hex: string): Jt808Frame {
  const r = decodeJt808Frame(h(hex));
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

describe("JT/T 808 frames of SmallChi/JT808", () => {
  it("2013 header: id, phone with its leading zero, serial (escaped 0x7E serial undone)", () => {
    const f = decoded(LOCATION_DEMO);
    expect(f.header).toEqual({ messageId: 0x0200, edition: 2013, encryption: 0, phone: "123456789012", serial: 126 });
    expect(f.body).toHaveLength(38);
    expect(decoded(HEARTBEAT).header).toEqual({
      messageId: 0x0002,
      edition: 2013,
      encryption: 0,
      phone: "012345678900",
      serial: 10,
    });
  });
  it("a check code of 0x7E arrives escaped", () => {
    expect(decoded(HEARTBEAT_ESCAPED_CHECK).header).toMatchObject({ phone: "040021679287", serial: 43 });
  });
  it("2019 header: version flag, protocol version 1, 20-digit phone", () => {
    const f = decoded(REGISTER_2019);
    expect(f.header).toEqual({
      messageId: 0x0100,
      edition: 2019,
      protocolVersion: 1,
      encryption: 0,
      phone: "00000000000123456789",
      serial: 10,
    });
    expect(f.body).toHaveLength(84);
  });
  it("sub-package header: total and index after the serial", () => {
    expect(decoded(PACKAGE_2_OF_2).header).toEqual({
      messageId: 0x1205,
      edition: 2013,
      encryption: 0,
      phone: "040666575062",
      serial: 0xec,
      package: { total: 2, index: 2 },
    });
  });
  it.each([LOCATION_DEMO, HEARTBEAT, HEARTBEAT_ESCAPED_CHECK, REGISTER_2019, PACKAGE_2_OF_2])(
    "re-encodes %s byte for byte",
    (hex) => {
      expect(encodeJt808Frame(decoded(hex))).toEqual({ ok: true, value: h(hex) });
    },
  );
});

function fail(bytes: Uint8Array) {
  const r = decodeJt808Frame(bytes);
  return r.ok ? undefined : r.error;
}

describe("bad frames are error values", () => {
  it("flags missing", () => {
    expect(fail(Uint8Array.of(0x7e))?.code).toBe("bad-delimiter");
    expect(fail(h("00 02 7E"))?.code).toBe("bad-delimiter");
    expect(fail(h("7E 00 02"))?.code).toBe("bad-delimiter");
  });
  it("bad escape, offset in the frame", () => {
    expect(fail(h("7E 00 7D 03 7E"))).toMatchObject({ code: "bad-escape", offset: 2 });
  });
  it("too short for a header and check code", () => {
    expect(fail(h("7E 00 02 00 00 7E"))).toMatchObject({ code: "frame-too-short" });
  });
  it("check code wrong", () => {
    const bytes = h(HEARTBEAT);
    bytes[13] = 0x80;
    expect(fail(bytes)).toMatchObject({ code: "check-code-mismatch", message: "校验码错误：报文为0x80，计算值为0x81" });
  });
  it("length in the attributes differs from the body", () => {
    expect(fail(wrap([0, 2, 0, 1, 1, 2, 3, 4, 5, 6, 0, 1]))).toMatchObject({ code: "length-mismatch" });
  });
  it("2019 header cut in the phone or serial, phone not BCD", () => {
    expect(fail(wrap([0, 2, 0x40, 0, 1, 0, 0, 0, 0, 0, 0, 0]))).toMatchObject({ code: "truncated" });
    expect(fail(wrap([0, 2, 0x40, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]))).toMatchObject({ code: "truncated" });
    expect(fail(wrap([0, 2, 0x40, 0, 1, 0xaa, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]))).toMatchObject({ code: "bad-bcd" });
  });
  it("sub-package fields cut or index outside 1…total", () => {
    const head = [0, 2, 0x20, 0, 1, 2, 3, 4, 5, 6, 0, 1];
    expect(fail(wrap([...head, 0]))).toMatchObject({ code: "truncated" });
    expect(fail(wrap([...head, 0, 2, 0]))).toMatchObject({ code: "truncated" });
    expect(fail(wrap([...head, 0, 2, 0, 3]))).toMatchObject({
      code: "bad-package",
      message: "包序号3不在1至总包数2之间",
    });
    expect(fail(wrap([...head, 0, 2, 0, 0]))).toMatchObject({ code: "bad-package" });
  });
});

describe("encoding", () => {
  const header = { messageId: 0x0002, edition: 2013 as const, encryption: 0, phone: "12345678900", serial: 10 };
  it("pads the phone, sets encryption and the 2019 flag (protocol version 1 when not given)", () => {
    expect(encodeJt808Frame({ header, body: new Uint8Array(0) })).toEqual({ ok: true, value: h(HEARTBEAT) });
    const r = encodeJt808Frame({ header: { ...header, edition: 2019, encryption: 1 }, body: Uint8Array.of(9) });
    expect(r.ok && Array.from(r.value.subarray(1, 6))).toEqual([0, 2, 0x44, 0x01, 0x01]);
  });
  it("refuses what the header cannot carry", () => {
    const body = new Uint8Array(0);
    expect(encodeJt808Frame({ header, body: new Uint8Array(1024) })).toMatchObject({
      ok: false,
      error: { code: "length-mismatch" },
    });
    for (const bad of [
      { messageId: 0x10000 },
      { serial: -1 },
      { encryption: 8 },
      { protocolVersion: 256 },
      { package: { total: 0x10000, index: 1 } },
      { package: { total: 2, index: 0 } },
      { package: { total: 2, index: 3 } },
    ]) {
      expect(encodeJt808Frame({ header: { ...header, ...bad }, body })).toMatchObject({
        ok: false,
        error: { code: "bad-number" },
      });
    }
    expect(encodeJt808Frame({ header: { ...header, phone: "1234567890123" }, body })).toMatchObject({
      ok: false,
      error: { code: "bad-bcd" },
    });
  });
});
