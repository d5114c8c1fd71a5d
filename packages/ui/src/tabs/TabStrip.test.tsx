import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { initialTabs, reduceTabs, type Tab, type TabsState } from "@tsp/domain";
import { useState } from "react";
import { describe, expect, it, vi } from "vitest";
import { TabStrip } from "./TabStrip";

const tab = (path: string, title: string): Tab => ({ path, fullPath: path, name: path, meta: { title } });

function Shell({ navigate }: { navigate: (to: string) => void }) {
  const [state, setState] = useState<TabsState>(() =>
    [tab("/tbox/loginJournal", "登录登出日志"), tab("/baseInfo/dealer", "经销商信息")].reduce(
      (s, t) => reduceTabs(s, { type: "open", tab: t }).state,
      initialTabs(),
    ),
  );
  return (
    <TabStrip
      state={state}
      onSelect={(i) => setState((s) => ({ ...s, activeIndex: i }))}
      onClose={(i) => {
        const r = reduceTabs(state, { type: "close", index: i });
        setState(r.state);
        if (r.navigateTo) navigate(r.navigateTo);
      }}
    />
  );
}

describe("TabStrip", () => {
  it("renders the reducer's tabs, the last opened active, home without a close button", () => {
    render(<Shell navigate={() => {}} />);
    const tabs = screen.getAllByRole("tab");
    expect(tabs.map((t) => t.textContent)).toEqual(["首页", "登录登出日志×", "经销商信息×"]);
    expect(tabs[2]?.getAttribute("aria-selected")).toBe("true");
    expect(screen.queryByTitle("关闭 首页")).toBeNull();
  });
  it("closing the active tab activates the previous one and navigates there", async () => {
    const navigate = vi.fn();
    render(<Shell navigate={navigate} />);
    await userEvent.setup().click(screen.getByTitle("关闭 经销商信息"));
    expect(navigate).toHaveBeenCalledWith("/tbox/loginJournal");
    expect(screen.getByRole("tab", { selected: true }).textContent).toBe("登录登出日志×");
  });
  it("works by keyboard: arrows move, Enter opens, Delete closes", async () => {
    render(<Shell navigate={() => {}} />);
    const user = userEvent.setup();
    screen.getAllByRole("tab")[2]?.focus();
    await user.keyboard("{ArrowLeft}{Enter}");
    expect(screen.getByRole("tab", { selected: true }).textContent).toBe("登录登出日志×");
    await user.keyboard("{Delete}");
    expect(screen.getAllByRole("tab")).toHaveLength(2);
    await user.keyboard("{Home}");
    expect(document.activeElement?.textContent).toBe("首页");
  });
});
