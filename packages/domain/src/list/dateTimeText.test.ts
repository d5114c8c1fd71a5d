import { describe, expect, it } from "vitest";
import { formatDateTimeText, parseDateTimeText } from "./dateTimeText";

describe("date-time text (yyyy-MM-dd HH:mm:ss)", () => {
  it("formats epoch milliseconds in the local zone, and null as empty", () => {
    const ms = new Date(2026, 10, 23, 8, 5, 9).getTime();
    expect(formatDateTimeText(ms)).toBe("2026-11-23 08:05:09");
    expect(formatDateTimeText(null)).toBe("");
  });

  it("parses exactly that pattern (spaces around ignored) and a pasted ISO local time", () => {
    const ms = new Date(2026, 10, 23, 8, 5, 9).getTime();
    expect(parseDateTimeText(" 2026-11-23 08:05:09 ")).toBe(ms);
    expect(parseDateTimeText("2026-11-23T08:05:09")).toBe(ms);
    expect(parseDateTimeText(formatDateTimeText(ms))).toBe(ms);
  });

  it("refuses what is not such a date-time rather than guessing", () => {
    for (const bad of [
      "",
      "2026-02-30 00:00:00",
      "2026-1-1 0:0:0",
      "2026/11/23 08:05:09",
      "2026-11-23",
      "2026-11-23 24:00:00",
      "x",
    ]) {
      expect(parseDateTimeText(bad), bad).toBeNull();
    }
  });
});
