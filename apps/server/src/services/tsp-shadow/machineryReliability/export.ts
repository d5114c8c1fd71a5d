import { MACHINERY_TYPE_LABELS, RELIABILITY_REASON_LABELS, type ReliabilityRow } from "@tsp/domain";
import type { ExportSheet } from "../../../platform/exports/exporter";
import { type ReliabilityQuery, reliabilityStats } from "./stats";

const typeLabel = (key: string) => MACHINERY_TYPE_LABELS[key as keyof typeof MACHINERY_TYPE_LABELS] ?? key;
const percent = (share: number) => `${(share * 100).toFixed(2)}%`;

const HEADERS: Record<NonNullable<ReliabilityQuery["groupBy"]>, string> = {
  machine: "机械PIN码",
  day: "日期",
  model: "机械类型|产品型号",
  region: "区域（1°网格中心 经度,纬度）",
};

const figureColumns = [
  { header: "实时帧数", key: "realtimeFrames", width: 10 },
  { header: "补发帧数", key: "resentFrames", width: 10 },
  { header: "补发率", key: "resentShare", width: 10 },
  { header: "中断次数", key: "gaps", width: 10 },
  { header: "中断总时长(min)", key: "gapMinutes", width: 14 },
  { header: "最长中断(min)", key: "longestGapMinutes", width: 14 },
  { header: "作业时长(h)", key: "workingHours", width: 12 },
  { header: "有数据天数", key: "daysWithData", width: 10 },
  { header: "无数据天数", key: "daysWithoutData", width: 10 },
];

/** 农机可靠性试验统计's export, sheet 1: the breakdown asked, then the total. */
const breakdownSheet: ExportSheet = {
  title: "农机可靠性试验统计",
  columns: [
    { header: "统计维度", key: "key", width: 26 },
    { header: "机械数", key: "units", width: 8 },
    { header: "有数据", key: "reporting", width: 8 },
    { header: "合格", key: "passed", width: 8 },
    ...figureColumns,
  ],
  async *rows(job, ctx) {
    const q = job.params as unknown as ReliabilityQuery;
    const { rows, total } = await reliabilityStats(ctx, job.tenantIds, q);
    const label = (key: string) =>
      q.groupBy === "model" ? key.replace(/^([^|]+)\|/, (_, t: string) => `${typeLabel(t)} `) : key;
    const out = (r: ReliabilityRow) => ({ ...r, key: label(r.key), resentShare: percent(r.resentShare) });
    yield [{ key: HEADERS[q.groupBy ?? "machine"] }, ...rows.map(out), { ...out(total), key: "合计" }];
  },
};

/** Sheet 2: every machine of the test with its verdict and the reasons. */
const machineSheet: ExportSheet = {
  title: "机械判定",
  columns: [
    { header: "机械PIN码", key: "vin", width: 22 },
    { header: "机械类型", key: "machineryType", width: 10 },
    { header: "产品型号", key: "model", width: 14 },
    ...figureColumns,
    { header: "判定", key: "verdict", width: 8 },
    { header: "不合格原因", key: "reasons", width: 40 },
  ],
  async *rows(job, ctx) {
    const q = job.params as unknown as ReliabilityQuery;
    const { machines } = await reliabilityStats(ctx, job.tenantIds, q);
    yield machines.map((m) => ({
      ...m,
      machineryType: typeLabel(m.machineryType),
      resentShare: percent(m.resentShare),
      verdict: m.passed ? "合格" : "不合格",
      reasons: m.reasons.map((r) => RELIABILITY_REASON_LABELS[r]).join("、"),
    }));
  },
};

export const reliabilityTestExporter = { title: "农机可靠性试验统计", sheets: [breakdownSheet, machineSheet] };
