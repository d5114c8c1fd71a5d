import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MSG_DATE_TIME_FORMAT, MSG_RANGE_REVERSED, MSG_VIN_LENGTH } from "@tsp/domain";
import { describe, expect, it, vi } from "vitest";
import { SearchForm } from "./SearchForm";
import type { SearchField } from "./searchFieldTypes";
import { DEFAULT_UI_TEXT, UiTextProvider } from "./uiText";

const defaults = {
  vin: "",
  carrier: "",
  start: null as number | null,
  end: null as number | null,
  min: null,
  max: null,
};
const fields: SearchField[] = [
  { kind: "vin", key: "vin", label: "VIN" },
  { kind: "choice", key: "carrier", label: "运营商", options: [{ value: "CMCC", label: "中国移动" }] },
  { kind: "dateTimeRange", keys: ["start", "end"], label: "时间范围", quick: true },
  { kind: "numberRange", keys: ["min", "max"], label: "里程" },
];

function setup(props: Partial<Parameters<typeof SearchForm<typeof defaults>>[0]> = {}) {
  const onSearch = vi.fn();
  render(<SearchForm fields={fields} values={defaults} defaults={defaults} onSearch={onSearch} {...props} />);
  return { onSearch, user: userEvent.setup() };
}

describe("SearchForm", () => {
  it("searches normalised values: VIN upper-cased, times typed as yyyy-MM-dd HH:mm:ss", async () => {
    const { onSearch, user } = setup();
    await user.type(screen.getByLabelText("VIN"), "lb3cx1hu5rc100005");
    expect(screen.getByLabelText<HTMLInputElement>("VIN").value).toBe("LB3CX1HU5RC100005");
    await user.selectOptions(screen.getByLabelText("运营商"), "CMCC");
    await user.type(screen.getByLabelText("时间范围 开始时间"), "2026-11-01 00:00:00");
    await user.type(screen.getByLabelText("时间范围 结束时间"), "2026-11-02 23:59:59");
    await user.click(screen.getByRole("button", { name: "查询" }));
    expect(onSearch).toHaveBeenCalledWith({
      ...defaults,
      vin: "LB3CX1HU5RC100005",
      carrier: "CMCC",
      start: new Date(2026, 10, 1).getTime(),
      end: new Date(2026, 10, 2, 23, 59, 59).getTime(),
    });
  });

  it("shows the domain's message under a bad field and sends nothing", async () => {
    const { onSearch, user } = setup();
    await user.type(screen.getByLabelText("VIN"), "LB3CX1HU5RC10000");
    await user.type(screen.getByLabelText("时间范围 开始时间"), "2026-11-02 00:00:00");
    await user.type(screen.getByLabelText("时间范围 结束时间"), "2026-11-01 00:00:00");
    await user.click(screen.getByRole("button", { name: "查询" }));
    const alerts = screen.getAllByRole("alert").map((a) => a.textContent);
    expect(alerts).toEqual([MSG_VIN_LENGTH, MSG_RANGE_REVERSED]);
    expect(onSearch).not.toHaveBeenCalled();
    // Typing again clears that field's message.
    await user.type(screen.getByLabelText("VIN"), "5");
    expect(screen.getAllByRole("alert").map((a) => a.textContent)).toEqual([MSG_RANGE_REVERSED]);
  });

  it("blocks the search while a date-time is not in the pattern, and 重置 clears it", async () => {
    const { onSearch, user } = setup();
    await user.type(screen.getByLabelText("时间范围 开始时间"), "2026/11/01");
    expect(screen.getByRole("alert").textContent).toBe(MSG_DATE_TIME_FORMAT);
    expect(screen.getByRole<HTMLButtonElement>("button", { name: "查询" }).disabled).toBe(true);
    await user.click(screen.getByRole("button", { name: "重置" }));
    expect(screen.queryByRole("alert")).toBeNull();
    expect(screen.getByLabelText<HTMLInputElement>("时间范围 开始时间").value).toBe("");
    await user.click(screen.getByRole("button", { name: "查询" }));
    expect(onSearch).toHaveBeenCalledWith(defaults);
  });

  it("disables 查询 while a required field is empty (spec §5)", async () => {
    const onSearch = vi.fn();
    const required: SearchField[] = [{ kind: "iccid", key: "iccid", label: "ICCID", required: true }];
    render(<SearchForm fields={required} values={{ iccid: "" }} defaults={{ iccid: "" }} onSearch={onSearch} />);
    const user = userEvent.setup();
    const button = screen.getByRole<HTMLButtonElement>("button", { name: "查询" });
    expect(button.disabled).toBe(true);
    expect(screen.getByText("* ICCID")).toBeTruthy();
    await user.type(screen.getByLabelText("* ICCID"), "89860");
    expect(button.disabled).toBe(false);
    await user.keyboard("{Enter}");
    expect(onSearch).toHaveBeenCalledWith({ iccid: "89860" });
  });

  it("skips the search silently until ready, and tells actions whether they may run", async () => {
    const action = vi.fn((_draft: typeof defaults, runnable: boolean) => (
      <button type="button" disabled={!runnable}>
        导出
      </button>
    ));
    const { onSearch, user } = setup({ ready: (v) => v.vin !== "" && v.start !== null, renderActions: action });
    await user.type(screen.getByLabelText("VIN"), "LB3CX1HU5RC100005");
    await user.click(screen.getByRole("button", { name: "查询" }));
    expect(onSearch).not.toHaveBeenCalled();
    expect(screen.queryByRole("alert")).toBeNull();
    expect(screen.getByRole<HTMLButtonElement>("button", { name: "导出" }).disabled).toBe(true);
    await user.click(screen.getByRole("button", { name: "近7天" }));
    expect(screen.getByRole<HTMLButtonElement>("button", { name: "导出" }).disabled).toBe(false);
    await user.click(screen.getByRole("button", { name: "查询" }));
    expect(onSearch).toHaveBeenCalledTimes(1);
  });

  it("searches a range of days as yyyy-MM-dd text", async () => {
    const onSearch = vi.fn();
    const days: SearchField[] = [{ kind: "dayRange", keys: ["from", "to"], label: "激活日期" }];
    render(
      <SearchForm fields={days} values={{ from: "", to: "" }} defaults={{ from: "", to: "" }} onSearch={onSearch} />,
    );
    const user = userEvent.setup();
    await user.type(screen.getByLabelText("激活日期 开始时间"), "2026-02-01");
    await user.type(screen.getByLabelText("激活日期 结束时间"), "2026-01-01");
    await user.click(screen.getByRole("button", { name: "查询" }));
    expect(screen.getByRole("alert").textContent).toBe(MSG_RANGE_REVERSED);
    expect(onSearch).not.toHaveBeenCalled();
    await user.clear(screen.getByLabelText("激活日期 结束时间"));
    await user.type(screen.getByLabelText("激活日期 结束时间"), "2026-03-01");
    await user.click(screen.getByRole("button", { name: "查询" }));
    expect(onSearch).toHaveBeenCalledWith({ from: "2026-02-01", to: "2026-03-01" });
  });

  it("uses the words it is given (the console's English catalogue)", () => {
    render(
      <UiTextProvider text={{ ...DEFAULT_UI_TEXT, query: "Search", reset: "Reset", all: "All" }}>
        <SearchForm fields={fields} values={defaults} defaults={defaults} onSearch={() => {}} />
      </UiTextProvider>,
    );
    expect(screen.getByRole("button", { name: "Search" })).toBeTruthy();
    expect(within(screen.getByLabelText("运营商")).getByRole("option", { name: "All" })).toBeTruthy();
  });
});
