import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { HOME_TAB, type TabsState } from "@tsp/domain";
import { describe, expect, it, vi } from "vitest";
import { ShellTabs } from "./ShellTabs";

const tab = (path: string, title: string) => ({ path, fullPath: path, name: path, meta: { title } });
const state: TabsState = { tabs: [HOME_TAB, tab("/a", "甲"), tab("/b", "乙")], activeIndex: 2 };

function setup() {
  const calls = { onActivate: vi.fn(), onClose: vi.fn(), onCloseOthers: vi.fn(), onCloseAll: vi.fn() };
  render(<ShellTabs state={state} {...calls} />);
  return calls;
}

describe("tab list with its context menu", () => {
  it("is a tablist with the active tab selected", () => {
    setup();
    expect(screen.getByRole("tablist", { name: "已打开的页面" })).toBeTruthy();
    expect(screen.getByRole("tab", { name: /乙/ }).getAttribute("aria-selected")).toBe("true");
  });
  it("a right click offers close, close others and close all", async () => {
    const user = userEvent.setup();
    const calls = setup();
    await user.pointer({ keys: "[MouseRight]", target: screen.getByRole("tab", { name: /甲/ }) });
    await user.click(screen.getByRole("menuitem", { name: "关闭其他" }));
    expect(calls.onCloseOthers).toHaveBeenCalledWith(1);
    await user.pointer({ keys: "[MouseRight]", target: screen.getByRole("tab", { name: /甲/ }) });
    await user.click(screen.getByRole("menuitem", { name: "关闭" }));
    expect(calls.onClose).toHaveBeenCalledWith(1);
    await user.pointer({ keys: "[MouseRight]", target: screen.getByRole("tab", { name: /甲/ }) });
    await user.click(screen.getByRole("menuitem", { name: "关闭全部" }));
    expect(calls.onCloseAll).toHaveBeenCalled();
  });
  it("the home tab cannot be closed from the menu", async () => {
    const user = userEvent.setup();
    setup();
    await user.pointer({ keys: "[MouseRight]", target: screen.getByRole("tab", { name: /首页/ }) });
    expect((screen.getByRole("menuitem", { name: "关闭" }) as HTMLButtonElement).disabled).toBe(true);
  });
  it("the keyboard opens the menu (Shift+F10), moves in it and Escape closes it", async () => {
    const user = userEvent.setup();
    const calls = setup();
    screen.getByRole("tab", { name: /乙/ }).focus();
    await user.keyboard("{Shift>}{F10}{/Shift}");
    expect(document.activeElement?.textContent).toBe("关闭");
    await user.keyboard("{ArrowDown}");
    expect(document.activeElement?.textContent).toBe("关闭其他");
    await user.keyboard("{Enter}");
    expect(calls.onCloseOthers).toHaveBeenCalledWith(2);
    await user.keyboard("{Shift>}{F10}{/Shift}");
    await user.keyboard("{Escape}");
    expect(screen.queryByRole("menu")).toBeNull();
  });
});
