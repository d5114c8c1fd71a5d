// A real HMAC with a fixed key: Secrets.load needs a database, the cursor only needs sign/verify.
import { createHmac, timingSafeEqual } from "node:crypto";
import { describe, expect, it } from "vitest";
import type { Secrets } from "../../platform/secrets";
import { type CursorScope, decodeCursor, encodeCursor } from "./cursor";

const hmacKey = Buffer.alloc(32, 7);
const sign = (purpose: string, data: string) =>
  createHmac("sha256", hmacKey).update(purpose).update("\0").update(data).digest("base64url");
const secrets = {
  sign,
  verify: (purpose: string, data: string, mac: string) => {
    const a = Buffer.from(sign(purpose, data));
    const b = Buffer.from(mac);
    return a.length === b.length && timingSafeEqual(a, b);
  },
} as unknown as Secrets;

const scope: CursorScope = { kind: "login", vin: "LGXCE4CB2S0000123", desc: true, startTime: 1, endTime: 2_000_000 };

describe("journal cursors (nextKey)", () => {
  it("round-trips the last report time of a page", () => {
    expect(decodeCursor(secrets, scope, encodeCursor(secrets, scope, 1_741_912_205_000))).toBe(1_741_912_205_000);
  });

  it("refuses a key issued for another journal, VIN, order or range", () => {
    const key = encodeCursor(secrets, scope, 5);
    for (const other of [
      { ...scope, kind: "logout" as const },
      { ...scope, vin: "LGXCE4CB2S0000124" },
      { ...scope, desc: false },
      { ...scope, startTime: 0 },
      { ...scope, endTime: 3 },
    ]) {
      expect(decodeCursor(secrets, other, key)).toBeNull();
    }
  });

  it("refuses altered, truncated and garbage keys", () => {
    const key = encodeCursor(secrets, scope, 5);
    const [payload, mac] = key.split(".");
    expect(decodeCursor(secrets, scope, `${payload}.${mac?.slice(1)}`)).toBeNull();
    expect(decodeCursor(secrets, scope, `${payload}x.${mac}`)).toBeNull();
    expect(decodeCursor(secrets, scope, "")).toBeNull();
    expect(decodeCursor(secrets, scope, ".abc")).toBeNull();
    expect(decodeCursor(secrets, scope, "no-dot")).toBeNull();
  });
});
