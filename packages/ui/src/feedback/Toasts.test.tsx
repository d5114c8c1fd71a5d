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

function AllKinds() {
  const toast = useToast();
  return (
    <button
      type="button"
      onClick={() => {
        toast.success("保存成功");
        toast.info("已提交");
        toast.error("请求失败");
      }}
    >
      all
    </button>
  );
}

describe("toast kinds", () => {
  it("success and info are statuses, errors alerts; the close button removes one", async () => {
    render(
      <ToastProvider>
        <AllKinds />
      </ToastProvider>,
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: "all" }));
    expect(screen.getAllByRole("status").map((s) => s.textContent)).toEqual(["保存成功×", "已提交×"]);
    expect(screen.getByRole("alert").textContent).toBe("请求失败×");
    await user.click(screen.getAllByRole("button", { name: "关闭提示" })[0] as HTMLElement);
    expect(screen.queryByText("保存成功")).toBeNull();
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
