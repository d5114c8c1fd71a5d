import type { TimeRange } from "./searchForm";

/** Query of the login and logout journals (platform-shell.md §3 "Login log query", §7). */
export interface LoginLogQuery {
  readonly vin: string;
  readonly startTime: number;
  readonly endTime: number;
  readonly reportTimeDesc: boolean;
}

/**
 * The journal query, or null when it must be silently skipped (platform-shell.md §5 "Login
 * log query and export are silently skipped if the VIN is empty or no time range is chosen").
 */
export function loginLogQuery(vin: string, time: TimeRange | null, reportTimeDesc: boolean): LoginLogQuery | null {
  const v = vin.trim();
  if (v === "" || time === null) return null;
  return { vin: v, startTime: time[0], endTime: time[1], reportTimeDesc };
}
