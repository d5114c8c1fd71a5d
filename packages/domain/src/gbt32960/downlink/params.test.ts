import { describe, expect, it } from "vitest";
import { isOemParam, paramDef, paramIdText, paramValueProblem, paramValueText, STANDARD_PARAMS } from "./params";

describe("GB/T 32960 parameters", () => {
  it("holds the standard's ids 0x01–0x10, and maker ids 0x80–0xFE as raw bytes", () => {
    expect(STANDARD_PARAMS.map((p) => p.id)).toEqual(Array.from({ length: 16 }, (_, i) => i + 1));
    expect(paramDef(0x02)).toMatchObject({ name: "正常时信息上报时间周期", unit: "s", min: 1, max: 600 });
    expect(paramDef(0xfe)).toMatchObject({ kind: "oem", name: "自定义参数0xFE" });
    expect(paramDef(0x11)).toBeUndefined();
    expect(paramDef(0xff)).toBeUndefined();
    expect(isOemParam(0x7f)).toBe(false);
    expect(paramIdText(9)).toBe("0x09");
  });
  it("says in Chinese why a value may not be set", () => {
    expect(paramValueProblem(0x02, 30)).toBeUndefined();
    expect(paramValueProblem(0x02, 601)).toBe("正常时信息上报时间周期应为1–600s的整数");
    expect(paramValueProblem(0x06, "80")).toBe("远程服务与管理平台端口应为1–65531的整数");
    expect(paramValueProblem(0x10, 3)).toBe("是否处于抽样监测中应为1（是）或2（否）");
    expect(paramValueProblem(0x10, 1)).toBeUndefined();
    expect(paramValueProblem(0x04, 3)).toBe("远程服务与管理平台域名长度随域名一同设置，不能单独设置");
    expect(paramValueProblem(0x08, "x")).toBe("固件版本为只读参数，不能设置");
    expect(paramValueProblem(0x30, 1)).toBe("参数ID0x30不是国标定义的参数（可用0x01–0x10，自定义0x80–0xFE）");
    expect(paramValueProblem(0x05, "tsp.example.cn")).toBeUndefined();
    expect(paramValueProblem(0x05, "")).toBe("远程服务与管理平台域名应为1–255个字符");
    expect(paramValueProblem(0x05, 3)).toBe("远程服务与管理平台域名应为1–255个字符");
    expect(paramValueProblem(0x05, "a b")).toBe("远程服务与管理平台域名只能包含ASCII可见字符（不含空格）");
    expect(paramValueProblem(0x80, "0a1B")).toBeUndefined();
    expect(paramValueProblem(0x80, "0")).toBe("自定义参数0x80应为1–64字节的十六进制文本（如0A1B）");
    expect(paramValueProblem(0x80, 1)).toBe("自定义参数0x80应为1–64字节的十六进制文本（如0A1B）");
    expect(paramValueProblem(0x80, "00".repeat(65))).toMatch(/1–64字节/);
  });
  it("writes a value with its unit or choice name", () => {
    expect(paramValueText(0x02, 30)).toBe("30 s");
    expect(paramValueText(0x10, 1)).toBe("1（是）");
    expect(paramValueText(0x06, 32960)).toBe("32960");
    expect(paramValueText(0x05, "a.cn")).toBe("a.cn");
    expect(paramValueText(0x30, 5)).toBe("5");
  });
});
