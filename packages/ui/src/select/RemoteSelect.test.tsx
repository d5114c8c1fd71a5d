import { act, fireEvent, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { type VinQuery, VinSelect } from "./selectors";

const VINS = Array.from({ length: 25 }, (_, i) => `LVIN${String(i + 1).padStart(13, "0")}`);

function vinLoader() {
  return vi.fn(async (q: VinQuery) => {
    const hits = VINS.filter((v) => v.includes(q.vin.toUpperCase()));
    const start = (q.pageNum - 1) * q.pageSize;
    return { list: hits.slice(start, start + q.pageSize).map((vin) => ({ vin })), total: hits.length };
  });
}

function scrollToBottom(list: HTMLElement) {
  Object.defineProperty(list, "scrollHeight", { configurable: true, value: 400 });
  Object.defineProperty(list, "clientHeight", { configurable: true, value: 256 });
  list.scrollTop = 144;
  fireEvent.scroll(list);
}

describe("VinSelect (RemoteSelect)", () => {
  it("loads 10 per page, the next page at the bottom, and stops after the last page", async () => {
    const loader = vinLoader();
    const onChange = vi.fn();
    render(<VinSelect loader={loader} value={null} onChange={onChange} filters={{ oemId: "OEM1" }} />);
    await userEvent.setup().click(screen.getByRole("combobox", { name: "VIN" }));
    await waitFor(() => expect(screen.getAllByRole("option")).toHaveLength(10));
    expect(loader.mock.calls[0]?.[0]).toEqual({ oemId: "OEM1", vin: "", pageNum: 1, pageSize: 10 });
    const list = screen.getByRole("listbox");
    act(() => scrollToBottom(list));
    await waitFor(() => expect(screen.getAllByRole("option")).toHaveLength(20));
    act(() => scrollToBottom(list));
    await waitFor(() => expect(screen.getAllByRole("option")).toHaveLength(25));
    expect(screen.getByText("已全部加载（共 25 条）")).toBeTruthy();
    act(() => scrollToBottom(list));
    expect(loader).toHaveBeenCalledTimes(3);
    expect(loader.mock.calls.map((c) => c[0].pageNum)).toEqual([1, 2, 3]);
  });

  it("searches by the typed keyword from page 1, caps input at 17, and chooses with the keyboard", async () => {
    const loader = vinLoader();
    const onChange = vi.fn();
    render(<VinSelect loader={loader} value={null} onChange={onChange} />);
    const input = screen.getByRole("combobox", { name: "VIN" });
    expect(input.getAttribute("maxlength")).toBe("17");
    const user = userEvent.setup();
    await user.click(input);
    await user.type(input, "0000000000002");
    await waitFor(() => expect(loader.mock.calls.at(-1)?.[0].vin).toBe("0000000000002"));
    await waitFor(() =>
      expect(screen.getAllByRole("option").map((o) => o.textContent)).toEqual(
        VINS.filter((v) => v.includes("0000000000002")),
      ),
    );
    await user.keyboard("{ArrowDown}{Enter}");
    expect(onChange).toHaveBeenCalledWith(VINS[1], { vin: VINS[1] });
  });
});
