import type { ApexOptions } from "apexcharts";
import * as ReactApexChartModule from "react-apexcharts";
import { EmptyState } from "../feedback/EmptyState";
import { type ChartKind, type ChartSeries, isChartEmpty } from "./chartData";

// TOOLCHAIN.md: under Vite 8 the CommonJS wrapper arrives as the module or its default.
const mod = ReactApexChartModule as unknown as { default?: { default?: unknown } | unknown };
const ReactApexChart = ((mod.default as { default?: unknown })?.default ??
  mod.default ??
  mod) as typeof import("react-apexcharts").default;

/** Props of {@link Chart}. */
export interface ChartProps {
  kind: ChartKind;
  /** Accessible name, also the title drawn above the chart. */
  title: string;
  /** Axis charts: named series; pie/donut: one value per label. */
  series: ChartSeries[] | number[];
  /** X-axis categories (axis charts) or slice labels (pie/donut). */
  categories?: string[];
  height?: number;
  /** Extra ApexCharts options, merged over the kit's defaults. */
  options?: ApexOptions;
  emptyText?: string;
}

/** The kit's accent first, then muted companions. */
const COLORS = ["#2563eb", "#16a34a", "#f59e0b", "#dc2626", "#7c3aed", "#0891b2"];

/**
 * Chart wrapper on ApexCharts 5.0 (MIT) with the spec's 暂无数据 empty state. Loaded lazily
 * (see ../lazy). The figure is labelled by its title for assistive tech.
 */
export function Chart({ kind, title, series, categories, height = 300, options, emptyText = "暂无数据" }: ChartProps) {
  const empty = isChartEmpty(kind, series);
  const round = kind === "pie" || kind === "donut";
  const base: ApexOptions = {
    chart: {
      fontFamily: "inherit",
      toolbar: { show: false },
      animations: { enabled: false },
      zoom: { enabled: false },
    },
    colors: COLORS,
    title: { text: title, style: { fontSize: "14px", fontWeight: 500, color: "#1f2937" } },
    dataLabels: { enabled: round },
    stroke: { width: kind === "bar" ? 0 : 2, curve: "smooth" },
    legend: { fontSize: "12px", position: round ? "right" : "top", horizontalAlign: "right" },
    grid: { borderColor: "#e5e7eb", strokeDashArray: 3 },
    noData: { text: emptyText },
    ...(round ? { labels: categories ?? [] } : { xaxis: { categories: categories ?? [] } }),
  };
  return (
    <figure aria-label={title} className="relative rounded border border-gray-200 bg-white p-2">
      {empty ? (
        <div style={{ height }} className="flex flex-col">
          <figcaption className="px-2 pt-1 text-sm font-medium text-gray-800">{title}</figcaption>
          <div className="flex flex-1 items-center justify-center">
            <EmptyState text={emptyText} />
          </div>
        </div>
      ) : (
        <ReactApexChart
          type={kind}
          height={height}
          series={series as ApexOptions["series"]}
          options={{ ...base, ...options, chart: { ...base.chart, ...options?.chart } }}
        />
      )}
    </figure>
  );
}
