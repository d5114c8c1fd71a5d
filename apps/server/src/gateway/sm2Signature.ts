import { sm2 } from "sm-crypto-v2";

/**
 * What the platform concluded about a signed frame (issue 19 item 2, 2025 GB/T 32960 / HJ 1322):
 * `good` — the activated terminal's key verifies it; `bad` — it does not (the frame is kept and
 * flagged, never trusted); `unchecked` — no key on file (the terminal is not activated), accepted
 * as before.
 */
export type SignatureVerdict = "good" | "bad" | "unchecked";

/** The SM2 user id GB/T 32918 / GM/T 0009 give by default; neither HJ 1322 nor GB/T 32960-2025 names another. */
export const SM2_DEFAULT_USER_ID = "1234567812345678";

const hex = (b: Uint8Array) => Array.from(b, (x) => x.toString(16).padStart(2, "0")).join("");

/**
 * One signature component as 32 bytes of hex: a WORD-length field may carry the DER-style sign
 * byte (33 bytes, a leading 0x00) or drop leading zeros (under 32); anything else is malformed.
 */
function component(b: Uint8Array): string | null {
  let v = b;
  while (v.length > 32 && v[0] === 0) v = v.subarray(1);
  if (v.length > 32 || v.length === 0) return null;
  return hex(v).padStart(64, "0");
}

/**
 * Checks SM2 signature (R, S) over `signed` with the terminal's public key (`04‖X‖Y` hex, as
 * 终端远程激活 stores it): SM2 with SM3 over Z‖M, Z from the default user id. A malformed key or
 * component is `bad` (the terminal is activated, so its frames must verify).
 */
export function verifyFrameSignature(
  publicKeyHex: string | null,
  signed: Uint8Array,
  r: Uint8Array,
  s: Uint8Array,
): SignatureVerdict {
  if (publicKeyHex === null) return "unchecked";
  const rh = component(r);
  const sh = component(s);
  if (rh === null || sh === null || !/^04[0-9a-fA-F]{128}$/.test(publicKeyHex)) return "bad";
  try {
    return sm2.doVerifySignature(signed, rh + sh, publicKeyHex.toLowerCase(), {
      hash: true,
      userId: SM2_DEFAULT_USER_ID,
    })
      ? "good"
      : "bad";
  } catch {
    // A key that is not a point of the curve throws: it cannot verify anything.
    return "bad";
  }
}
