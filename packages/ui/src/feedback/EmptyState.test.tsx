import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { EmptyState } from "./EmptyState";

describe("EmptyState", () => {
  it("shows 暂无数据 by default", () => {
    render(<EmptyState />);
    expect(screen.getByRole("status").textContent).toBe("暂无数据");
  });
  it("shows a given hint", () => {
    render(<EmptyState text="请输入VIN" />);
    expect(screen.getByRole("status").textContent).toBe("请输入VIN");
  });
});
