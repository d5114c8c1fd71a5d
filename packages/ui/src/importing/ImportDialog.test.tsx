import { act, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import ExcelJS from "exceljs";
import { describe, expect, it, vi } from "vitest";
import { ToastProvider } from "../feedback/Toasts";
import { failedRowsSheet } from "./failedRowsSheet";
import { ImportDialog, type ImportDialogProps } from "./ImportDialog";
import type { ImportReport } from "./types";

const XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";
const REPORT: ImportReport = {
  all: 3,
  success: 2,
  failed: 1,
  rows: [{ row: 3, vin: "LBAD0000000000001", reason: "VIN不存在", data: { VIN: "LBAD0000000000001", 车型: "J6P" } }],
};

function setup(
  importFile: ImportDialogProps["importFile"] = vi.fn(async () => REPORT),
  onClose: () => void = () => {},
) {
  const downloadTemplate = vi.fn();
  render(
    <ToastProvider>
      <ImportDialog
        open
        title="车型导入"
        onClose={onClose}
        downloadTemplate={downloadTemplate}
        importFile={importFile}
        allowCoverOption
        // No throttle wait inside one test; the 2 s rule has its own test in Dialog.
      />
    </ToastProvider>,
  );
  return { importFile, downloadTemplate, user: userEvent.setup({ applyAccept: false }) };
}

describe("ImportDialog", () => {
  it("is 710 px wide and downloads the template", async () => {
    const { user, downloadTemplate } = setup();
    const dialog = screen.getByRole("dialog", { name: "车型导入" });
    expect(dialog.querySelector<HTMLElement>("[style]")?.style.width ?? dialog.style.width).toBe("710px");
    await user.click(screen.getByRole("button", { name: "下载模板" }));
    expect(downloadTemplate).toHaveBeenCalledOnce();
  });

  it("validates before confirm: no file, then a wrong format, import nothing", async () => {
    const { user, importFile } = setup();
    await user.click(screen.getByRole("button", { name: "导入" }));
    expect(screen.getByText("请选择要导入的文件")).toBeTruthy();
    await user.upload(screen.getByLabelText("选择导入文件"), new File(["x"], "list.csv"));
    expect((await screen.findByRole("alert")).textContent).toContain("选择的文件格式不正确，请重新上传");
    expect(importFile).not.toHaveBeenCalled();
  });

  it("closes on 完成 pressed right after the import (the 2 s throttle guards the import, not the close)", async () => {
    const onClose = vi.fn();
    const { user } = setup(undefined, onClose);
    await user.upload(screen.getByLabelText("选择导入文件"), new File(["x"], "车型.xlsx", { type: XLSX }));
    await user.click(screen.getByRole("button", { name: "导入" }));
    await user.click(await screen.findByRole("button", { name: "完成" }));
    expect(onClose).toHaveBeenCalledOnce();
  });

  it("imports one xlsx with allowCover and shows the per-row report", async () => {
    const { user, importFile } = setup();
    const file = new File(["x"], "车型.xlsx", { type: XLSX });
    await user.upload(screen.getByLabelText("选择导入文件"), file);
    await user.click(screen.getByRole("checkbox", { name: "允许覆盖已有数据" }));
    await user.click(screen.getByRole("button", { name: "导入" }));
    await waitFor(() =>
      expect(importFile).toHaveBeenCalledWith(file, { allowCover: true, onProgress: expect.any(Function) }),
    );
    const result = await screen.findByRole("group", { name: "导入结果" });
    expect(result.textContent).toBe("全部3成功2失败1下载失败数据");
    expect(screen.getByRole("table", { name: "失败明细" }).textContent).toContain("LBAD0000000000001");
    expect(screen.getByRole("button", { name: /VIN不存在/ })).toBeTruthy();
  });

  it("shows the rows checked while an import task runs, then its report", async () => {
    let finish: ((r: ImportReport) => void) | undefined;
    let report: ((done: number, total: number | null) => void) | undefined;
    const importFile = vi.fn(
      (_file: File, options: { onProgress?: (done: number, total: number | null) => void }) =>
        new Promise<ImportReport>((resolve) => {
          report = options.onProgress;
          finish = resolve;
        }),
    );
    const { user } = setup(importFile);
    await user.upload(screen.getByLabelText("选择导入文件"), new File(["x"], "车型.xlsx", { type: XLSX }));
    await user.click(screen.getByRole("button", { name: "导入" }));
    await waitFor(() => expect(report).toBeDefined());
    act(() => report?.(0, null));
    expect(screen.getByRole("status").textContent).toBe("已提交，等待处理…");
    act(() => report?.(2000, null));
    expect(screen.getByRole("status").textContent).toBe("已处理 2000 行");
    act(() => report?.(3000, 100000));
    expect(screen.getByRole("status").textContent).toBe("已处理 3000 / 100000 行");
    act(() => finish?.(REPORT));
    expect((await screen.findByRole("group", { name: "导入结果" })).textContent).toBe("全部3成功2失败1下载失败数据");
    expect(screen.queryByRole("status")).toBeNull();
  });
});

describe("failed rows sheet", () => {
  it("copies the rejected rows from the uploaded xlsx, keeping the template header", async () => {
    const src = new ExcelJS.Workbook();
    const s = src.addWorksheet("车型");
    s.addRow(["公告型号", "VIN", "电池容量"]);
    s.addRow(["A1", "LGOOD000000000001", 50]);
    s.addRow(["B2", "LBAD0000000000001", 60]);
    const file = new Blob([await src.xlsx.writeBuffer()]);
    const blob = await failedRowsSheet([{ row: 3, vin: "LBAD0000000000001", reason: "VIN不存在" }], file);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(await blob.arrayBuffer());
    const out = book.worksheets[0];
    expect(out?.getRow(1).values).toEqual([undefined, "公告型号", "VIN", "电池容量", "失败原因"]);
    expect(out?.getRow(2).values).toEqual([undefined, "B2", "LBAD0000000000001", 60, "VIN不存在"]);
    expect(out?.rowCount).toBe(2);
  });

  it("is a real xlsx with the template columns and 失败原因", async () => {
    const blob = await failedRowsSheet(REPORT.rows);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(await blob.arrayBuffer());
    const sheet = book.worksheets[0];
    expect(sheet?.getRow(1).values).toEqual([undefined, "VIN", "车型", "失败原因"]);
    expect(sheet?.getRow(2).values).toEqual([undefined, "LBAD0000000000001", "J6P", "VIN不存在"]);
  });
});
