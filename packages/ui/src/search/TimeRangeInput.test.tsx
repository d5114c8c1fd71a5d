import { fireEvent, render, screen } from "@testing-library/react";
import type { TimeRange } from "@tsp/domain";
import { describe, expect, it, vi } from "vitest";
import { TimeRangeInput } from "./TimeRangeInput";

const at = (y: number, m: number, d: number, h = 0, mi = 0, s = 0) => new Date(y, m - 1, d, h, mi, s).getTime();

describe("TimeRangeInput", () => {
  it("a start alone gets the end of its day (23:59:59), an end alone the start of its day", () => {
    const onChange = vi.fn();
    const { rerender } = render(<TimeRangeInput label="上报时间" value={null} onChange={onChange} />);
    fireEvent.change(screen.getByLabelText("上报时间开始"), { target: { value: "2026-11-20T08:30:00" } });
    expect(onChange).toHaveBeenLastCalledWith([at(2026, 11, 20, 8, 30), at(2026, 11, 20, 23, 59, 59)]);
    fireEvent.change(screen.getByLabelText("上报时间结束"), { target: { value: "2026-11-21T10:00:00" } });
    expect(onChange).toHaveBeenLastCalledWith([at(2026, 11, 21), at(2026, 11, 21, 10)]);
    const range: TimeRange = [at(2026, 11, 1, 1, 2, 3), at(2026, 11, 2)];
    rerender(<TimeRangeInput label="上报时间" value={range} onChange={onChange} />);
    expect((screen.getByLabelText("上报时间开始") as HTMLInputElement).value).toBe("2026-11-01T01:02:03");
    fireEvent.change(screen.getByLabelText("上报时间结束"), { target: { value: "" } });
    expect(onChange).toHaveBeenLastCalledWith(null);
  });
});
