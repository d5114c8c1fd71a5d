/** A series as ApexCharts takes it for axis charts. */
export interface ChartSeries {
  name: string;
  data: (number | null)[];
}

/** Chart kinds the wrapper offers (axis charts take series, pie/donut take values). */
export type ChartKind = "line" | "area" | "bar" | "pie" | "donut";

/**
 * Whether there is anything to draw (spec §2: the wrapper shows 暂无数据 when empty): no
 * series, or only empty / null data, counts as empty.
 */
export function isChartEmpty(kind: ChartKind, series: readonly ChartSeries[] | readonly number[]): boolean {
  if (kind === "pie" || kind === "donut") return (series as readonly number[]).every((v) => !v);
  return (series as readonly ChartSeries[]).every((s) => s.data.every((v) => v === null || v === undefined));
}
