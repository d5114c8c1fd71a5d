import { render, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { clusterColor, FleetMap } from "./FleetMap";

const COLORS = { alarm: "#b91c1c", working: "#15803d", offline: "#4b5563" };
const ORDER = ["alarm", "working", "offline"];

describe("FleetMap", () => {
  it("colours a cluster by the most important category inside, grey when none is known", () => {
    expect(clusterColor(["offline", "working"], COLORS, ORDER)).toBe("#15803d");
    expect(clusterColor(["working", "alarm", "offline"], COLORS, ORDER)).toBe("#b91c1c");
    expect(clusterColor(["unknown"], COLORS, ORDER)).toBe("#6b7280");
    expect(clusterColor([], COLORS, ORDER)).toBe("#6b7280");
  });

  it("draws the points it is given on one focusable map and takes new ones in place", () => {
    const points = (n: number) => ({
      id: Array.from({ length: n }, (_, i) => `M${i}`),
      lng: Array.from({ length: n }, (_, i) => 100 + i / 100),
      lat: Array.from({ length: n }, (_, i) => 30 + i / 100),
      category: Array.from({ length: n }, (_, i) => ORDER[i % 3] ?? "offline"),
    });
    const onSelect = vi.fn();
    const { rerender } = render(
      <FleetMap points={points(3)} colors={COLORS} order={ORDER} onSelect={onSelect} label="机械分布地图" />,
    );
    const map = screen.getByRole("application", { name: "机械分布地图" });
    expect(map.getAttribute("data-points")).toBe("3");
    expect(map.tabIndex).toBe(0);
    rerender(
      <FleetMap
        points={points(10_000)}
        colors={COLORS}
        order={ORDER}
        onSelect={onSelect}
        selected="M1"
        fitKey="search 2"
        label="机械分布地图"
      />,
    );
    expect(map.getAttribute("data-points")).toBe("10000");
    // No DOM element per point: the map's element holds no node per machine.
    expect(map.querySelectorAll("*").length).toBeLessThan(100);
    expect(onSelect).not.toHaveBeenCalled();
  });
});
