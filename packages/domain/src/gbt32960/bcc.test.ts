import { describe, expect, it } from "vitest";
import { bcc } from "./bcc";

describe("BCC: XOR from the command through the data unit", () => {
  it("XORs the bytes in the range", () => {
    expect(bcc(Uint8Array.of(0x23, 0x23, 0x01, 0xfe, 0x10), 2, 5)).toBe(0x01 ^ 0xfe ^ 0x10);
  });
  it("covers the whole array by default and is 0 for nothing", () => {
    expect(bcc(Uint8Array.of(0x0f, 0xf0))).toBe(0xff);
    expect(bcc(new Uint8Array(0))).toBe(0);
  });
});
