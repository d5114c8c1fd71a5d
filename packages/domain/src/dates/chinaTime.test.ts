import { describe, expect, it } from "vitest";
import {
  CHINA_UTC_OFFSET_MS,
  chinaDate,
  chinaDateTime,
  chinaDayNumber,
  chinaDayStart,
  chinaMinute,
  chinaStamp,
  DAY_MS,
} from "./chinaTime";

describe("China time", () => {
  // 2026-02-28 16:30:05.250 UTC is 2026-03-01 00:30:05 in China: the day has already turned there.
  const justAfterChinaMidnight = Date.UTC(2026, 1, 28, 16, 30, 5, 250);

  it("prints an instant as China time, the day turning at 16:00 UTC", () => {
    expect(chinaDateTime(justAfterChinaMidnight)).toBe("2026-03-01 00:30:05");
    expect(chinaMinute(justAfterChinaMidnight)).toBe("2026-03-01 00:30");
    expect(chinaDate(justAfterChinaMidnight)).toBe("2026-03-01");
    expect(chinaStamp(justAfterChinaMidnight)).toBe("20260301003005");
    expect(chinaDate(Date.UTC(2026, 1, 28, 15, 59, 59, 999))).toBe("2026-02-28");
  });

  it("cuts China days: the day's number and the instant it began", () => {
    const start = chinaDayStart(justAfterChinaMidnight);
    expect(start).toBe(Date.UTC(2026, 1, 28, 16));
    expect(chinaDayStart(start)).toBe(start);
    expect(chinaDayStart(start - 1)).toBe(start - DAY_MS);
    expect(chinaDayNumber(start)).toBe(chinaDayNumber(start - 1) + 1);
    expect(chinaDayNumber(-CHINA_UTC_OFFSET_MS)).toBe(0);
    expect(CHINA_UTC_OFFSET_MS).toBe(8 * 60 * 60 * 1000);
  });
});
