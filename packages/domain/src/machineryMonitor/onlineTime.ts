/**
 * 在线时长管理 (/notRoadMonitor/online): a machine's online time per day from its terminal's
 * login and logout reports (the connection log). Pure: the events and `now` come in.
 */
import { chinaDate, chinaDayStart, DAY_MS } from "../dates/chinaTime";

/** One entry of the connection log: the terminal logged in or out at `at` (epoch ms). */
export interface ConnectionEvent {
  readonly at: number;
  readonly kind: "login" | "logout";
}

/** One stretch online: from a login to its logout, or still on (`logoutAt` null). */
export interface OnlineSession {
  readonly loginAt: number;
  readonly logoutAt: number | null;
}

/**
 * The sessions of a machine's connection log, in time order. A login while a session is open
 * closes that one at the new login (the link dropped without a logout and the terminal came
 * back: nothing says when it dropped, so the gap counts as online — HJ 1322 terminals log in
 * again at once); a logout with no session open (its login fell before the log's start or was
 * lost) is ignored; the last session stays open when no logout followed it. Events at the
 * same instant keep their order.
 */
export function pairSessions(events: readonly ConnectionEvent[]): OnlineSession[] {
  const sorted = events.map((e, i) => ({ e, i })).toSorted((a, b) => a.e.at - b.e.at || a.i - b.i);
  const sessions: OnlineSession[] = [];
  let open: number | null = null;
  for (const { e } of sorted) {
    if (e.kind === "login") {
      if (open !== null) sessions.push({ loginAt: open, logoutAt: e.at });
      open = e.at;
    } else if (open !== null) {
      sessions.push({ loginAt: open, logoutAt: e.at });
      open = null;
    }
  }
  if (open !== null) sessions.push({ loginAt: open, logoutAt: null });
  return sessions;
}

/** One day of a machine's online time. */
export interface OnlineDay {
  /** The day in China time, yyyy-MM-dd. */
  readonly day: string;
  /** Milliseconds online within the day. */
  readonly onlineMs: number;
  /** Sessions that overlap the day (a session over midnight counts on both days). */
  readonly sessions: number;
  /** The first login within the day, or null when the day began online. */
  readonly firstLoginAt: number | null;
  /** The last logout within the day, or null when the day ended online. */
  readonly lastLogoutAt: number | null;
}

const dayText = chinaDate;

/**
 * Online time per China-time day over [from, to): each session clipped to the range and to
 * `now` (an open session runs until now), split at midnight. Days without time online are left
 * out; days in order.
 */
export function onlineByDay(
  sessions: readonly OnlineSession[],
  range: { readonly from: number; readonly to: number },
  now: number,
): OnlineDay[] {
  const days = new Map<number, { onlineMs: number; sessions: number; first: number | null; last: number | null }>();
  const end = Math.min(range.to, now);
  for (const s of sessions) {
    const from = Math.max(s.loginAt, range.from);
    const to = Math.min(s.logoutAt ?? now, end);
    for (let day = chinaDayStart(from); day < to; day += DAY_MS) {
      const a = Math.max(from, day);
      const b = Math.min(to, day + DAY_MS);
      const d = days.get(day) ?? { onlineMs: 0, sessions: 0, first: null, last: null };
      d.onlineMs += b - a;
      d.sessions += 1;
      if (s.loginAt >= day && s.loginAt >= range.from && d.first === null) d.first = s.loginAt;
      if (s.logoutAt !== null && s.logoutAt < day + DAY_MS && s.logoutAt <= end) d.last = s.logoutAt;
      days.set(day, d);
    }
  }
  return [...days.entries()]
    .toSorted((a, b) => a[0] - b[0])
    .map(([day, d]) => ({
      day: dayText(day),
      onlineMs: d.onlineMs,
      sessions: d.sessions,
      firstLoginAt: d.first,
      lastLogoutAt: d.last,
    }));
}

/** The longest range of one online-time query (a month of days per machine). */
export const ONLINE_TIME_MAX_DAYS = 31;
/** The longest range of one history query (a week of one machine's reports). */
export const MACHINE_HISTORY_MAX_DAYS = 7;
export const MSG_MACHINE_RANGE_REVERSED = "开始时间不能晚于结束时间";
export const msgMachineRangeTooLong = (days: number) => `查询的时间范围不能超过${days}天`;

/** Why a range cannot be queried (reversed, or longer than `maxDays`), or null. */
export function machineRangeProblem(from: number, to: number, maxDays: number): string | null {
  if (from > to) return MSG_MACHINE_RANGE_REVERSED;
  if (to - from > maxDays * DAY_MS) return msgMachineRangeTooLong(maxDays);
  return null;
}

/** Hours with one decimal, as the lists and exports show a duration. */
export function hoursText(ms: number): string {
  return (Math.round(ms / 360_000) / 10).toFixed(1);
}
