import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import * as v from "valibot";
import { describe, expect, it, vi } from "vitest";
import { FormDialog } from "./FormDialog";
import { TreeCheck } from "./TreeCheck";

const rows = [
  { id: 1, parentId: null, depth: 0, label: "车辆运营管理" },
  { id: 2, parentId: 1, depth: 1, label: "登录登出日志" },
  { id: 3, parentId: 2, depth: 2, label: "登入日志导出", hint: "/tbox/loginJournal/loginLog/export" },
];

describe("TreeCheck", () => {
  it("shows each row's state (a partly ticked branch indeterminate), toggles by id, folds a branch", async () => {
    const onToggle = vi.fn();
    const states: Record<number, "all" | "some" | "none"> = { 1: "some", 2: "some", 3: "none" };
    render(
      <TreeCheck
        label="菜单与按钮权限"
        rows={rows}
        stateOf={(id) => states[id] ?? "none"}
        onToggle={onToggle}
        expandText="展开"
        collapseText="收起"
      />,
    );
    const tree = screen.getByRole("list", { name: "菜单与按钮权限" });
    const branch = screen.getByRole("checkbox", { name: "车辆运营管理" }) as HTMLInputElement;
    expect(branch.indeterminate).toBe(true);
    expect(branch.checked).toBe(false);
    await userEvent.click(screen.getByRole("checkbox", { name: /登入日志导出/ }));
    expect(onToggle).toHaveBeenCalledWith(3);
    await userEvent.click(screen.getByRole("button", { name: "收起 登录登出日志" }));
    expect(tree.querySelectorAll("li")).toHaveLength(2);
    await userEvent.click(screen.getByRole("button", { name: "展开 登录登出日志" }));
    expect(tree.querySelectorAll("li")).toHaveLength(3);
  });
});

describe("FormDialog's password, checkbox and checks", () => {
  it("gives ids from numeric checks, a boolean from a checkbox, and hides a password", async () => {
    const onSubmit = vi.fn(async () => null);
    render(
      <FormDialog
        open
        title="新增账号"
        fields={[
          { key: "password", label: "初始密码", kind: "password" },
          { key: "hidden", label: "隐藏", kind: "checkbox" },
          {
            key: "roleIds",
            label: "角色",
            kind: "checks",
            numeric: true,
            options: [
              { value: "5", label: "运营专员" },
              { value: "7", label: "日志查看员" },
            ],
          },
        ]}
        initial={{ password: "", hidden: false, roleIds: [5] }}
        schema={v.object({ password: v.string(), hidden: v.boolean(), roleIds: v.array(v.number()) })}
        onSubmit={onSubmit}
        onClose={() => {}}
      />,
    );
    const password = screen.getByLabelText("初始密码");
    expect(password.getAttribute("type")).toBe("password");
    await userEvent.type(password, "Secret@1");
    await userEvent.click(screen.getByRole("checkbox", { name: "隐藏" }));
    const group = screen.getByRole("group", { name: "角色" });
    expect(group).toBeTruthy();
    await userEvent.click(screen.getByRole("checkbox", { name: "日志查看员" }));
    await userEvent.click(screen.getByRole("checkbox", { name: "运营专员" }));
    await userEvent.click(screen.getByRole("button", { name: "确定" }));
    expect(onSubmit).toHaveBeenCalledWith({ password: "Secret@1", hidden: true, roleIds: [7] });
  });
});
