import { chinaDate, DAY_MS } from "../dates/chinaTime";
/**
 * 农机数据统计 (/operate/farmMachinery) and 统计报表 (/notRoadMonitor/report): the figures of a
 * machine's day from its decoded reports (HJ 1239.3 engine stream, HJ 1322 speed and position).
 * The server sums the intervals in SQL with these constants; the merging of rows (cells into
 * provinces, days into totals) is here so the console and the server add the same way.
 */

/** The machine types counted as farm machinery (农机) in 机械信息. */
export const FARM_MACHINERY_TYPES = ["tractor", "harvester"] as const;
export type FarmMachineryType = (typeof FARM_MACHINERY_TYPES)[number];

/** How 农机数据统计 breaks its figures down. `region` is a 1° cell of the day's first position. */
export const FARM_STAT_DIMENSIONS = ["day", "type", "model", "region"] as const;
export type FarmStatDimension = (typeof FARM_STAT_DIMENSIONS)[number];

/**
 * The longest interval between two consecutive reports that still counts as continuous: HJ
 * 1322 terminals report at least every 10 minutes while the engine runs; a longer silence is a
 * machine switched off or out of coverage, and its time is not guessed.
 */
export const MACHINE_SAMPLE_GAP_MS = 15 * 60_000;

/** The longest range of a statistics query. */
export const MACHINE_STATS_MAX_DAYS = 31;

/** One row of the statistics: additive figures, so rows merge by summing. */
export interface FarmStatRow {
  key: string;
  /** Machine-days with at least one report (台日). */
  machineDays: number;
  /** Engine running (rpm > 0), hours. */
  engineHours: number;
  /** Engine at or above MACHINE_WORKING_RPM (作业), hours. */
  workingHours: number;
  /** Reported speed × time, km. */
  mileageKm: number;
  /** Fuel rate × time, litres. */
  fuelL: number;
}

const round1 = (n: number) => Math.round(n * 10) / 10;

/** The rows merged by `keyOf` (first appearance keeps the order), figures rounded to one decimal. */
export function mergeFarmStats(rows: readonly FarmStatRow[], keyOf: (row: FarmStatRow) => string): FarmStatRow[] {
  const merged = new Map<string, FarmStatRow>();
  for (const r of rows) {
    const key = keyOf(r);
    const m = merged.get(key) ?? { key, machineDays: 0, engineHours: 0, workingHours: 0, mileageKm: 0, fuelL: 0 };
    merged.set(key, {
      key,
      machineDays: m.machineDays + r.machineDays,
      engineHours: m.engineHours + r.engineHours,
      workingHours: m.workingHours + r.workingHours,
      mileageKm: m.mileageKm + r.mileageKm,
      fuelL: m.fuelL + r.fuelL,
    });
  }
  return [...merged.values()].map((r) => ({
    ...r,
    engineHours: round1(r.engineHours),
    workingHours: round1(r.workingHours),
    mileageKm: round1(r.mileageKm),
    fuelL: round1(r.fuelL),
  }));
}

/** The sum of every row under `key`. */
export function farmStatTotals(rows: readonly FarmStatRow[], key: string): FarmStatRow {
  return (
    mergeFarmStats(rows, () => key)[0] ?? {
      key,
      machineDays: 0,
      engineHours: 0,
      workingHours: 0,
      mileageKm: 0,
      fuelL: 0,
    }
  );
}

/** Fuel per working hour (L/h, one decimal), or null with no working time. */
export function fuelPerWorkingHour(row: Pick<FarmStatRow, "fuelL" | "workingHours">): number | null {
  return row.workingHours > 0 ? round1(row.fuelL / row.workingHours) : null;
}

/** The key of the 1° cell holding a position (its centre, "lng,lat"), as the server answers `region`. */
export function cellKey(lng: number, lat: number): string {
  return `${Math.floor(lng) + 0.5},${Math.floor(lat) + 0.5}`;
}

/** The centre of a cell key, or null when the key is not one. */
export function cellOfKey(key: string): { lng: number; lat: number } | null {
  const m = /^(-?\d+(?:\.\d+)?),(-?\d+(?:\.\d+)?)$/.exec(key);
  return m ? { lng: Number(m[1]), lat: Number(m[2]) } : null;
}

/** The ms range of China-time days `from`..`to` (yyyy-MM-dd, both whole), or null when either is no date. */
export function chinaDaysRange(from: string, to: string): { startTime: number; endTime: number } | null {
  const start = Date.parse(`${from}T00:00:00+08:00`);
  const end = Date.parse(`${to}T00:00:00+08:00`);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(from) || !/^\d{4}-\d{2}-\d{2}$/.test(to) || Number.isNaN(start) || Number.isNaN(end))
    return null;
  return { startTime: start, endTime: end + DAY_MS - 1 };
}

/** The China-time calendar day (yyyy-MM-dd) of an instant. */
const chinaDay = chinaDate;

/** The statistics screens' default days: the last 7 China-time days up to today's. */
export function defaultStatDays(now: number): { from: string; to: string } {
  return { from: chinaDay(now - 6 * DAY_MS), to: chinaDay(now) };
}
