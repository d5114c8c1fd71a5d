import { describe, expect, it } from "vitest";
import { bytesToHex, hexToBytes } from "../hex";
import {
  decodeAnswerTime,
  decodeParamList,
  decodeParamQuery,
  encodeParamList,
  encodeParamQuery,
  encodeParamSet,
} from "./codec";

/** 2026-11-24 16:00:00 in UTC+8: 1A 0B 18 10 00 00. */
const AT = Date.UTC(2026, 10, 24, 8, 0, 0);
const TIME = "1A0B18100000";
const hex = (r: { ok: boolean; value?: Uint8Array }) => (r.ok ? bytesToHex(r.value as Uint8Array) : r);
const bytes = (h: string) => (hexToBytes(h) as { value: Uint8Array }).value;
const errorOf = (r: { ok: boolean; error?: { message: string } }) => (r.ok ? "ok" : r.error?.message);

describe("parameter query 0x80", () => {
  it("writes time · n · ids, the domain's length id just before its text", () => {
    expect(hex(encodeParamQuery({ collectedAt: AT, ids: [0x02, 0x09] }))).toBe(`${TIME}020209`);
    // 05 asked alone: 04 goes with it, before it; 04 asked after 05 is moved before it.
    expect(hex(encodeParamQuery({ collectedAt: AT, ids: [0x05] }))).toBe(`${TIME}020405`);
    expect(hex(encodeParamQuery({ collectedAt: AT, ids: [0x04, 0x01, 0x05] }))).toBe(`${TIME}03010405`);
    expect(hex(encodeParamQuery({ collectedAt: AT, ids: [0x0d, 0x0e, 0x80] }))).toBe(`${TIME}030D0E80`);
    expect(hex(encodeParamQuery({ collectedAt: AT, ids: [0x05, 0x04] }))).toBe(`${TIME}020405`);
  });
  it("refuses no ids, unknown ids, repeats and a bad time", () => {
    expect(errorOf(encodeParamQuery({ collectedAt: AT, ids: [] }))).toBe("请至少选择一个要查询的参数");
    expect(errorOf(encodeParamQuery({ collectedAt: AT, ids: [0x11] }))).toBe("参数ID0x11不是国标定义的参数");
    expect(errorOf(encodeParamQuery({ collectedAt: AT, ids: [2, 2] }))).toBe("查询的参数ID有重复");
    expect(encodeParamQuery({ collectedAt: 0, ids: [2] }).ok).toBe(false);
  });
  it("reads what it writes, and refuses short, miscounted or unknown ids", () => {
    expect(decodeParamQuery(bytes(`${TIME}020209`))).toEqual({ ok: true, value: { collectedAt: AT, ids: [2, 9] } });
    expect(errorOf(decodeParamQuery(bytes(TIME)))).toBe("查询命令数据单元不足7字节");
    expect(errorOf(decodeParamQuery(bytes(`${TIME}0302`)))).toBe("查询命令声明3个参数，实际有1字节");
    expect(decodeParamQuery(bytes(`${TIME}020220`))).toMatchObject({ ok: false, error: { offset: 8 } });
    expect(decodeParamQuery(bytes("1A0D18100000010202")).ok).toBe(false);
  });
});

