import { IMPORT_DIALOG_WIDTH_PX, importFilesProblem, MSG_CHOOSE_IMPORT_FILE } from "@tsp/domain";
import { clsx } from "clsx";
import { useId, useState } from "react";
import { Dialog } from "../dialog/Dialog";
import { useToast } from "../feedback/Toasts";
import { DataTable } from "../table/DataTable";
import { buttonClass } from "../theme/classes";
import { failedRowsSheet, saveBlob } from "./failedRowsSheet";
import type { ImportReport, ImportRowResult } from "./types";

/** Props of {@link ImportDialog}. */
export interface ImportDialogProps {
  open: boolean;
  title: string;
  onClose: () => void;
  /** Downloads the template (the console calls the template endpoint). */
  downloadTemplate: () => Promise<void> | void;
  /** Imports the file; answers the per-row report. `allowCover` only when offered. */
  importFile: (file: File, options: { allowCover: boolean }) => Promise<ImportReport>;
  /** Offer 允许覆盖 (vehicle model import, spec business §4). */
  allowCoverOption?: boolean;
  /** File name of the failed-rows sheet. */
  failedFileName?: string;
  /** Called after an import finished (to refresh the list behind). */
  onImported?: (report: ImportReport) => void;
}

/**
 * Import dialog (710 px): ① download the template, ② fill it in, ③ upload it (xls/xlsx, one
 * file). The form is validated before confirm; then the per-row report shows the counts and
 * the rejected rows (VIN, reason), downloadable as a sheet to fix and import again.
 */
export function ImportDialog({
  open,
  title,
  onClose,
  downloadTemplate,
  importFile,
  allowCoverOption,
  failedFileName = "导入失败数据.xlsx",
  onImported,
}: ImportDialogProps) {
  const toast = useToast();
  const inputId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [allowCover, setAllowCover] = useState(false);
  const [busy, setBusy] = useState(false);
  const [report, setReport] = useState<ImportReport | null>(null);

  // The file stays after an import: the failed-rows sheet is cut from it.
  const reset = () => {
    setFile(null);
    setFileError(null);
    setReport(null);
    setAllowCover(false);
  };
  const close = () => {
    reset();
    onClose();
  };

  const pick = (files: File[]) => {
    const problem = importFilesProblem(files.map((f) => f.name));
    const [only] = files;
    if (problem || !only) {
      setFile(null);
      setFileError(problem);
      if (problem) toast.warning(problem);
      return;
    }
    setFileError(null);
    setFile(only);
  };

  const confirm = async () => {
    if (report) {
      close();
      return;
    }
    if (!file) {
      setFileError(MSG_CHOOSE_IMPORT_FILE);
      return;
    }
    setBusy(true);
    try {
      const r = await importFile(file, { allowCover });
      setReport(r);
      onImported?.(r);
      if (r.failed === 0) toast.success(`导入成功，共 ${r.success} 条`);
    } catch (e) {
      toast.error(e instanceof Error && e.message ? e.message : "导入失败");
    } finally {
      setBusy(false);
    }
  };

  const downloadFailed = async () => {
    if (!report) return;
    saveBlob(await failedRowsSheet(report.rows, file), failedFileName);
  };

  return (
    <Dialog
      open={open}
      title={title}
      onClose={close}
      onConfirm={() => void confirm()}
      width={IMPORT_DIALOG_WIDTH_PX}
      confirmText={report ? "完成" : busy ? "导入中…" : "导入"}
      confirmDisabled={busy}
      footerExtra={
        report ? (
          <button type="button" className={buttonClass("link")} onClick={reset}>
            重新导入
          </button>
        ) : undefined
      }
    >
      {!report ? (
        <ol className="flex flex-col gap-4">
          <li className="flex items-center gap-3">
            <Step n={1} />
            <span className="w-20 text-gray-600">下载模板</span>
            <button type="button" className={buttonClass("default")} onClick={() => void downloadTemplate()}>
              下载模板
            </button>
          </li>
          <li className="flex items-center gap-3">
            <Step n={2} />
            <span className="w-20 text-gray-600">填写模板</span>
            <span className="text-gray-500">按模板各列填写数据，请勿修改表头；VIN 为 17 位。</span>
          </li>
          <li className="flex items-start gap-3">
            <Step n={3} />
            <span className="w-20 pt-1.5 text-gray-600">上传文件</span>
            <div className="flex flex-col gap-2">
              <label
                htmlFor={inputId}
                className={buttonClass("default", "w-fit cursor-pointer has-[:focus-visible]:ring-2")}
              >
                选择文件
                <input
                  id={inputId}
                  type="file"
                  className="sr-only"
                  aria-label="选择导入文件"
                  accept=".xls,.xlsx"
                  aria-invalid={fileError ? true : undefined}
                  onChange={(e) => {
                    pick(Array.from(e.target.files ?? []));
                    e.target.value = "";
                  }}
                />
              </label>
              <span className={clsx("text-xs", fileError ? "text-red-600" : "text-gray-400")} aria-live="polite">
                {fileError ?? (file ? `已选择：${file.name}` : "仅支持 xls、xlsx，一次一个文件")}
              </span>
              {allowCoverOption && (
                <label className="flex items-center gap-2 text-gray-700">
                  <input type="checkbox" checked={allowCover} onChange={(e) => setAllowCover(e.target.checked)} />
                  允许覆盖已有数据
                </label>
              )}
            </div>
          </li>
        </ol>
      ) : (
        <div className="flex flex-col gap-3">
          <fieldset aria-label="导入结果" className="flex items-center gap-2">
            <Count label="全部" value={report.all} />
            <Count label="成功" value={report.success} tone="green" />
            <Count label="失败" value={report.failed} tone="red" />
            {report.failed > 0 && (
              <button type="button" className={buttonClass("primary", "ml-auto")} onClick={() => void downloadFailed()}>
                下载失败数据
              </button>
            )}
          </fieldset>
          <DataTable<ImportRowResult>
            label="失败明细"
            height={240}
            rows={report.rows}
            rowKey={(r, i) => `${r.row ?? i}-${r.vin}`}
            emptyText={report.failed === 0 ? "全部导入成功" : "暂无数据"}
            columns={[
              { key: "row", title: "行号", width: 64, render: (r) => r.row ?? "-" },
              { key: "vin", title: "VIN/标识", width: 190, render: (r) => r.vin || r.key || "-" },
              { key: "reason", title: "失败原因", ellipsis: true },
            ]}
          />
        </div>
      )}
    </Dialog>
  );
}

function Step({ n }: { n: number }) {
  return (
    <span className="flex size-6 shrink-0 items-center justify-center rounded-full bg-blue-600 text-xs text-white">
      {n}
    </span>
  );
}

function Count({ label, value, tone }: { label: string; value: number; tone?: "green" | "red" }) {
  return (
    <span className="inline-flex h-8 items-center gap-1 rounded bg-gray-50 px-3 text-gray-600">
      {label}
      <b className={clsx(tone === "green" && "text-green-600", tone === "red" && "text-red-600")}>{value}</b>
    </span>
  );
}
