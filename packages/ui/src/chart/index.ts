// The chart chunk (ApexCharts). Import through ../lazy, not directly.
export { Chart, type ChartProps } from "./Chart";
