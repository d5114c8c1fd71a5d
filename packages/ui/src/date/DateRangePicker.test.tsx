import { fireEvent, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { DateRange } from "@tsp/domain";
import { describe, expect, it, vi } from "vitest";
import { fromWeekInput, sundayOfWeekInput, toWeekInput } from "./calendar";
import { DateRangePicker } from "./DateRangePicker";

// Wednesday 2026-11-18 12:00 local time.
const NOW = new Date(2026, 10, 18, 12).getTime();
const at = (y: number, m: number, d: number, h = 0, mi = 0, s = 0) => new Date(y, m - 1, d, h, mi, s).getTime();

describe("ISO week inputs", () => {
  it("round-trip and give Monday..Sunday", () => {
    expect(toWeekInput(NOW)).toBe("2026-W47");
    expect(fromWeekInput("2026-W47")).toBe(at(2026, 11, 16));
    expect(sundayOfWeekInput("2026-W47")).toBe(at(2026, 11, 22));
    expect(toWeekInput(at(2021, 1, 3))).toBe("2020-W53");
  });
});

describe("DateRangePicker", () => {
  it("starts at the domain default (last 7 days) and switches mode to its default", async () => {
    const onChange = vi.fn();
    render(<DateRangePicker label="统计时间" value={null} onChange={onChange} now={() => NOW} />);
    expect((screen.getByLabelText("统计时间开始") as HTMLInputElement).value).toBe("2026-11-12");
    expect((screen.getByLabelText("统计时间结束") as HTMLInputElement).value).toBe("2026-11-18");
    await userEvent.setup().click(screen.getByRole("radio", { name: "按周" }));
    const [range, mode] = onChange.mock.calls[0] as [DateRange, string];
    expect(mode).toBe("week");
    expect(range).toEqual([at(2026, 10, 26), at(2026, 11, 22, 23, 59, 59)]);
  });
  it("emits a valid day range with 00:00:00–23:59:59 and refuses a span under 7 days", () => {
    const onChange = vi.fn();
    render(<DateRangePicker label="统计时间" value={null} onChange={onChange} now={() => NOW} modes={["day"]} />);
    fireEvent.change(screen.getByLabelText("统计时间开始"), { target: { value: "2026-11-01" } });
    expect(onChange).toHaveBeenLastCalledWith([at(2026, 11, 1), at(2026, 11, 18, 23, 59, 59)], "day");
    onChange.mockClear();
    fireEvent.change(screen.getByLabelText("统计时间开始"), { target: { value: "2026-11-15" } });
    expect(screen.getByRole("alert").textContent).toBe("时间跨度需为7至31天");
    expect(onChange).not.toHaveBeenCalled();
  });
  it("month mode spans whole months and refuses more than 12", () => {
    const onChange = vi.fn();
    render(<DateRangePicker label="统计时间" value={null} onChange={onChange} now={() => NOW} modes={["month"]} />);
    expect((screen.getByLabelText("统计时间开始") as HTMLInputElement).value).toBe("2026-06");
    fireEvent.change(screen.getByLabelText("统计时间开始"), { target: { value: "2025-01" } });
    expect(screen.getByRole("alert").textContent).toBe("时间跨度需为6至12个月");
    expect(onChange).not.toHaveBeenCalled();
    fireEvent.change(screen.getByLabelText("统计时间开始"), { target: { value: "2026-01" } });
    expect(onChange).toHaveBeenLastCalledWith([at(2026, 1, 1), at(2026, 11, 30, 23, 59, 59)], "month");
  });
});
