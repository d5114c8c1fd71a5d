import {
  cellKey,
  FARM_MACHINERY_TYPES,
  type FarmStatDimension,
  type FarmStatRow,
  farmStatTotals,
  MACHINE_STATS_MAX_DAYS,
  machineRangeProblem,
  mergeFarmStats,
} from "@tsp/domain";
import type { AppContext } from "../../../context";
import { invalidField } from "../../../http/envelope";
import { onlineDays } from "../machinery/onlineTime";
import { type MachineDayFigures, type MachineryType, machineDayFigures } from "./dayFigures";

/** A statistics range, refused (400 on startTime, nothing read) when reversed or over 31 days. */
export function statsRange<Q extends { startTime: number; endTime: number }>(q: Q): Q {
  const problem = machineRangeProblem(q.startTime, q.endTime, MACHINE_STATS_MAX_DAYS);
  if (problem) throw invalidField("startTime", problem);
  return q;
}

export interface FarmStatsQuery {
  vin?: string | undefined;
  startTime: number;
  endTime: number;
  groupBy?: FarmStatDimension | undefined;
  machineryType?: "tractor" | "harvester" | undefined;
}

const keyOf: Record<FarmStatDimension, (f: MachineDayFigures) => string | null> = {
  day: (f) => f.day,
  type: (f) => f.machineryType,
  model: (f) => `${f.machineryType}|${f.model}`,
  region: (f) => (f.lng === null || f.lat === null ? null : cellKey(f.lng, f.lat)),
};

/** 农机数据统计: the farm machines' day figures merged by the dimension, and the total of every day. */
export async function farmStats(ctx: AppContext, tenantIds: readonly number[], q: FarmStatsQuery) {
  const figures = await machineDayFigures(ctx, tenantIds, {
    vin: q.vin,
    types: q.machineryType ? [q.machineryType] : FARM_MACHINERY_TYPES,
    startTime: q.startTime,
    endTime: q.endTime,
  });
  const by = keyOf[q.groupBy ?? "day"];
  const rows: FarmStatRow[] = figures.map((f) => ({
    key: by(f) ?? "",
    machineDays: 1,
    engineHours: f.engineHours,
    workingHours: f.workingHours,
    mileageKm: f.mileageKm,
    fuelL: f.fuelL,
  }));
  const merged = mergeFarmStats(rows, (r) => r.key);
  // A region row needs a position: a day without one counts in the total only.
  const shown = q.groupBy === "region" ? merged.filter((r) => r.key !== "") : merged;
  const ordered =
    q.groupBy === "day" || q.groupBy === undefined
      ? shown
      : shown.toSorted((a, b) => b.workingHours - a.workingHours || (a.key < b.key ? -1 : 1));
  return { rows: ordered, total: farmStatTotals(rows, "合计") };
}

export interface DailyReportRow {
  vin: string;
  machineryType: MachineryType;
  model: string;
  day: string;
  onlineMs: number;
  engineHours: number;
  workingHours: number;
  mileageKm: number;
  fuelL: number;
  alarmReports: number;
  alarms: string[];
}

/** 统计报表: every machine-day with time online or a report, the online time beside the figures; newest day first, then PIN. */
export async function dailyReport(
  ctx: AppContext,
  tenantIds: readonly number[],
  q: { vin?: string | undefined; startTime: number; endTime: number },
): Promise<DailyReportRow[]> {
  const [figures, online] = await Promise.all([machineDayFigures(ctx, tenantIds, q), onlineDays(ctx, tenantIds, q)]);
  const rows = new Map<string, DailyReportRow>();
  for (const o of online) {
    rows.set(`${o.day}|${o.vin}`, {
      vin: o.vin,
      machineryType: o.machineryType,
      model: o.model,
      day: o.day,
      onlineMs: o.onlineMs,
      engineHours: 0,
      workingHours: 0,
      mileageKm: 0,
      fuelL: 0,
      alarmReports: 0,
      alarms: [],
    });
  }
  for (const f of figures) {
    const key = `${f.day}|${f.vin}`;
    const { lng: _lng, lat: _lat, ...figure } = f;
    rows.set(key, { ...figure, onlineMs: rows.get(key)?.onlineMs ?? 0 });
  }
  return [...rows.values()].toSorted((a, b) => (a.day < b.day ? 1 : a.day > b.day ? -1 : a.vin < b.vin ? -1 : 1));
}
