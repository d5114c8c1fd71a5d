import { ok, type Result } from "../shared/result";
import { type FrameError, frameError } from "./errors";

/**
 * Hex text → bytes. Journals store the raw message as hex (platform-shell.md §3 "Login log row:
 * content"); whitespace between bytes is tolerated because operators paste copied dumps, case
 * is free. Empty input, an odd digit count and non-hex characters are rejected with a reason.
 */
export function hexToBytes(hex: string): Result<Uint8Array, FrameError> {
  const compact = hex.replace(/\s+/g, "");
  if (compact.length === 0) return frameError("hex-empty", "报文为空");
  const bad = compact.search(/[^0-9a-fA-F]/);
  if (bad >= 0)
    return frameError("hex-invalid-character", `报文含非十六进制字符“${compact[bad]}”（第${bad + 1}个字符）`);
  if (compact.length % 2 !== 0) return frameError("hex-odd-length", "报文的十六进制位数必须为偶数");
  const bytes = new Uint8Array(compact.length / 2);
  for (let i = 0; i < bytes.length; i++) bytes[i] = Number.parseInt(compact.slice(i * 2, i * 2 + 2), 16);
  return ok(bytes);
}

/** Bytes → upper-case hex without separators (the form the journals store). */
export function bytesToHex(bytes: Uint8Array): string {
  let out = "";
  for (const b of bytes) out += b.toString(16).padStart(2, "0");
  return out.toUpperCase();
}

/** Two-digit upper-case hex of one byte, for messages ("0x01"). */
export function byteHex(value: number): string {
  return `0x${value.toString(16).padStart(2, "0").toUpperCase()}`;
}
