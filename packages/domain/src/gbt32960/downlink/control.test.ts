import { describe, expect, it } from "vitest";
import { bytesToHex, hexToBytes } from "../hex";
import { decodeTerminalControl, encodeTerminalControl, terminalControlProblem } from "./control";

const AT = Date.UTC(2026, 10, 24, 8, 0, 0);
const TIME = "1A0B18100000";
const bytes = (h: string) => (hexToBytes(h) as { value: Uint8Array }).value;
const errorOf = (r: { ok: boolean; error?: { message: string } }) => (r.ok ? "ok" : r.error?.message);

describe("terminal control 0x82", () => {
  it("writes time · command (· level · ASCII text for the alarm) and reads it back", () => {
    const cases = [
      ["shutdown", "02"],
      ["reset", "03"],
      ["factoryReset", "04"],
      ["dropLink", "05"],
      ["openSamplingLink", "07"],
    ] as const;
    for (const [command, code] of cases) {
      const r = encodeTerminalControl({ collectedAt: AT, control: { command } });
      expect(r.ok && bytesToHex(r.value)).toBe(`${TIME}${code}`);
      expect(decodeTerminalControl(bytes(`${TIME}${code}`))).toEqual({
        ok: true,
        value: { collectedAt: AT, control: { command } },
      });
    }
    const alarm = { command: "alarm", level: 2, text: "Hi" } as const;
    const r = encodeTerminalControl({ collectedAt: AT, control: alarm });
    expect(r.ok && bytesToHex(r.value)).toBe(`${TIME}06024869`);
    expect(decodeTerminalControl(bytes(`${TIME}06024869`))).toEqual({
      ok: true,
      value: { collectedAt: AT, control: alarm },
    });
  });
  it("refuses unknown commands, bad levels, Chinese text, bad times and malformed units", () => {
    expect(terminalControlProblem({ command: "selfDestruct" } as never)).toBe("不支持的控制命令“selfDestruct”");
    expect(terminalControlProblem({ command: "alarm", level: 4, text: "" })).toBe("报警等级应为0–3的整数");
    expect(terminalControlProblem({ command: "alarm", level: 1, text: "中文" })).toMatch(/暂不支持中文/);
    expect(terminalControlProblem({ command: "alarm", level: 1, text: "x".repeat(201) })).toMatch(/不超过200个/);
    expect(errorOf(encodeTerminalControl({ collectedAt: AT, control: { command: "alarm", level: 9, text: "" } }))).toBe(
      "报警等级应为0–3的整数",
    );
    expect(encodeTerminalControl({ collectedAt: 0, control: { command: "reset" } }).ok).toBe(false);
    expect(errorOf(decodeTerminalControl(bytes(TIME)))).toBe("控制命令数据单元不足7字节");
    expect(decodeTerminalControl(bytes("1A0D1810000003")).ok).toBe(false);
    expect(errorOf(decodeTerminalControl(bytes(`${TIME}08`)))).toBe("控制命令0x08暂不支持");
    expect(errorOf(decodeTerminalControl(bytes(`${TIME}0300`)))).toBe("车载终端复位不带参数，多出1字节");
    expect(errorOf(decodeTerminalControl(bytes(`${TIME}06`)))).toBe("报警命令缺少报警等级");
    expect(errorOf(decodeTerminalControl(bytes(`${TIME}0605`)))).toBe("报警等级应为0–3的整数");
  });
});
