import { sm2 } from "sm-crypto-v2";
import { describe, expect, it } from "vitest";
import { SM2_DEFAULT_USER_ID, verifyFrameSignature } from "./sm2Signature";

/** Keys generated here; the terminal's side signed as GB/T 32918 says (SM3 over Z‖M, default user id). */
const keys = sm2.generateKeyPairHex();
const data = Uint8Array.from({ length: 120 }, (_, i) => (i * 37 + 11) & 0xff);
const bytes = (h: string) => Uint8Array.from(h.match(/../g) ?? [], (x) => Number.parseInt(x, 16));
const sign = (msg: Uint8Array, userId = SM2_DEFAULT_USER_ID) => {
  const rs = sm2.doSignature(msg, keys.privateKey, { hash: true, publicKey: keys.publicKey, userId });
  return { r: bytes(rs.slice(0, 64)), s: bytes(rs.slice(64)) };
};

describe("verifyFrameSignature (SM2 with SM3, GB/T 32918)", () => {
  it("accepts the terminal's own signature and refuses a flipped data byte, a flipped R or S, another key", () => {
    const { r, s } = sign(data);
    expect(verifyFrameSignature(keys.publicKey, data, r, s)).toBe("good");
    const flipped = data.slice();
    flipped[40] = (flipped[40] as number) ^ 0x01;
    expect(verifyFrameSignature(keys.publicKey, flipped, r, s)).toBe("bad");
    const r2 = r.slice();
    r2[5] = (r2[5] as number) ^ 0x80;
    expect(verifyFrameSignature(keys.publicKey, data, r2, s)).toBe("bad");
    const s2 = s.slice();
    s2[31] = (s2[31] as number) ^ 0x01;
    expect(verifyFrameSignature(keys.publicKey, data, r, s2)).toBe("bad");
    expect(verifyFrameSignature(sm2.generateKeyPairHex().publicKey, data, r, s)).toBe("bad");
  });

  it("uses the default user id: a signature under another id does not verify", () => {
    const { r, s } = sign(data, "another-user-id");
    expect(verifyFrameSignature(keys.publicKey, data, r, s)).toBe("bad");
  });

  it("reads WORD-length components with a sign byte, or short of leading zeros", () => {
    const { r, s } = sign(data);
    const r33 = Uint8Array.of(0, ...r);
    expect(verifyFrameSignature(keys.publicKey, data, r33, s)).toBe("good");
    // A component whose first byte is zero may come without it (one signature in 256 has one).
    let found = false;
    for (let i = 0; i < 4000 && !found; i++) {
      const msg = Uint8Array.of(i & 0xff, i >> 8, ...data);
      const sig = sign(msg);
      if (sig.r[0] !== 0) continue;
      found = true;
      expect(verifyFrameSignature(keys.publicKey, msg, sig.r.subarray(1), sig.s)).toBe("good");
    }
    expect(found).toBe(true);
  });

  it("is unchecked without a key, bad with a malformed key or component", () => {
    const { r, s } = sign(data);
    expect(verifyFrameSignature(null, data, r, s)).toBe("unchecked");
    expect(verifyFrameSignature(keys.publicKey.slice(0, 66), data, r, s)).toBe("bad");
    expect(verifyFrameSignature(`04${"00".repeat(64)}`, data, r, s)).toBe("bad");
    expect(verifyFrameSignature(keys.publicKey, data, new Uint8Array(0), s)).toBe("bad");
    expect(verifyFrameSignature(keys.publicKey, data, Uint8Array.of(1, ...r), s)).toBe("bad");
  });
});
