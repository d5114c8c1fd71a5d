import { chinaDayNumber, DAY_MS } from "../dates/chinaTime";
/**
 * 农机可靠性试验统计 (/operate/reliabilityTestRecord, issue 20/18): whether the data of a farm
 * machine under a reliability test is valid. A machine on test must report continuously in real
 * time; the figures per machine and China-time day (real-time and re-sent 补发 frames, gaps in the
 * real-time stream, working hours) come from the server, this module judges them against the
 * designed thresholds and rolls them up per machine, model, region or day.
 */

/**
 * The acceptance thresholds of a test's data (designed; the spec names none):
 * - re-sent share ≤ 5 %: re-sent frames are data the terminal buffered through a dead zone; a
 *   few are normal in fields, more means the machine's data was not seen live;
 * - longest gap ≤ 10 min: a gap is 3–30 min of real-time silence (the roll-up's rule, longer is
 *   a machine switched off); 10 min of a machine at work unseen is a hole in the test record;
 * - ≤ 3 gaps per day with data on average: many short holes mean a flaky link or terminal;
 * - no day of the period without data: a machine on test reports every day of its test.
 */
export const RELIABILITY_THRESHOLDS = {
  maxResentShare: 0.05,
  maxLongestGapMinutes: 10,
  maxGapsPerDay: 3,
  maxDaysWithoutData: 0,
} as const;

/** Why a machine (or a machine's day) fails: no frame at all, or one threshold exceeded. */
export type ReliabilityReason = "noData" | "resentShare" | "longestGap" | "gapRate" | "daysWithoutData";

export const RELIABILITY_REASONS: readonly ReliabilityReason[] = [
  "noData",
  "resentShare",
  "longestGap",
  "gapRate",
  "daysWithoutData",
];

/** The Chinese words of each reason, as the export writes them. */
export const RELIABILITY_REASON_LABELS: Record<ReliabilityReason, string> = {
  noData: "无数据",
  resentShare: "补发率超过5%",
  longestGap: "最长中断超过10分钟",
  gapRate: "日均中断超过3次",
  daysWithoutData: "存在无数据日",
};

/** The breakdowns of the statistic. */
export const RELIABILITY_DIMENSIONS = ["machine", "day", "model", "region"] as const;
export type ReliabilityDimension = (typeof RELIABILITY_DIMENSIONS)[number];

/** One machine on one China-time day, as the server reads it (day null: the machine sent nothing in the period). */
export interface ReliabilityMachineDay {
  vin: string;
  machineryType: string;
  model: string;
  /** yyyy-MM-dd, or null for a machine with no frame and no report in the period. */
  day: string | null;
  realtimeFrames: number;
  resentFrames: number;
  gaps: number;
  gapMinutes: number;
  longestGapMinutes: number;
  workingHours: number;
  /** The 1° cell ("lng,lat" of its centre) of the day's first position, or null. */
  cell: string | null;
}

/** The figures a verdict and a roll-up row share. */
export interface ReliabilityFigures {
  realtimeFrames: number;
  resentFrames: number;
  gaps: number;
  gapMinutes: number;
  longestGapMinutes: number;
  workingHours: number;
  daysWithData: number;
  daysWithoutData: number;
}

/** One machine over the period, judged. */
export interface ReliabilityMachine extends ReliabilityFigures {
  vin: string;
  machineryType: string;
  model: string;
  /** The cell of its first position in the period, or null. */
  cell: string | null;
  resentShare: number;
  passed: boolean;
  reasons: ReliabilityReason[];
}

/** One row of a breakdown (machines, or machine-days for the day breakdown) and the total. */
export interface ReliabilityRow extends ReliabilityFigures {
  key: string;
  /** Machines (machine-days for a day row) in the row. */
  units: number;
  /** Of them, those with at least one frame. */
  reporting: number;
  /** Of them, those that pass. */
  passed: number;
  resentShare: number;
}

