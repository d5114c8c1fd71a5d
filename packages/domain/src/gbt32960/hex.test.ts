import { describe, expect, it } from "vitest";
import { byteHex, bytesToHex, hexToBytes } from "./hex";

describe("hex in and out", () => {
  it("reads hex of either case and tolerates spaces between bytes", () => {
    const r = hexToBytes("23 23\n0a FF");
    expect(r.ok && Array.from(r.value)).toEqual([0x23, 0x23, 0x0a, 0xff]);
  });
  it("rejects empty input", () => {
    expect(hexToBytes("  ")).toEqual({ ok: false, error: { code: "hex-empty", message: "报文为空" } });
  });
  it("rejects an odd number of digits", () => {
    expect(hexToBytes("232")).toMatchObject({ ok: false, error: { code: "hex-odd-length" } });
  });
  it("names the first non-hex character and its position", () => {
    expect(hexToBytes("23G3")).toEqual({
      ok: false,
      error: { code: "hex-invalid-character", message: "报文含非十六进制字符“G”（第3个字符）" },
    });
  });
  it("writes upper-case hex without separators", () => {
    expect(bytesToHex(Uint8Array.of(0, 0x0a, 0xff))).toBe("000AFF");
    expect(byteHex(1)).toBe("0x01");
  });
});
