import { describe, expect, it } from "vitest";
import { fromDatetimeLocal, toDatetimeLocal } from "./datetimeLocal";
import { formatJournalAddress, isRunnable, parseJournalAddress } from "./journalAddress";

const VIN = "LSVAU2180N2183294";

describe("the journal query lives in the address (a copied link reproduces it)", () => {
  it("round-trips every field", () => {
    const a = { kind: "logout" as const, vin: VIN, start: 1700000000000, end: 1700086400000, desc: false, size: 20 };
    expect(parseJournalAddress(formatJournalAddress(a))).toEqual(a);
  });
  it("leaves defaults out of the link and reads them back", () => {
    const q = formatJournalAddress({ kind: "login", vin: VIN, start: 1, end: 2, desc: true, size: null });
    expect(q).toBe(`vin=${VIN}&start=1&end=2`);
    expect(parseJournalAddress(q)).toMatchObject({ kind: "login", desc: true, size: null });
  });
  it("ignores what it cannot read instead of guessing", () => {
    expect(parseJournalAddress("vin=lsvau2180n2183294xyz&start=abc&end=-5&size=7&kind=other")).toEqual({
      kind: "login",
      vin: VIN,
      start: null,
      end: null,
      desc: true,
      size: null,
    });
  });
  it("a query runs only with a 17-character VIN and an ordered range (§5 skipped silently otherwise)", () => {
    const base = { kind: "login" as const, vin: VIN, start: 1, end: 2, desc: true, size: null };
    expect(isRunnable(base)).toBe(true);
    expect(isRunnable({ ...base, vin: "" })).toBe(false);
    expect(isRunnable({ ...base, vin: VIN.slice(1) })).toBe(false);
    expect(isRunnable({ ...base, start: null })).toBe(false);
    expect(isRunnable({ ...base, end: null })).toBe(false);
    expect(isRunnable({ ...base, start: 3 })).toBe(false);
  });
});

describe("datetime-local values", () => {
  it("round-trips a time to the second", () => {
    const ms = new Date(2026, 10, 15, 8, 9, 10).getTime();
    expect(toDatetimeLocal(ms)).toBe("2026-11-15T08:09:10");
    expect(fromDatetimeLocal("2026-11-15T08:09:10")).toBe(ms);
  });
  it("accepts minutes without seconds and rejects junk", () => {
    expect(fromDatetimeLocal("2026-11-15T08:09")).toBe(new Date(2026, 10, 15, 8, 9, 0).getTime());
    expect(fromDatetimeLocal("")).toBeNull();
    expect(fromDatetimeLocal("yesterday")).toBeNull();
    expect(toDatetimeLocal(null)).toBe("");
  });
});