const round = (n: number, digits: number) => Math.round(n * 10 ** digits) / 10 ** digits;

/** Re-sent frames over all frames (4 decimals), 0 with no frame. */
export function resentShare(f: { realtimeFrames: number; resentFrames: number }): number {
  const all = f.realtimeFrames + f.resentFrames;
  return all === 0 ? 0 : round(f.resentFrames / all, 4);
}

/** The reasons figures fail the thresholds; none means the data is valid. */
export function reliabilityVerdict(f: ReliabilityFigures): ReliabilityReason[] {
  if (f.realtimeFrames + f.resentFrames === 0) return ["noData"];
  const t = RELIABILITY_THRESHOLDS;
  const reasons: ReliabilityReason[] = [];
  if (resentShare(f) > t.maxResentShare) reasons.push("resentShare");
  if (f.longestGapMinutes > t.maxLongestGapMinutes) reasons.push("longestGap");
  if (f.gaps > t.maxGapsPerDay * f.daysWithData) reasons.push("gapRate");
  if (f.daysWithoutData > t.maxDaysWithoutData) reasons.push("daysWithoutData");
  return reasons;
}

const hasFrames = (d: { realtimeFrames: number; resentFrames: number }) => d.realtimeFrames + d.resentFrames > 0;

/** No frame, no gap, no work. */
const NOTHING: ReliabilityFigures = {
  realtimeFrames: 0,
  resentFrames: 0,
  gaps: 0,
  gapMinutes: 0,
  longestGapMinutes: 0,
  workingHours: 0,
  daysWithData: 0,
  daysWithoutData: 0,
};

/** Sums figures (the longest gap is the longest of all). */
function sum(list: readonly ReliabilityFigures[]): ReliabilityFigures {
  const out = { ...NOTHING };
  for (const f of list) {
    out.realtimeFrames += f.realtimeFrames;
    out.resentFrames += f.resentFrames;
    out.gaps += f.gaps;
    out.gapMinutes += f.gapMinutes;
    out.longestGapMinutes = Math.max(out.longestGapMinutes, f.longestGapMinutes);
    out.workingHours += f.workingHours;
    out.daysWithData += f.daysWithData;
    out.daysWithoutData += f.daysWithoutData;
  }
  return { ...out, gapMinutes: round(out.gapMinutes, 1), workingHours: round(out.workingHours, 1) };
}

/** A machine-day's figures (a day counts as with data when it has a frame). */
const dayFigures = (d: ReliabilityMachineDay): ReliabilityFigures => ({
  realtimeFrames: d.realtimeFrames,
  resentFrames: d.resentFrames,
  gaps: d.gaps,
  gapMinutes: d.gapMinutes,
  longestGapMinutes: d.longestGapMinutes,
  workingHours: d.workingHours,
  daysWithData: hasFrames(d) ? 1 : 0,
  daysWithoutData: hasFrames(d) ? 0 : 1,
});

/**
 * Every machine of the days over a period of `periodDays` days, judged; in PIN order. A day
 * with reports but no frame counts as without data; a machine's cell is its first day's with one.
 */
export function reliabilityMachines(days: readonly ReliabilityMachineDay[], periodDays: number): ReliabilityMachine[] {
  const byVin = new Map<string, ReliabilityMachineDay[]>();
  for (const d of days) byVin.set(d.vin, [...(byVin.get(d.vin) ?? []), d]);
  return [...byVin.entries()]
    .toSorted(([a], [b]) => (a < b ? -1 : 1)) // keys of a map: never equal
    .map(([vin, list]) => {
      const dated = list.filter((d) => d.day !== null).toSorted((a, b) => (String(a.day) < String(b.day) ? -1 : 1));
      const figures = sum(dated.map(dayFigures));
      const withData = figures.daysWithData;
      const all = { ...figures, daysWithoutData: Math.max(0, periodDays - withData) };
      const first = list[0] as ReliabilityMachineDay;
      const reasons = reliabilityVerdict(all);
      return {
        vin,
        machineryType: first.machineryType,
        model: first.model,
        cell: dated.find((d) => d.cell !== null)?.cell ?? null,
        ...all,
        resentShare: resentShare(all),
        passed: reasons.length === 0,
        reasons,
      };
    });
}

