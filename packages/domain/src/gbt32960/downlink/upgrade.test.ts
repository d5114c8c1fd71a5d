import { describe, expect, it } from "vitest";
import { bytesToHex, hexToBytes } from "../hex";
import { decodeTerminalControl, encodeTerminalControl, terminalControlProblem } from "./control";
import { decodeUpgradeParams, encodeUpgradeParams, isFixedAscii, type UpgradeParams, upgradeProblem } from "./upgrade";

const AT = Date.UTC(2026, 10, 24, 8, 0, 0);
const TIME = "1A0B18100000";
const bytes = (h: string) => (hexToBytes(h) as { value: Uint8Array }).value;
const errorOf = (r: { ok: boolean; error?: { message: string } }) => (r.ok ? "ok" : r.error?.message);
const hex = (s: string) => Array.from(s, (c) => c.charCodeAt(0).toString(16).toUpperCase().padStart(2, "0")).join("");

const P: UpgradeParams = {
  apn: "CMNET",
  user: "u",
  password: "p",
  address: "10.0.59.1",
  port: 0x3b3b,
  makerCode: "TSP1",
  hardwareVersion: "HW1.0",
  firmwareVersion: "FW1.3",
  url: "http://10.0.59.1/obs/a.bin",
  timeoutMin: 30,
};
// 59 = 0x3B: the address and port bytes equal the separator, so they must be read by length.
const PARAMS_HEX = `${hex("CMNET")}3B${hex("u")}3B${hex("p")}3B00000A003B013B3B3B3B${hex("TSP1")}3B${hex("HW1.0")}3B${hex("FW1.3")}3B${hex(P.url)}3B001E`;

describe("0x82 upgrade 0x01", () => {
  it("writes the standard's ';'-separated fields byte-exact and reads them back, separators inside binary fields included", () => {
    const r = encodeUpgradeParams(P);
    expect(r.ok && bytesToHex(r.value)).toBe(PARAMS_HEX);
    expect(decodeUpgradeParams(bytes(PARAMS_HEX))).toEqual({ ok: true, value: P });
    const control = { command: "upgrade", upgrade: P } as const;
    const unit = encodeTerminalControl({ collectedAt: AT, control });
    expect(unit.ok && bytesToHex(unit.value)).toBe(`${TIME}01${PARAMS_HEX}`);
    expect(decodeTerminalControl(bytes(`${TIME}01${PARAMS_HEX}`))).toEqual({
      ok: true,
      value: { collectedAt: AT, control },
    });
    expect(terminalControlProblem(control)).toBeUndefined();
  });
  it("names each bad field in Chinese", () => {
    expect(upgradeProblem({ ...P, apn: "a;b" })).toMatch(/^拨号点名称/);
    expect(upgradeProblem({ ...P, password: "x".repeat(256) })).toMatch(/^拨号密码/);
    expect(upgradeProblem({ ...P, url: "" })).toBe("请输入升级地址URL");
    expect(upgradeProblem({ ...P, url: "http://中" })).toMatch(/^升级地址URL/);
    expect(upgradeProblem({ ...P, address: "example.com" })).toMatch(/IPv4/);
    expect(upgradeProblem({ ...P, address: "1.2.3.256" })).toMatch(/IPv4/);
    expect(upgradeProblem({ ...P, port: 70000 })).toMatch(/端口/);
    expect(upgradeProblem({ ...P, port: 1.5 })).toMatch(/端口/);
    expect(upgradeProblem({ ...P, makerCode: "TSP" })).toMatch(/制造商ID/);
    expect(upgradeProblem({ ...P, hardwareVersion: "HW 10" })).toMatch(/硬件版本/);
    expect(upgradeProblem({ ...P, firmwareVersion: "FW1.30" })).toMatch(/固件版本/);
    expect(upgradeProblem({ ...P, timeoutMin: 0 })).toMatch(/时限/);
    expect(upgradeProblem({ ...P, timeoutMin: 1.5 })).toMatch(/时限/);
    expect(terminalControlProblem({ command: "upgrade", upgrade: { ...P, port: -1 } })).toMatch(/端口/);
    expect(errorOf(encodeUpgradeParams({ ...P, port: -1 }))).toMatch(/端口/);
    expect(
      errorOf(encodeTerminalControl({ collectedAt: AT, control: { command: "upgrade", upgrade: { ...P, url: "" } } })),
    ).toBe("请输入升级地址URL");
    expect(isFixedAscii("FW1.3", 5)).toBe(true);
    expect(isFixedAscii("FW1.", 5)).toBe(false);
  });
  it("refuses truncated, misplaced and over-long parameter bytes", () => {
    const full = bytes(PARAMS_HEX);
    expect(errorOf(decodeUpgradeParams(full.subarray(0, 3)))).toBe("升级参数不完整或分隔符错误");
    expect(errorOf(decodeUpgradeParams(full.subarray(0, 10)))).toBe("升级参数不完整或分隔符错误");
    expect(errorOf(decodeUpgradeParams(full.subarray(0, full.length - 1)))).toBe("升级参数不完整或分隔符错误");
    const noSep = Uint8Array.from(full);
    noSep[16] = 0x00; // the separator after the address
    expect(errorOf(decodeUpgradeParams(noSep))).toBe("升级参数不完整或分隔符错误");
    expect(errorOf(decodeUpgradeParams(Uint8Array.of(...full, 0)))).toBe("升级参数多出1字节");
    const zeroLimit = Uint8Array.from(full);
    zeroLimit[full.length - 1] = 0;
    expect(errorOf(decodeUpgradeParams(zeroLimit))).toMatch(/时限/);
    expect(errorOf(decodeTerminalControl(bytes(`${TIME}01`)))).toBe("升级参数不完整或分隔符错误");
  });
});
