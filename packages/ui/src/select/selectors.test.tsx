import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ReactElement } from "react";
import { describe, expect, it, vi } from "vitest";
import { DealerSelect, IccidSelect, KeywordSelect, MachineryVinSelect, MeinSelect, TboxSnSelect } from "./selectors";

// Each picker sends the payload spec §7 names for it; the loader receives exactly that.
const page = <T,>(list: T[]) => vi.fn(async (_query: unknown, _signal: AbortSignal) => ({ list, total: list.length }));

async function openAndPick(ui: ReactElement, name: string, option: string) {
  render(ui);
  const user = userEvent.setup();
  await user.click(screen.getByRole("combobox", { name }));
  await user.click(await screen.findByRole("option", { name: option }));
}

describe("ready-made pickers", () => {
  it("T-BOX serial: tboxSn plus the vehicle filters", async () => {
    const loader = page([{ tboxSn: "HW2403150123" }]);
    const onChange = vi.fn();
    await openAndPick(
      <TboxSnSelect loader={loader} value={null} onChange={onChange} filters={{ oemId: "O1", unBindOwner: true }} />,
      "T-BOX序列号",
      "HW2403150123",
    );
    expect(loader.mock.calls[0]?.[0]).toEqual({ oemId: "O1", unBindOwner: true, tboxSn: "", pageNum: 1, pageSize: 10 });
    expect(onChange).toHaveBeenCalledWith("HW2403150123", { tboxSn: "HW2403150123" });
  });
  it("ICCID: keyWords, pageNum, pageSize", async () => {
    const loader = page([{ iccid: "89860324472012345675" }]);
    await openAndPick(
      <IccidSelect loader={loader} value={null} onChange={() => {}} />,
      "ICCID",
      "89860324472012345675",
    );
    expect(loader.mock.calls[0]?.[0]).toEqual({ keyWords: "", pageNum: 1, pageSize: 10 });
  });
  it("farm-machinery VIN: vin plus brand, series, model, cpxh, cpbh, jjxh", async () => {
    const loader = page([{ vin: "LW7GFC2B2PA000311" }]);
    await openAndPick(
      <MachineryVinSelect
        loader={loader}
        value={null}
        onChange={() => {}}
        filters={{ brand: "雷沃", cpxh: "M1504-5E" }}
      />,
      "农机VIN",
      "LW7GFC2B2PA000311",
    );
    expect(loader.mock.calls[0]?.[0]).toEqual({ brand: "雷沃", cpxh: "M1504-5E", vin: "", pageNum: 1, pageSize: 10 });
  });
  it("mein: the machine number as label and value", async () => {
    const loader = page([{ mein: "WL2304000311" }]);
    const onChange = vi.fn();
    await openAndPick(<MeinSelect loader={loader} value={null} onChange={onChange} />, "机械环保代码", "WL2304000311");
    expect(loader.mock.calls[0]?.[0]).toEqual({ mein: "", pageNum: 1, pageSize: 10 });
    expect(onChange).toHaveBeenCalledWith("WL2304000311", { mein: "WL2304000311" });
  });
  it("dealer: dealerName keyword, shows name and code, value dealerCode", async () => {
    const loader = page([{ dealerCode: "D440300001", dealerName: "深圳比亚迪" }]);
    const onChange = vi.fn();
    await openAndPick(
      <DealerSelect loader={loader} value={null} onChange={onChange} />,
      "经销商",
      "深圳比亚迪（D440300001）",
    );
    expect(loader.mock.calls[0]?.[0]).toEqual({ dealerName: "", pageNum: 1, pageSize: 10 });
    expect(onChange.mock.calls[0]?.[0]).toBe("D440300001");
  });
  it("keyword select: the keyword under its configured name, pageIndex, pageSize", async () => {
    const loader = page([{ label: "潍柴", value: "E1" }]);
    const onChange = vi.fn();
    render(
      <KeywordSelect
        label="发动机"
        keywordParam="keyWords"
        loader={loader}
        toOption={(o) => o}
        value={null}
        onChange={onChange}
      />,
    );
    const user = userEvent.setup();
    await user.type(screen.getByRole("combobox", { name: "发动机" }), "潍");
    await waitFor(() => expect(loader.mock.calls.at(-1)?.[0]).toEqual({ keyWords: "潍", pageIndex: 1, pageSize: 10 }));
    await user.click(await screen.findByRole("option", { name: "潍柴" }));
    expect(onChange.mock.calls[0]?.[0]).toBe("E1");
  });
});
