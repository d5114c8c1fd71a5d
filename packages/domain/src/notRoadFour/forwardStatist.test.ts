import { describe, expect, it } from "vitest";
import {
  checkForwardDays,
  defaultForwardDays,
  MSG_FORWARD_DAY,
  MSG_FORWARD_DAYS_REVERSED,
  MSG_FORWARD_DAYS_TOO_MANY,
  sumForwardFigures,
} from "./forwardStatist";

describe("转发统计's day range", () => {
  it("answers the China days of the range and their bounds", () => {
    const r = checkForwardDays("2026-02-27", "2026-03-02");
    expect(r).toEqual({
      ok: true,
      value: {
        days: ["2026-02-27", "2026-02-28", "2026-03-01", "2026-03-02"],
        from: Date.parse("2026-02-26T16:00:00Z"),
        to: Date.parse("2026-03-02T16:00:00Z"),
      },
    });
  });

  it("refuses a bad day, a day the calendar lacks, a reversed range and one over 31 days, on the field", () => {
    expect(checkForwardDays("2026-1-01", "2026-01-02")).toEqual({
      ok: false,
      error: { field: "startDay", msg: MSG_FORWARD_DAY },
    });
    expect(checkForwardDays("2026-01-01", "2026-02-30")).toEqual({
      ok: false,
      error: { field: "endDay", msg: MSG_FORWARD_DAY },
    });
    expect(checkForwardDays("2026-01-02", "2026-01-01")).toEqual({
      ok: false,
      error: { field: "endDay", msg: MSG_FORWARD_DAYS_REVERSED },
    });
    expect(checkForwardDays("2026-01-01", "2026-01-31").ok).toBe(true);
    expect(checkForwardDays("2026-01-01", "2026-02-01")).toEqual({
      ok: false,
      error: { field: "endDay", msg: MSG_FORWARD_DAYS_TOO_MANY },
    });
  });

  it("opens on the seven days up to today", () => {
    expect(defaultForwardDays("2026-03-03")).toEqual({ startDay: "2026-02-25", endDay: "2026-03-03" });
  });

  it("sums figures", () => {
    const a = { forwarded: 3, acknowledged: 2, failed: 1, resent: 1, pending: 4 };
    expect(sumForwardFigures([a, a])).toEqual({ forwarded: 6, acknowledged: 4, failed: 2, resent: 2, pending: 8 });
    expect(sumForwardFigures([])).toEqual({ forwarded: 0, acknowledged: 0, failed: 0, resent: 0, pending: 0 });
  });
});
