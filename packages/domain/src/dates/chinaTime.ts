/**
 * China Standard Time, the one clock of the platform's screens, sheets and daily figures
 * (platform-shell.md: dates are shown as in China). UTC+8 all year — China has kept no daylight
 * saving since 1991 — so a fixed offset is exact, and the server, the console and the domain
 * need no time-zone database to cut days or print times the same way. Every "China day",
 * "China time" and "yyyy-MM-dd HH:mm:ss" of the code comes from here.
 */

/** UTC+8 in milliseconds. */
export const CHINA_UTC_OFFSET_MS = 8 * 3_600_000;
/** One day in milliseconds. */
export const DAY_MS = 86_400_000;

const shifted = (ms: number) => new Date(ms + CHINA_UTC_OFFSET_MS).toISOString();

/** "2026-03-01 08:30:05": an instant as China time to the second, as sheets and lists print it. */
export const chinaDateTime = (ms: number): string => shifted(ms).slice(0, 19).replace("T", " ");

/** "2026-03-01 08:30": to the minute. */
export const chinaMinute = (ms: number): string => shifted(ms).slice(0, 16).replace("T", " ");

/** "2026-03-01": the China calendar day of an instant. */
export const chinaDate = (ms: number): string => shifted(ms).slice(0, 10);

/** "20260301083005": China time for file names. */
export const chinaStamp = (ms: number): string => shifted(ms).replace(/\D/g, "").slice(0, 14);

/** The China day of an instant as a day count since 1970-01-01 (China). */
export const chinaDayNumber = (ms: number): number => Math.floor((ms + CHINA_UTC_OFFSET_MS) / DAY_MS);

/** The instant (UTC ms) at which the China day of `ms` began. */
export const chinaDayStart = (ms: number): number => chinaDayNumber(ms) * DAY_MS - CHINA_UTC_OFFSET_MS;
