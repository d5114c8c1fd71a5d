import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { DEFAULT_PAGE_SIZE, PAGE_SIZE_STORAGE_KEY } from "@tsp/domain";
import { describe, expect, it, vi } from "vitest";
import { actionsColumn } from "../kit/columns";
import { CursorPager } from "./CursorPager";
import { DataTable, MIN_SHARED_COLUMN_WIDTH, tableMinWidth } from "./DataTable";
import { NumberedPager, pageWindow } from "./NumberedPager";
import { useRememberedPageSize } from "./pageSize";
import type { Column } from "./types";

interface Row {
  vin: string;
  content: string;
}
const cols: Column<Row>[] = [
  { key: "vin", title: "VIN", width: 180 },
  { key: "content", title: "原始报文", ellipsis: true },
];
const many = (n: number): Row[] =>
  Array.from({ length: n }, (_, i) => ({ vin: `LTEST${String(i).padStart(12, "0")}`, content: `2323${i}` }));

describe("DataTable", () => {
  it("shows 暂无数据 when there are no rows", () => {
    render(<DataTable label="登录日志" columns={cols} rows={[]} rowKey={(r) => r.vin} />);
    expect(screen.getByRole("status").textContent).toBe("暂无数据");
  });
  it("scrolls sideways rather than squeezing shared columns, and keeps the actions in view", () => {
    const withActions: Column<Row>[] = [...cols, actionsColumn<Row>("操作", () => <button type="button">删除</button>)];
    render(<DataTable label="登录日志" columns={withActions} rows={many(1)} rowKey={(r) => r.vin} />);
    // 180 fixed + one shared column at its least 120 + the 140 px actions column
    expect(tableMinWidth(withActions)).toBe(180 + MIN_SHARED_COLUMN_WIDTH + 140);
    expect(screen.getByRole("table").style.minWidth).toBe(`${180 + MIN_SHARED_COLUMN_WIDTH + 140}px`);
    const cell = screen.getByRole("button", { name: "删除" }).closest("td");
    expect(cell?.className).toMatch(/\bsticky\b/);
    expect(cell?.className).toMatch(/\bright-0\b/);
    expect(screen.getByRole("columnheader", { name: "操作" }).className).toMatch(/\bsticky\b/);
    // ordinary columns do not stick
    expect(screen.getByRole("columnheader", { name: "VIN" }).className).not.toMatch(/\bsticky\b/);
  });
  it("renders every row of a short list", () => {
    render(<DataTable label="登录日志" columns={cols} rows={many(20)} rowKey={(r) => r.vin} />);
    expect(within(screen.getByRole("table")).getAllByRole("row")).toHaveLength(21);
  });
  it("virtualises a long list: 10 000 rows, only a window in the DOM", () => {
    render(<DataTable label="登录日志" columns={cols} rows={many(10_000)} rowKey={(r) => r.vin} height={360} />);
    const rendered = within(screen.getByRole("table")).getAllByRole("row").length;
    expect(rendered).toBeGreaterThan(5);
    expect(rendered).toBeLessThan(60);
    expect(screen.getByRole("table").getAttribute("aria-rowcount")).toBe("10001");
  });
  it("gives the full text of an ellipsis cell on demand (Enter)", async () => {
    const long = "232301FE4C54455354".repeat(10);
    render(<DataTable label="登录日志" columns={cols} rows={[{ vin: "V", content: long }]} rowKey={(r) => r.vin} />);
    const cell = screen.getByRole("button", { name: /查看全文/ });
    expect(cell.getAttribute("title")).toBe(long);
    cell.focus();
    await userEvent.setup().keyboard("{Enter}");
    expect(screen.getAllByText(long).length).toBeGreaterThan(1);
  });
});

describe("NumberedPager", () => {
  it("windows long page lists with gaps", () => {
    expect(pageWindow(1, 3)).toEqual([1, 2, 3]);
    expect(pageWindow(10, 20)).toEqual([1, null, 8, 9, 10, 11, 12, null, 20]);
  });
  it("goes to a page and back to page 1 on a new size", async () => {
    const onChange = vi.fn();
    render(<NumberedPager pageNum={2} pageSize={10} total={95} onChange={onChange} />);
    const user = userEvent.setup();
    expect(screen.getByText("共 95 条")).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "下一页" }));
    expect(onChange).toHaveBeenLastCalledWith(3, 10);
    await user.selectOptions(screen.getByRole("combobox", { name: "每页条数" }), "50");
    expect(onChange).toHaveBeenLastCalledWith(1, 50);
    expect(screen.getByRole("button", { name: "第 2 页" }).getAttribute("aria-current")).toBe("page");
  });
  it("disables 上一页 on the first page and 下一页 on the last", () => {
    render(<NumberedPager pageNum={1} pageSize={10} total={10} onChange={() => {}} />);
    expect((screen.getByRole("button", { name: "上一页" }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole("button", { name: "下一页" }) as HTMLButtonElement).disabled).toBe(true);
  });
});

function SizeProbe() {
  const [size, setSize] = useRememberedPageSize();
  return (
    <button type="button" onClick={() => setSize(50)}>
      size {size}
    </button>
  );
}

describe("remembered page size", () => {
  it("defaults to 10, stores a chosen size and reads it back on the next mount", async () => {
    localStorage.removeItem(PAGE_SIZE_STORAGE_KEY);
    const first = render(<SizeProbe />);
    expect(screen.getByRole("button").textContent).toBe(`size ${DEFAULT_PAGE_SIZE}`);
    await userEvent.setup().click(screen.getByRole("button"));
    first.unmount();
    render(<SizeProbe />);
    expect(screen.getByRole("button").textContent).toBe("size 50");
  });
  it("ignores a size that is not an option", () => {
    localStorage.setItem(PAGE_SIZE_STORAGE_KEY, "7");
    render(<SizeProbe />);
    expect(screen.getByRole("button").textContent).toBe("size 10");
  });
});

describe("CursorPager", () => {
  it("offers 下一页 only while a nextKey exists", async () => {
    const onNext = vi.fn();
    const { rerender } = render(
      <CursorPager page={1} nextKey="k2" canGoBack={false} onNext={onNext} onBack={() => {}} />,
    );
    await userEvent.setup().click(screen.getByRole("button", { name: "下一页" }));
    expect(onNext).toHaveBeenCalledOnce();
    expect((screen.getByRole("button", { name: "上一页" }) as HTMLButtonElement).disabled).toBe(true);
    rerender(<CursorPager page={2} nextKey={null} canGoBack onNext={onNext} onBack={() => {}} />);
    expect(screen.queryByRole("button", { name: "下一页" })).toBeNull();
    expect((screen.getByRole("button", { name: "上一页" }) as HTMLButtonElement).disabled).toBe(false);
  });
});
