import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { actionsColumn, dateTimeColumn, ellipsisColumn, enumColumn } from "./columns";
import { DetailList } from "./DetailList";
import { ListScreen } from "./ListScreen";
import { Segmented } from "./Segmented";

interface Row {
  id: string;
  name: string;
  state: string;
  at: number | null;
}
const rows: Row[] = [
  { id: "a", name: "一号卡", state: "active", at: new Date(2026, 10, 23, 8, 5, 9).getTime() },
  { id: "b", name: "二号卡", state: "odd", at: null },
];
const columns = [
  ellipsisColumn<Row>("name", "名称"),
  enumColumn<Row>("state", "状态", { active: { label: "正常", tone: "green" } }),
  dateTimeColumn<Row>("at", "时间"),
  actionsColumn<Row>("操作", (row) => <button type="button">编辑 {row.id}</button>),
];

describe("ListScreen", () => {
  it("lays out heading, search, toolbar, table and the numbered pager", async () => {
    const onChange = vi.fn();
    render(
      <ListScreen
        title="SIM卡数据"
        search={<form aria-label="搜索条件" />}
        toolbar={<button type="button">导入</button>}
        columns={columns}
        rows={rows}
        rowKey={(r) => r.id}
        loading={false}
        paging={{ kind: "numbered", pageNum: 1, pageSize: 10, total: 25, onChange }}
      />,
    );
    expect(screen.getByRole("heading", { name: "SIM卡数据" })).toBeTruthy();
    expect(screen.getByRole("region", { name: "SIM卡数据" })).toBeTruthy();
    const table = screen.getByRole("table", { name: "SIM卡数据" });
    const [first, second] = within(table).getAllByRole("row").slice(1);
    if (!first || !second) throw new Error("rows missing");
    expect(within(first).getByText("正常")).toBeTruthy();
    expect(within(first).getByText("2026-11-23 08:05:09")).toBeTruthy();
    expect(within(second).getByText("odd")).toBeTruthy();
    expect(within(first).getByRole("button", { name: "编辑 a" })).toBeTruthy();
    expect(screen.getByText("共 25 条")).toBeTruthy();
    await userEvent.setup().click(screen.getByRole("button", { name: "第 3 页" }));
    expect(onChange).toHaveBeenCalledWith(3, 10);
  });

  it("shows the hint instead of the table before a search, and the cursor pager with its size select", async () => {
    const onPageSize = vi.fn();
    const { rerender } = render(
      <ListScreen
        title="日志"
        searched={false}
        hint="请先查询"
        columns={columns}
        rows={[]}
        rowKey={(r) => r.id}
        loading={false}
        paging={{
          kind: "cursor",
          page: 1,
          nextKey: "k",
          canGoBack: false,
          onNext() {},
          onBack() {},
          pageSize: 10,
          onPageSize,
        }}
      />,
    );
    expect(screen.getByText("请先查询")).toBeTruthy();
    expect(screen.queryByRole("table")).toBeNull();
    rerender(
      <ListScreen
        title="日志"
        columns={columns}
        rows={[]}
        rowKey={(r) => r.id}
        loading={false}
        paging={{
          kind: "cursor",
          page: 2,
          nextKey: null,
          canGoBack: true,
          onNext() {},
          onBack() {},
          pageSize: 10,
          onPageSize,
        }}
      />,
    );
    expect(screen.getByText("暂无数据")).toBeTruthy();
    expect(screen.getByText("已是最后一页")).toBeTruthy();
    await userEvent.setup().selectOptions(screen.getByLabelText("每页条数"), "50");
    expect(onPageSize).toHaveBeenCalledWith(50);
  });
});

describe("DetailList", () => {
  it("shows each label with its value, and a dash for an empty one", () => {
    render(
      <DetailList
        items={[
          { label: "ICCID", value: "8986" },
          { label: "VIN", value: null },
        ]}
      />,
    );
    expect(screen.getByText("ICCID").nextElementSibling?.textContent).toBe("8986");
    expect(screen.getByText("VIN").nextElementSibling?.textContent).toBe("—");
  });
});

describe("Segmented", () => {
  it("is a radio group: the chosen view is checked and another one is chosen by click", async () => {
    const onChange = vi.fn();
    render(
      <Segmented
        legend="日志类型"
        options={[
          { value: "login", label: "登录日志" },
          { value: "logout", label: "登出日志" },
        ]}
        value="login"
        onChange={onChange}
      />,
    );
    expect(screen.getByRole("radio", { name: "登录日志" })).toHaveProperty("checked", true);
    await userEvent.setup().click(screen.getByText("登出日志"));
    expect(onChange).toHaveBeenCalledWith("logout");
  });
});
