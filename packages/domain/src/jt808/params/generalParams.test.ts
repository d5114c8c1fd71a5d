import { describe, expect, it } from "vitest";
import { bytesToHex } from "../../gbt32960/hex";
import { encodeJt808Frame } from "../frame";
import {
  JT808_GENERAL_PARAM_IDS,
  JT808_GENERAL_PARAMS,
  jt808GeneralParam,
  jt808GeneralParamItems,
  jt808GeneralParamProblem,
  readJt808GeneralParam,
  readJt808GeneralParams,
} from "./generalParams";
import { decodeJt808ParamAnswer, encodeJt808ParamSet } from "./terminalParams";

const hexOf = (r: { ok: boolean; value?: Uint8Array }) => (r.ok && r.value ? bytesToHex(r.value) : "refused");
const set = (values: { id: number; value: number | string }[]) => {
  const items = jt808GeneralParamItems(values);
  return items.ok ? encodeJt808ParamSet(items.value) : items;
};

describe("JT/T 808 general parameters: 0x8103 from typed values", () => {
  it("writes SmallChi/JT808's JT808_0x8103Test frame: 0x0001 = 10 s, phone 000123456789, serial 10", () => {
    const body = set([{ id: 0x0001, value: 10 }]);
    const frame = body.ok
      ? encodeJt808Frame({
          header: { messageId: 0x8103, edition: 2013, phone: "000123456789", serial: 10, encryption: 0 },
          body: body.value,
        })
      : body;
    expect(hexOf(frame)).toBe("7E8103000A000123456789000A0100000001040000000A057E");
  });
  it("writes SmallChi's two-item body: 0x0001 = 10 and 0x0013 = www.baidu.com", () => {
    expect(
      hexOf(
        set([
          { id: 0x0001, value: 10 },
          { id: 0x0013, value: "www.baidu.com" },
        ]),
      ),
    ).toBe("0200000001040000000A000000130D7777772E62616964752E636F6D");
  });
  it("writes WORD, BYTE, the 2013 port as DWORD and the plate in GBK", () => {
    expect(
      hexOf(
        set([
          { id: 0x0081, value: 31 },
          { id: 0x0084, value: 2 },
          { id: 0x0018, value: 7611 },
          { id: 0x0083, value: "京A12345" },
          { id: 0x0029, value: 30 },
        ]),
      ),
    ).toBe(
      [
        "05",
        "0000008102001F",
        "000000840102",
        "000000180400001DBB",
        "0000008308BEA9413132333435",
        "00000029040000001E",
      ].join(""),
    );
  });
  it("refuses no value and stops at the first bad one, naming it", () => {
    expect(jt808GeneralParamItems([])).toMatchObject({ ok: false, error: { message: "设置终端参数至少需要1个参数" } });
    expect(
      jt808GeneralParamItems([
        { id: 0x0001, value: 10 },
        { id: 0x0029, value: 0 },
      ]),
    ).toMatchObject({ ok: false, error: { message: "“缺省时间汇报间隔”（0x0029）应为1–86400s" } });
  });
});

describe("jt808GeneralParamProblem", () => {
  it("accepts values within the table", () => {
    expect(jt808GeneralParamProblem(0x0001, 60)).toBeUndefined();
    expect(jt808GeneralParamProblem(0x0010, "")).toBeUndefined();
    expect(jt808GeneralParamProblem(0x0020, 2)).toBeUndefined();
    expect(jt808GeneralParamProblem(0x0083, "粤B0001挂")).toBeUndefined();
  });
  it("names the parameter in each refusal", () => {
    expect(jt808GeneralParamProblem(0x9999, 1)).toBe("参数0x9999不是可设置的终端参数");
    expect(jt808GeneralParamProblem(0x0013, 5)).toBe("“主服务器地址”（0x0013）应为文字");
    expect(jt808GeneralParamProblem(0x0013, "")).toBe("请输入“主服务器地址”（0x0013）");
    expect(jt808GeneralParamProblem(0x0013, "x".repeat(65))).toBe("“主服务器地址”（0x0013）最多64字节，实际为65字节");
    expect(jt808GeneralParamProblem(0x0013, "服务器")).toBe("“主服务器地址”（0x0013）只能是ASCII可见字符");
    expect(jt808GeneralParamProblem(0x0083, "测A1")).toBe(
      "“机动车号牌”（0x0083）含无法编码的字符（仅支持省份简称、使领警学港澳挂试超临及ASCII）",
    );
    expect(jt808GeneralParamProblem(0x0083, "京A1234567890")).toBe("“机动车号牌”（0x0083）最多12字节，实际为13字节");
    expect(jt808GeneralParamProblem(0x0001, "10")).toBe("“终端心跳发送间隔”（0x0001）应为整数");
    expect(jt808GeneralParamProblem(0x0001, 1.5)).toBe("“终端心跳发送间隔”（0x0001）应为整数");
    expect(jt808GeneralParamProblem(0x0001, 3601)).toBe("“终端心跳发送间隔”（0x0001）应为1–3600s");
    expect(jt808GeneralParamProblem(0x0084, 7)).toBe(
      "“车牌颜色”（0x0084）应为0（未上牌）、1（蓝色）、2（黄色）、3（黑色）、4（白色）、5（绿色）、9（其他）之一",
    );
  });
});

describe("0x0104 items read with the table", () => {
  it("reads SmallChi's JT808_0x0104Test body: 0x0001 = 10, 0x0013 = www.baidu.com", () => {
    const answer = decodeJt808ParamAnswer(
      Uint8Array.from("00140200000001040000000A000000130D7777772E62616964752E636F6D".match(/../g) as string[], (h) =>
        Number.parseInt(h, 16),
      ),
    );
    expect(answer.ok && readJt808GeneralParams(answer.value.items)).toEqual([
      { id: 0x0001, value: 10 },
      { id: 0x0013, value: "www.baidu.com" },
    ]);
  });
  it("keeps an unknown id, a wrong length and unreadable text as hex", () => {
    expect(readJt808GeneralParam({ id: 0x0075, value: Uint8Array.of(1, 2) })).toEqual({ id: 0x0075, hex: "0102" });
    expect(readJt808GeneralParam({ id: 0x0029, value: Uint8Array.of(0, 30) })).toEqual({ id: 0x0029, hex: "001E" });
    expect(readJt808GeneralParam({ id: 0x0013, value: Uint8Array.of(0xb2, 0xe2) })).toEqual({
      id: 0x0013,
      hex: "B2E2",
    });
    expect(readJt808GeneralParam({ id: 0x0083, value: Uint8Array.of(0xb2, 0xe2, 0x41) })).toEqual({
      id: 0x0083,
      hex: "B2E241",
    });
  });
  it("reads back what it writes for every parameter of the table", () => {
    const values = JT808_GENERAL_PARAMS.map((d) => ({
      id: d.id,
      value: d.type === "STRING" ? (d.id === 0x0083 ? "沪A0001" : "host.example") : (d.options?.[1]?.[0] ?? d.max),
    }));
    const items = jt808GeneralParamItems(values);
    expect(items.ok && readJt808GeneralParams(items.value)).toEqual(values);
    expect(JT808_GENERAL_PARAM_IDS).toHaveLength(18);
    expect(jt808GeneralParam(0x0029)?.unit).toBe("s");
  });
});
