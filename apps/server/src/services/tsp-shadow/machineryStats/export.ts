import {
  FARM_STAT_DIMENSIONS,
  type FarmStatDimension,
  fuelPerWorkingHour,
  hoursText,
  MACHINERY_TYPE_LABELS,
} from "@tsp/domain";
import type { ExportSheet } from "../../../platform/exports/exporter";
import { dailyReport, type FarmStatsQuery, farmStats } from "./stats";

const DIMENSION_HEADERS: Record<FarmStatDimension, string> = {
  day: "日期",
  type: "机械类型",
  model: "机械类型|产品型号",
  region: "区域（1°网格中心 经度,纬度）",
};

const typeLabel = (key: string) => MACHINERY_TYPE_LABELS[key as keyof typeof MACHINERY_TYPE_LABELS] ?? key;

/** 农机数据统计's export: the rows of the chosen breakdown, then the total. */
export const farmStatsExporter: ExportSheet = {
  title: "农机数据统计",
  columns: [
    { header: "统计维度", key: "key", width: 26 },
    { header: "作业台日", key: "machineDays", width: 10 },
    { header: "作业时长(h)", key: "workingHours", width: 12 },
    { header: "发动机运行时长(h)", key: "engineHours", width: 16 },
    { header: "行驶里程(km)", key: "mileageKm", width: 12 },
    { header: "油耗(L)", key: "fuelL", width: 10 },
    { header: "作业小时油耗(L/h)", key: "fuelPerHour", width: 16 },
  ],
  async *rows(job, ctx) {
    const q = job.params as unknown as FarmStatsQuery;
    const dim = FARM_STAT_DIMENSIONS.includes(q.groupBy as FarmStatDimension)
      ? (q.groupBy as FarmStatDimension)
      : "day";
    const { rows, total } = await farmStats(ctx, job.tenantIds, q);
    const label = (key: string) =>
      dim === "type"
        ? typeLabel(key)
        : dim === "model"
          ? key.replace(/^([^|]+)\|/, (_, t: string) => `${typeLabel(t)} `)
          : key;
    yield [{ key: DIMENSION_HEADERS[dim] }, ...rows.map((r) => ({ ...r, key: label(r.key) })), total].map((r) =>
      "machineDays" in r ? { ...r, fuelPerHour: fuelPerWorkingHour(r) ?? "" } : r,
    );
  },
};

/** 统计报表's export: every (machine, day) row. */
export const dailyReportExporter: ExportSheet = {
  title: "统计报表",
  columns: [
    { header: "日期", key: "day", width: 12 },
    { header: "机械PIN码", key: "vin", width: 22 },
    { header: "机械类型", key: "machineryType", width: 10 },
    { header: "产品型号", key: "model", width: 14 },
    { header: "在线时长(h)", key: "onlineHours", width: 12 },
    { header: "作业时长(h)", key: "workingHours", width: 12 },
    { header: "发动机运行时长(h)", key: "engineHours", width: 16 },
    { header: "行驶里程(km)", key: "mileageKm", width: 12 },
    { header: "油耗(L)", key: "fuelL", width: 10 },
    { header: "报警次数", key: "alarmReports", width: 10 },
    { header: "报警", key: "alarms", width: 24 },
  ],
  async *rows(job, ctx) {
    const q = job.params as { vin?: string; startTime: number; endTime: number };
    const rows = await dailyReport(ctx, job.tenantIds, q);
    for (let i = 0; i < rows.length; i += 1000) {
      yield rows.slice(i, i + 1000).map((r) => ({
        ...r,
        machineryType: MACHINERY_TYPE_LABELS[r.machineryType],
        onlineHours: hoursText(r.onlineMs),
        alarms: r.alarms.join("、"),
      }));
    }
  },
};
