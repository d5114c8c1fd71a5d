import { fireEvent, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { JournalSearchForm } from "./JournalSearchForm";
import type { JournalAddress } from "./journalAddress";

const EMPTY: JournalAddress = { kind: "login", vin: "", start: null, end: null, desc: true, size: null };
const VIN = "LSVAU2180N2183294";

function setup(address: JournalAddress = EMPTY) {
  const onQuery = vi.fn();
  render(<JournalSearchForm address={address} exportOp="exportLoginLog" onQuery={onQuery} />);
  return onQuery;
}

describe("journal search form", () => {
  it("without a VIN or a range the query is skipped silently (§5)", async () => {
    const onQuery = setup();
    await userEvent.click(screen.getByRole("button", { name: "查询" }));
    await userEvent.type(screen.getByLabelText("VIN"), VIN);
    await userEvent.click(screen.getByRole("button", { name: "查询" }));
    expect(onQuery).not.toHaveBeenCalled();
    expect(screen.queryByRole("alert")).toBeNull();
  });
  it("近7天 fills the spec's default range and the query goes out, VIN upper-cased", async () => {
    const onQuery = setup();
    await userEvent.type(screen.getByLabelText("VIN"), VIN.toLowerCase());
    await userEvent.click(screen.getByRole("button", { name: "近7天" }));
    await userEvent.click(screen.getByRole("button", { name: "查询" }));
    const sent = onQuery.mock.calls[0]?.[0] as JournalAddress;
    expect(sent.vin).toBe(VIN);
    expect(sent.end !== null && sent.start !== null && sent.end - sent.start).toBe(7 * 86_400_000 - 1000);
  });
  it("a VIN that is not 17 characters is refused with the domain's message", async () => {
    const onQuery = setup({ ...EMPTY, start: 1, end: 2 });
    await userEvent.type(screen.getByLabelText("VIN"), VIN.slice(0, 16));
    await userEvent.click(screen.getByRole("button", { name: "查询" }));
    expect(screen.getByRole("alert").textContent).toBe("请输入17位有效VIN");
    expect(onQuery).not.toHaveBeenCalled();
  });
  it("a range that ends before it starts says so and sends nothing", async () => {
    const onQuery = setup({ ...EMPTY, vin: VIN, start: 2_000_000_000_000, end: 1_000_000_000_000 });
    expect(screen.getByRole("alert").textContent).toBe("开始时间不能晚于结束时间");
    fireEvent.submit(screen.getByRole("form"));
    expect(onQuery).not.toHaveBeenCalled();
  });
  it("the export button is absent without the permission", () => {
    setup({ ...EMPTY, vin: VIN, start: 1, end: 2 });
    expect(screen.queryByRole("button", { name: "导出" })).toBeNull();
  });
});
