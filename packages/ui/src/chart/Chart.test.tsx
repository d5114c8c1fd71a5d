import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { Chart } from "./Chart";
import { isChartEmpty } from "./chartData";

describe("chart wrapper", () => {
  it("counts no series, empty series and all-null data as empty", () => {
    expect(isChartEmpty("line", [])).toBe(true);
    expect(isChartEmpty("line", [{ name: "a", data: [] }])).toBe(true);
    expect(isChartEmpty("bar", [{ name: "a", data: [null, null] }])).toBe(true);
    expect(isChartEmpty("bar", [{ name: "a", data: [null, 0] }])).toBe(false);
    expect(isChartEmpty("pie", [0, 0])).toBe(true);
    expect(isChartEmpty("donut", [0, 3])).toBe(false);
  });
  it("shows 暂无数据 with the title when there is nothing to draw", () => {
    render(<Chart kind="line" title="在线车辆数" series={[]} />);
    const fig = screen.getByRole("figure", { name: "在线车辆数" });
    expect(fig.textContent).toContain("暂无数据");
    expect(screen.getByRole("status").textContent).toBe("暂无数据");
  });
});
