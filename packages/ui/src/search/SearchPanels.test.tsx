import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { CollapsiblePanel, SearchItem } from "./CollapsiblePanel";
import { DefaultSearchPanel } from "./DefaultSearchPanel";
import { type LookupQuery, TwoPartSearch } from "./TwoPartSearch";

const brands = async () => [{ brandId: 1, brandName: "解放" }];

const FIELDS = ["字段1", "字段2", "字段3", "字段4", "字段5", "字段6"];
const items = (n: number) =>
  FIELDS.slice(0, n).map((name) => (
    <SearchItem key={name} label={name}>
      <input aria-label={name} />
    </SearchItem>
  ));

describe("CollapsiblePanel", () => {
  it("does not collapse with 5 items", () => {
    render(
      <CollapsiblePanel label="搜索" actions={null}>
        {items(5)}
      </CollapsiblePanel>,
    );
    expect(screen.queryByRole("button", { name: /展开|收起/ })).toBeNull();
    expect(screen.getByRole("textbox", { name: "字段5" })).toBeTruthy();
  });
  it("collapses with 6 items and expands on demand", async () => {
    render(
      <CollapsiblePanel label="搜索" actions={null}>
        {items(6)}
      </CollapsiblePanel>,
    );
    const toggle = screen.getByRole("button", { name: "展开 ▾" });
    expect(toggle.getAttribute("aria-expanded")).toBe("false");
    expect(screen.queryByRole("textbox", { name: "字段6" })).toBeNull();
    await userEvent.setup().click(toggle);
    expect(screen.getByRole("textbox", { name: "字段6" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "收起 ▴" }).getAttribute("aria-expanded")).toBe("true");
  });
});

describe("DefaultSearchPanel", () => {
  it("disables 搜索 until a required VIN and time range are given", async () => {
    const onSearch = vi.fn();
    render(
      <DefaultSearchPanel
        brandLoader={brands}
        options={{ vinRequired: true, timeRequired: true, timeLabel: "时间范围" }}
        onSearch={onSearch}
      />,
    );
    const search = screen.getByRole("button", { name: "搜索" }) as HTMLButtonElement;
    expect(search.disabled).toBe(true);
    const user = userEvent.setup();
    await user.type(screen.getByRole("textbox", { name: "* VIN" }), "LFV2A21K0D3000001");
    expect(search.disabled).toBe(true);
  });
  it("validates a given VIN and searches with valid values", async () => {
    const onSearch = vi.fn();
    render(<DefaultSearchPanel brandLoader={brands} onSearch={onSearch} options={{ timeShown: false }} />);
    const user = userEvent.setup();
    const vin = screen.getByRole("textbox", { name: "VIN" });
    expect(vin.getAttribute("maxlength")).toBe("17");
    await user.type(vin, "ABC");
    await user.click(screen.getByRole("button", { name: "搜索" }));
    expect(screen.getByRole("alert").textContent).toBe("请输入17位有效VIN");
    expect(onSearch).not.toHaveBeenCalled();
    await user.clear(vin);
    await user.selectOptions(screen.getByRole("combobox", { name: "排序" }), "false");
    await user.click(screen.getByRole("button", { name: "搜索" }));
    expect(onSearch).toHaveBeenCalledWith(expect.objectContaining({ vin: "", reportTimeDesc: false }));
  });
  it("offers 导出 only when an export handler is given", () => {
    const { rerender } = render(<DefaultSearchPanel brandLoader={brands} onSearch={() => {}} />);
    expect(screen.queryByRole("button", { name: "导出" })).toBeNull();
    rerender(<DefaultSearchPanel brandLoader={brands} onSearch={() => {}} onExport={() => {}} />);
    expect(screen.getByRole("button", { name: "导出" })).toBeTruthy();
  });
});

describe("TwoPartSearch", () => {
  it("looks up by the chosen type, 10000 at once", async () => {
    const loader = vi.fn(async (q: LookupQuery) => ({ list: [{ value: `${q.type}-hit` }], total: 1 }));
    const onChange = vi.fn();
    render(<TwoPartSearch loader={loader} value={{ type: "vin", value: null }} onChange={onChange} />);
    const user = userEvent.setup();
    await user.selectOptions(screen.getByRole("combobox", { name: "查询类型" }), "iccid");
    await user.click(screen.getByRole("combobox", { name: "ICCID" }));
    await waitFor(() => expect(loader).toHaveBeenCalled());
    expect(loader.mock.calls[0]?.[0]).toEqual({ type: "iccid", keyword: "", pageNum: 1, pageSize: 10000 });
    await user.click(await screen.findByRole("option", { name: "iccid-hit" }));
    expect(onChange).toHaveBeenLastCalledWith({ type: "iccid", value: "iccid-hit" });
  });
});

describe("DefaultSearchPanel fields", () => {
  it("checks ICCID and MSISDN when given, resets, and exports valid values", async () => {
    const onExport = vi.fn();
    const onReset = vi.fn();
    render(<DefaultSearchPanel brandLoader={brands} onSearch={() => {}} onExport={onExport} onReset={onReset} />);
    const user = userEvent.setup();
    // Six items: the panel starts collapsed.
    expect(screen.queryByRole("textbox", { name: "ICCID" })).toBeNull();
    await user.click(screen.getByRole("button", { name: "展开 ▾" }));
    const iccid = screen.getByRole("textbox", { name: "ICCID" });
    await user.type(iccid, "89860-1");
    await user.click(screen.getByRole("button", { name: "导出" }));
    expect(screen.getByRole("alert").textContent).toBe("ICCID只能包含字母和数字");
    expect(onExport).not.toHaveBeenCalled();
    await user.click(screen.getByRole("button", { name: "重置" }));
    expect(onReset).toHaveBeenCalledOnce();
    expect((iccid as HTMLInputElement).value).toBe("");
    await user.type(screen.getByRole("textbox", { name: "MSISDN" }), "1440012345678");
    await user.click(screen.getByRole("button", { name: "导出" }));
    expect(onExport).toHaveBeenCalledWith(expect.objectContaining({ msisdn: "1440012345678" }));
  });
});
