/**
 * Conversions between the browser's native date inputs (date, week, month) and timestamps,
 * in local time. Weeks are ISO weeks (Monday first), the spec's week mode.
 */
const pad = (n: number) => String(n).padStart(2, "0");

/** yyyy-mm-dd of a timestamp. */
export function toDateInput(ts: number): string {
  const d = new Date(ts);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/** yyyy-mm of a timestamp. */
export function toMonthInput(ts: number): string {
  const d = new Date(ts);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}`;
}

/** Monday 00:00 of the ISO week holding `ts`. */
export function mondayOf(ts: number): Date {
  const d = new Date(ts);
  d.setHours(0, 0, 0, 0);
  d.setDate(d.getDate() - ((d.getDay() + 6) % 7));
  return d;
}

/** yyyy-Www (ISO week) of a timestamp. */
export function toWeekInput(ts: number): string {
  const thursday = mondayOf(ts);
  thursday.setDate(thursday.getDate() + 3);
  const year = thursday.getFullYear();
  const firstThursday = mondayOf(new Date(year, 0, 4).getTime());
  firstThursday.setDate(firstThursday.getDate() + 3);
  const week = Math.round((thursday.getTime() - firstThursday.getTime()) / (7 * 86_400_000)) + 1;
  return `${year}-W${pad(week)}`;
}

/** Start (00:00) of a yyyy-mm-dd input, or null. */
export function fromDateInput(v: string): number | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(v);
  return m ? new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3])).getTime() : null;
}

/** First day (00:00) of a yyyy-mm input, or null. */
export function fromMonthInput(v: string): number | null {
  const m = /^(\d{4})-(\d{2})$/.exec(v);
  return m ? new Date(Number(m[1]), Number(m[2]) - 1, 1).getTime() : null;
}

/** Last day (00:00) of the month of a yyyy-mm input, or null. */
export function lastDayOfMonthInput(v: string): number | null {
  const m = /^(\d{4})-(\d{2})$/.exec(v);
  return m ? new Date(Number(m[1]), Number(m[2]), 0).getTime() : null;
}

/** Monday (00:00) of a yyyy-Www input, or null. */
export function fromWeekInput(v: string): number | null {
  const m = /^(\d{4})-W(\d{2})$/.exec(v);
  if (!m) return null;
  const week1 = mondayOf(new Date(Number(m[1]), 0, 4).getTime());
  week1.setDate(week1.getDate() + (Number(m[2]) - 1) * 7);
  return week1.getTime();
}

/** Sunday (00:00) of a yyyy-Www input, or null. */
export function sundayOfWeekInput(v: string): number | null {
  const monday = fromWeekInput(v);
  if (monday === null) return null;
  const d = new Date(monday);
  d.setDate(d.getDate() + 6);
  return d.getTime();
}
