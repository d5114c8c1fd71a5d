import { act, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { LoadingOverlay } from "./LoadingOverlay";
import { ToastProvider, useToast } from "./Toasts";

function Trigger() {
  const toast = useToast();
  return (
    <button type="button" onClick={() => toast.warning("请选择地址")}>
      go
    </button>
  );
}

describe("toasts", () => {
  it("shows a warning as an alert and removes it after its duration", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    render(
      <ToastProvider durationMs={3000}>
        <Trigger />
      </ToastProvider>,
    );
    await userEvent.setup({ advanceTimers: vi.advanceTimersByTime }).click(screen.getByRole("button", { name: "go" }));
    expect(screen.getByRole("alert").textContent).toContain("请选择地址");
    act(() => {
      vi.advanceTimersByTime(3001);
    });
    expect(screen.queryByRole("alert")).toBeNull();
    vi.useRealTimers();
  });
});

describe("LoadingOverlay", () => {
  it("renders a busy status only while shown", () => {
    const { rerender } = render(<LoadingOverlay show />);
    expect(screen.getByRole("status").getAttribute("aria-busy")).toBe("true");
    rerender(<LoadingOverlay show={false} />);
    expect(screen.queryByRole("status")).toBeNull();
  });
});