describe("parameter list (set 0x81, query answer)", () => {
  const all = [
    { id: 0x01, value: 1000 },
    { id: 0x02, value: 30 },
    { id: 0x03, value: 1000 },
    { id: 0x05, value: "tsp.example.cn" },
    { id: 0x06, value: 32960 },
    { id: 0x07, value: "HW1.0" },
    { id: 0x08, value: "FW2" },
    { id: 0x09, value: 60 },
    { id: 0x0a, value: 10 },
    { id: 0x0b, value: 10 },
    { id: 0x0c, value: 30 },
    { id: 0x0e, value: "gb.example.cn" },
    { id: 0x0f, value: 19006 },
    { id: 0x10, value: 2 },
    { id: 0x80, value: "0A1B" },
  ];
  it("writes every standard id byte-exactly: WORD big-endian, BYTE, length then ASCII, versions NUL-padded to 5", () => {
    const r = encodeParamList({ collectedAt: AT, params: all });
    const domain = "74 73 70 2E 65 78 61 6D 70 6C 65 2E 63 6E".replace(/ /g, "");
    const gb = "67 62 2E 65 78 61 6D 70 6C 65 2E 63 6E".replace(/ /g, "");
    expect(hex(r)).toBe(
      `${TIME}11` +
        "0103E8" +
        "02001E" +
        "0303E8" +
        `040E05${domain}` +
        "0680C0" +
        "074857312E30" +
        "084657320000" +
        "093C" +
        "0A000A" +
        "0B000A" +
        "0C1E" +
        `0D0D0E${gb}` +
        "0F4A3E" +
        "1002" +
        "800A1B",
    );
    const back = decodeParamList((r as { value: Uint8Array }).value);
    expect(back.ok && back.value.params).toEqual([
      ...all.slice(0, 3),
      { id: 0x04, value: 14 },
      ...all.slice(3, 11),
      { id: 0x0d, value: 13 },
      ...all.slice(11).map((p) => (p.id === 0x80 ? { id: 0x80, value: "0A1B" } : p)),
    ]);
  });
  it("drops given length entries (written from the text) and refuses what cannot go on the wire", () => {
    expect(
      hex(
        encodeParamList({
          collectedAt: AT,
          params: [
            { id: 4, value: 99 },
            { id: 2, value: 10 },
          ],
        }),
      ),
    ).toBe(`${TIME}0102000A`);
    expect(errorOf(encodeParamList({ collectedAt: AT, params: [{ id: 4, value: 3 }] }))).toBe("请至少填写一个参数");
    expect(errorOf(encodeParamList({ collectedAt: AT, params: [{ id: 0x20, value: 3 }] }))).toBe(
      "参数ID0x20不是国标定义的参数",
    );
    for (const [id, value] of [
      [9, 300],
      [9, "a"],
      [2, 70000],
      [2, 1.5],
      [5, 5],
      [7, "TOOLONG"],
      [5, "中文"],
      [0x80, "XYZ"],
      [0x80, 5],
    ] as const) {
      expect(errorOf(encodeParamList({ collectedAt: AT, params: [{ id, value }] }))).toMatch(/无法写入$/);
    }
    expect(encodeParamList({ collectedAt: -1e15, params: [{ id: 2, value: 1 }] }).ok).toBe(false);
    // Only the set's check refuses repeats; the wire's own limit is n in one byte.
    const more = Array.from({ length: 256 }, () => ({ id: 2, value: 1 }));
    expect(errorOf(encodeParamList({ collectedAt: AT, params: more }))).toBe("一次最多255个参数");
  });
  it("set 0x81 checks each value and repeats before writing", () => {
    expect(hex(encodeParamSet({ collectedAt: AT, params: [{ id: 2, value: 10 }] }))).toBe(`${TIME}0102000A`);
    expect(errorOf(encodeParamSet({ collectedAt: AT, params: [{ id: 2, value: 0 }] }))).toBe(
      "正常时信息上报时间周期应为1–600s的整数",
    );
    expect(errorOf(encodeParamSet({ collectedAt: AT, params: [{ id: 7, value: "HW" }] }))).toBe(
      "硬件版本为只读参数，不能设置",
    );
    expect(
      errorOf(
        encodeParamSet({
          collectedAt: AT,
          params: [
            { id: 2, value: 10 },
            { id: 2, value: 11 },
          ],
        }),
      ),
    ).toBe("设置的参数ID有重复");
  });
  it("reads refusals: short, truncated items, reserved ids, a text without its length, a mid-unit maker id, extra or non-ASCII bytes", () => {
    expect(errorOf(decodeParamList(bytes(TIME)))).toBe("参数数据单元不足7字节");
    expect(decodeParamList(bytes("1A0D18100000010209")).ok).toBe(false);
    expect(errorOf(decodeParamList(bytes(`${TIME}02093C`)))).toBe("声明2个参数，只读到1个");
    expect(errorOf(decodeParamList(bytes(`${TIME}010200`)))).toBe("正常时信息上报时间周期需要2字节，数据单元只剩1字节");
    expect(errorOf(decodeParamList(bytes(`${TIME}01200000`)))).toBe("参数ID0x20不是国标定义的参数");
    expect(errorOf(decodeParamList(bytes(`${TIME}010561`)))).toBe("远程服务与管理平台域名之前缺少其长度参数0x04");
    expect(errorOf(decodeParamList(bytes(`${TIME}0280AA093C`)))).toBe("自定义参数0x80长度未知，只能位于最后");
    expect(errorOf(decodeParamList(bytes(`${TIME}01093C00`)))).toBe("1个参数之后多出1字节");
    expect(errorOf(decodeParamList(bytes(`${TIME}01070148573100`)))).toBe("硬件版本含非ASCII可见字符");
    expect(decodeParamList(bytes(`${TIME}0180`))).toEqual({
      ok: true,
      value: { collectedAt: AT, params: [{ id: 0x80, value: "" }] },
    });
  });
});

describe("answer time of 0x81/0x82", () => {
  it("reads the echoed time and refuses a short unit", () => {
    expect(decodeAnswerTime(bytes(TIME))).toEqual({ ok: true, value: AT });
    expect(errorOf(decodeAnswerTime(bytes("1A0B")))).toBe("应答数据单元不足6字节");
  });
});
