import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { formatBytes, formatDateTime } from "../../format/dateTime";
import { LoginPage } from "../login/LoginPage";
import { NotAvailablePage } from "../notAvailable/NotAvailablePage";
import { ErrorPage, NotFoundPage, UnauthorizedPage } from "./ErrorPage";

describe("pages of the shell", () => {
  it("a screen not built yet says 暂未开放 with its title", () => {
    render(<NotAvailablePage title="单车查询" />);
    expect(screen.getByRole("heading", { name: "单车查询" })).toBeTruthy();
    expect(screen.getByText("暂未开放")).toBeTruthy();
  });
  it("404 leads home; 401 offers signing in again", async () => {
    const onSignIn = vi.fn();
    render(
      <>
        <NotFoundPage />
        <UnauthorizedPage onSignIn={onSignIn} />
      </>,
    );
    expect(screen.getAllByRole("link", { name: "返回首页" })[0]?.getAttribute("href")).toBe("#/");
    await userEvent.click(screen.getByRole("button", { name: "重新登录" }));
    expect(onSignIn).toHaveBeenCalledOnce();
  });
  it("the error page names the failure, or the chunk failure in the spec's words", () => {
    const { unmount } = render(<ErrorPage detail="boom" />);
    expect(screen.getByText("页面发生错误，请刷新后重试。（boom）")).toBeTruthy();
    unmount();
    render(<ErrorPage chunkFailed />);
    expect(screen.getByText("页面资源加载失败，请刷新重试")).toBeTruthy();
  });
  it("/login sends the person to the authorisation page", async () => {
    const onSignIn = vi.fn();
    render(<LoginPage onSignIn={onSignIn} />);
    await userEvent.click(screen.getByRole("button", { name: "前往登录" }));
    expect(onSignIn).toHaveBeenCalledOnce();
  });
});

describe("formats", () => {
  it("times as yyyy-MM-dd HH:mm:ss, nothing for no value", () => {
    expect(formatDateTime(new Date(2026, 0, 2, 3, 4, 5).getTime())).toBe("2026-01-02 03:04:05");
    expect(formatDateTime(null)).toBe("");
    expect(formatDateTime("not a date")).toBe("");
  });
  it("sizes in B, KB and MB", () => {
    expect(formatBytes(512)).toBe("512 B");
    expect(formatBytes(6656)).toBe("6.5 KB");
    expect(formatBytes(3 * 1024 * 1024)).toBe("3.0 MB");
    expect(formatBytes(null)).toBe("");
  });
});
