import { err, ok, type Result } from "../shared/result";

/**
 * The month range of the lease reports (租赁管理's four reports): `yyyy-MM` to `yyyy-MM`,
 * both included, at most {@link REPORT_MONTHS_MAX} months. Designed: the spec shows no fields;
 * an operator reads a lease fleet month by month, a year or two at a time.
 */
export const REPORT_MONTHS_MAX = 24;
export const MSG_REPORT_MONTH = "月份格式应为yyyy-MM（2000年至2099年）";
export const MSG_REPORT_MONTHS_REVERSED = "结束月份不能早于开始月份";
export const MSG_REPORT_MONTHS_TOO_MANY = `统计范围不能超过${REPORT_MONTHS_MAX}个月`;

/** A month of 2000–2099 (a report of the platform's years; year 0 is no calendar year). */
const MONTH = /^(20\d{2})-(0[1-9]|1[0-2])$/;

/** The months from `start` to `end` (yyyy-MM), in order. */
export function reportMonthsBetween(start: string, end: string): string[] {
  const out: string[] = [];
  let [y, m] = start.split("-").map(Number) as [number, number];
  for (let guard = 0; guard <= REPORT_MONTHS_MAX * 10; guard++) {
    const month = `${y}-${String(m).padStart(2, "0")}`;
    if (month > end) break;
    out.push(month);
    m += 1;
    if (m > 12) {
      m = 1;
      y += 1;
    }
  }
  return out;
}

/** First and last day (yyyy-MM-dd) of a month. */
export function reportMonthBounds(month: string): { first: string; last: string } {
  const [y, m] = month.split("-").map(Number) as [number, number];
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return { first: `${month}-01`, last: `${month}-${String(last).padStart(2, "0")}` };
}

/** Checks a report's month range; answers its months or the reason with its field. */
export function checkReportMonths(
  monthStart: string,
  monthEnd: string,
): Result<string[], { field: "monthStart" | "monthEnd"; msg: string }> {
  if (!MONTH.test(monthStart)) return err({ field: "monthStart", msg: MSG_REPORT_MONTH });
  if (!MONTH.test(monthEnd)) return err({ field: "monthEnd", msg: MSG_REPORT_MONTH });
  if (monthEnd < monthStart) return err({ field: "monthEnd", msg: MSG_REPORT_MONTHS_REVERSED });
  const months = reportMonthsBetween(monthStart, monthEnd);
  if (months.length > REPORT_MONTHS_MAX) return err({ field: "monthEnd", msg: MSG_REPORT_MONTHS_TOO_MANY });
  return ok(months);
}

/** The default range of a report opened on `today` (yyyy-MM-dd): the twelve months up to this one. */
export function defaultReportMonths(today: string): { monthStart: string; monthEnd: string } {
  const [y, m] = today.split("-").map(Number) as [number, number];
  const start = m === 12 ? `${y}-01` : `${y - 1}-${String(m + 1).padStart(2, "0")}`;
  return { monthStart: start, monthEnd: today.slice(0, 7) };
}
