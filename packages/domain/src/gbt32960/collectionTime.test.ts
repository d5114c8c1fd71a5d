import { describe, expect, it } from "vitest";
import { decodeCollectionTime, encodeCollectionTime } from "./collectionTime";

describe("collection time: YY MM DD hh mm ss in UTC+8", () => {
  it("reads 24-03-05 08:09:10 as 00:09:10 UTC", () => {
    const r = decodeCollectionTime(Uint8Array.of(0xaa, 24, 3, 5, 8, 9, 10), 1);
    expect(r).toEqual({ ok: true, value: Date.UTC(2024, 2, 5, 0, 9, 10) });
  });
  it.each([
    ["month 13", [24, 13, 1, 0, 0, 0]],
    ["30 February", [24, 2, 30, 0, 0, 0]],
    ["hour 24", [24, 1, 1, 24, 0, 0]],
    ["minute 60", [24, 1, 1, 0, 60, 0]],
    ["second 60", [24, 1, 1, 0, 0, 60]],
    ["year byte 100", [100, 1, 1, 0, 0, 0]],
    ["day 0", [24, 1, 0, 0, 0, 0]],
  ])("rejects %s", (_name, bytes) => {
    const r = decodeCollectionTime(Uint8Array.from(bytes), 0);
    expect(r).toMatchObject({ ok: false, error: { code: "bad-time", offset: 0 } });
  });
  it("writes UTC instants in Beijing time and drops milliseconds", () => {
    const r = encodeCollectionTime(Date.UTC(2025, 11, 31, 15, 59, 59, 999));
    expect(r.ok && Array.from(r.value)).toEqual([25, 12, 31, 23, 59, 59]);
  });
  it.each([
    ["before 2000 in Beijing", Date.UTC(1999, 11, 31, 15, 59, 59)],
    ["after 2099 in Beijing", Date.UTC(2099, 11, 31, 16, 0, 0)],
    ["not a number", Number.NaN],
  ])("refuses to write a time %s", (_name, ms) => {
    expect(encodeCollectionTime(ms)).toMatchObject({ ok: false, error: { code: "bad-time" } });
  });
  it("writes the first second of 2000 in Beijing", () => {
    const r = encodeCollectionTime(Date.UTC(1999, 11, 31, 16, 0, 0));
    expect(r.ok && Array.from(r.value)).toEqual([0, 1, 1, 0, 0, 0]);
  });
});