/** A row of units (machines or machine-days) that each carry their figures and whether they pass. */
function rowOf(key: string, units: readonly (ReliabilityFigures & { passed: boolean })[]): ReliabilityRow {
  const figures = sum(units);
  return {
    key,
    units: units.length,
    reporting: units.filter(hasFrames).length,
    passed: units.filter((u) => u.passed).length,
    ...figures,
    resentShare: resentShare(figures),
  };
}

/** Groups in key order of first appearance, the "" key (no position) left out of the rows. */
function grouped<T>(items: readonly T[], keyOf: (t: T) => string): [string, T[]][] {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const key = keyOf(item);
    groups.set(key, [...(groups.get(key) ?? []), item]);
  }
  return [...groups.entries()].filter(([key]) => key !== "");
}

/**
 * The breakdown of the judged machines: per machine (PIN), model ("type|model"), region (the
 * machine's cell; a machine without a position counts in the total only) or day (every machine
 * of the test on each day of `dayList`, judged by the day's own figures: a day without a frame
 * is a unit without data). The total is over the machines.
 */
export function reliabilityBreakdown(
  days: readonly ReliabilityMachineDay[],
  machines: readonly ReliabilityMachine[],
  dimension: ReliabilityDimension,
  dayList: readonly string[],
): { rows: ReliabilityRow[]; total: ReliabilityRow } {
  const total = rowOf("合计", machines);
  if (dimension === "day") {
    const rows = dayList.map((day) => {
      const units = machines.map((m) => {
        const found = days.find((d) => d.vin === m.vin && d.day === day);
        const f = found ? dayFigures(found) : { ...NOTHING, daysWithoutData: 1 };
        return { ...f, passed: reliabilityVerdict(f).length === 0 };
      });
      return rowOf(day, units);
    });
    return { rows, total };
  }
  const keyOf: Record<Exclude<ReliabilityDimension, "day">, (m: ReliabilityMachine) => string> = {
    machine: (m) => m.vin,
    model: (m) => `${m.machineryType}|${m.model}`,
    region: (m) => m.cell ?? "",
  };
  const rows = grouped(machines, keyOf[dimension]).map(([key, list]) => rowOf(key, list));
  return { rows, total };
}

/** Merges rows of equal `keyOf` (the console names cells as provinces): sums, the longest gap's maximum, the share again. */
export function mergeReliabilityRows(
  rows: readonly ReliabilityRow[],
  keyOf: (r: ReliabilityRow) => string,
): ReliabilityRow[] {
  return grouped(rows, keyOf).map(([key, list]) => {
    const figures = sum(list);
    return {
      key,
      units: list.reduce((n, r) => n + r.units, 0),
      reporting: list.reduce((n, r) => n + r.reporting, 0),
      passed: list.reduce((n, r) => n + r.passed, 0),
      ...figures,
      resentShare: resentShare(figures),
    };
  });
}

/** The China-time days yyyy-MM-dd of a range (oldest first). */
export function reliabilityDays(startTime: number, endTime: number): string[] {
  const out: string[] = [];
  for (let d = chinaDayNumber(startTime); d <= chinaDayNumber(endTime); d++)
    out.push(new Date(d * DAY_MS).toISOString().slice(0, 10));
  return out;
}

/** The default period: the last three full China-time days (today is not over yet). */
export function defaultReliabilityDays(now: number): { from: string; to: string } {
  const days = reliabilityDays(now - 3 * 86_400_000, now - 86_400_000);
  return { from: days[0] as string, to: days[days.length - 1] as string };
}
