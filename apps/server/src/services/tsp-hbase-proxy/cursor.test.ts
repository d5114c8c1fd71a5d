// A real HMAC with a fixed key: Secrets.load needs a database, the cursor only needs sign/verify.
import { createHmac, timingSafeEqual } from "node:crypto";
import { describe, expect, it } from "vitest";
import { ApiError } from "../../http/envelope";
import type { Secrets } from "../../platform/secrets";
import { type CursorScope, cursorAfter, decodeCursor, encodeCursor } from "./cursor";

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

  // Found by mutation testing: with the purpose changed, encode and decode still agreed.
  it("is bound to its purpose: the server's MAC of the same text for any other purpose is no cursor", () => {
    const [payload] = encodeCursor(secrets, scope, 5).split(".");
    const text = Buffer.from(payload ?? "", "base64url").toString("utf8");
    expect(decodeCursor(secrets, scope, `${payload}.${sign("journal-cursor", text)}`)).toBe(5);
    for (const purpose of ["", "journal", "object-store"])
      expect(decodeCursor(secrets, scope, `${payload}.${sign(purpose, text)}`), purpose).toBeNull();
  });
});

// What a list handler calls with the request's rowKey (found by mutation testing: untested).
describe("the rowKey of a request", () => {
  it("continues after the cursor's report time; none without a rowKey", () => {
    expect(cursorAfter(secrets, scope, undefined)).toBeNull();
    expect(cursorAfter(secrets, scope, encodeCursor(secrets, scope, 42))).toBe(42);
    expect(cursorAfter(secrets, scope, encodeCursor(secrets, scope, 0))).toBe(0);
  });

  it("answers a forged, altered or foreign key with a 400 naming rowKey", () => {
    for (const key of ["", "no-dot", encodeCursor(secrets, { ...scope, vin: "LGXCE4CB2S0000124" }, 5)]) {
      let error: unknown;
      try {
        cursorAfter(secrets, scope, key);
      } catch (e) {
        error = e;
      }
      expect(error, key).toBeInstanceOf(ApiError);
      expect((error as ApiError).status).toBe(400);
      expect((error as ApiError).failDetail).toEqual([
        { field: "rowKey", msg: "rowKey：游标无效或已被篡改，请重新查询" },
      ]);
    }
  });
});
