import { describe, expect, it } from "vitest";
import { bytesToHex, hexToBytes as hexResult } from "../../gbt32960/hex";
import {
  decodeJt808ParamAnswer,
  decodeJt808ParamQuery,
  decodeJt808ParamSet,
  encodeJt808ParamAnswer,
  encodeJt808ParamQuery,
  encodeJt808ParamSet,
  hexId,
} from "./terminalParams";

// SmallChi/JT808 src/JT808.Protocol.Test/MessageBody/JT808_0x0104Test.cs Test2: the frame
// 7E0104 0022 000123456789 000A | body | DD7E — answer to serial 20, 0x0001 = 10 (DWORD),
// 0x0013 = "www.baidu.com".
const ANSWER_BODY = "00140200000001040000000A000000130D7777772E62616964752E636F6D";
// JT808_0x8106Test Test1: ids 0x0001 and 0x0002.
const QUERY_BODY = "020000000100000002";
const ascii = (s: string) => Uint8Array.from(s, (c) => c.charCodeAt(0));
const hexToBytes = (hex: string): Uint8Array => {
  const r = hexResult(hex);
  if (!r.ok) throw new Error(hex);
  return r.value;
};

describe("0x0104 查询终端参数应答", () => {
  it("reads SmallChi's body: serial 20, 0x0001 = 10, 0x0013 = www.baidu.com", () => {
    const r = decodeJt808ParamAnswer(hexToBytes(ANSWER_BODY));
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.value.serial).toBe(20);
    expect(r.value.items.map((i) => [i.id, bytesToHex(i.value)])).toEqual([
      [0x0001, "0000000A"],
      [0x0013, bytesToHex(ascii("www.baidu.com"))],
    ]);
  });
  it("writes it back byte for byte", () => {
    const r = encodeJt808ParamAnswer({
      serial: 20,
      items: [
        { id: 0x0001, value: Uint8Array.of(0, 0, 0, 10) },
        { id: 0x0013, value: ascii("www.baidu.com") },
      ],
    });
    expect(r.ok && bytesToHex(r.value)).toBe(ANSWER_BODY);
  });
  it("refuses a truncated body, extra bytes and a bad serial", () => {
    expect(decodeJt808ParamAnswer(Uint8Array.of(0)).ok).toBe(false);
    expect(decodeJt808ParamAnswer(hexToBytes(ANSWER_BODY.slice(0, -2)))).toMatchObject({
      ok: false,
      error: { code: "truncated" },
    });
    expect(decodeJt808ParamAnswer(hexToBytes(`${ANSWER_BODY}00`))).toMatchObject({
      ok: false,
      error: { code: "length-mismatch" },
    });
    expect(decodeJt808ParamAnswer(hexToBytes("0014")).ok).toBe(false);
    expect(decodeJt808ParamAnswer(hexToBytes("001401")).ok).toBe(false);
    expect(decodeJt808ParamAnswer(hexToBytes("00140100000001")).ok).toBe(false);
    expect(encodeJt808ParamAnswer({ serial: 70_000, items: [] }).ok).toBe(false);
    expect(encodeJt808ParamAnswer({ serial: 1, items: [{ id: -1, value: new Uint8Array(0) }] }).ok).toBe(false);
  });
});

describe("0x8103 设置终端参数", () => {
  it("writes count · {id, length, value} and reads it back", () => {
    const items = [{ id: 0x0001, value: Uint8Array.of(0, 0, 0, 10) }];
    const r = encodeJt808ParamSet(items);
    expect(r.ok && bytesToHex(r.value)).toBe("0100000001040000000A");
    const back = decodeJt808ParamSet(hexToBytes("0100000001040000000A"));
    expect(back.ok && back.value.map((i) => [i.id, bytesToHex(i.value)])).toEqual([[1, "0000000A"]]);
  });
  it("refuses no item, 256 items, a value over 255 bytes, an id over a DWORD", () => {
    expect(encodeJt808ParamSet([])).toMatchObject({ ok: false, error: { message: "设置终端参数至少需要1个参数" } });
    const one = { id: 1, value: Uint8Array.of(1) };
    expect(encodeJt808ParamSet(Array.from({ length: 256 }, () => one)).ok).toBe(false);
    expect(encodeJt808ParamSet([{ id: 0x75, value: new Uint8Array(256) }])).toMatchObject({
      ok: false,
      error: { message: "参数0x0075的长度为BYTE，最多255字节，实际为256字节" },
    });
    expect(encodeJt808ParamSet([{ id: 2 ** 32, value: Uint8Array.of(1) }]).ok).toBe(false);
  });
});

describe("0x8106 / 0x8104 查询终端参数", () => {
  it("writes SmallChi's 0x8106 body and reads it", () => {
    const r = encodeJt808ParamQuery([1, 2]);
    expect(r.ok && bytesToHex(r.value)).toBe(QUERY_BODY);
    expect(decodeJt808ParamQuery(hexToBytes(QUERY_BODY))).toEqual({ ok: true, value: [1, 2] });
  });
  it("reads 0x8104's empty body as every parameter", () => {
    expect(decodeJt808ParamQuery(new Uint8Array(0))).toEqual({ ok: true, value: [] });
  });
  it("refuses a body whose length disagrees with its count, no ids, and a bad id", () => {
    expect(decodeJt808ParamQuery(hexToBytes("0200000001")).ok).toBe(false);
    expect(encodeJt808ParamQuery([]).ok).toBe(false);
    expect(encodeJt808ParamQuery([1.5]).ok).toBe(false);
  });
  it("names ids as four hex digits", () => {
    expect(hexId(0x75)).toBe("0075");
    expect(hexId(0xf364)).toBe("F364");
  });
});
