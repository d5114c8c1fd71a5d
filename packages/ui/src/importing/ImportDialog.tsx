import { IMPORT_DIALOG_WIDTH_PX, importFilesProblem, MSG_CHOOSE_IMPORT_FILE } from "@tsp/domain";
import { clsx } from "clsx";
import { useId, useState } from "react";
import { Dialog } from "../dialog/Dialog";
import { useToast } from "../feedback/Toasts";
import { useUiText, withN } from "../kit/uiText";
import { buttonClass } from "../theme/classes";
import { ImportReportView } from "./ImportReportView";
import type { ImportOptions, ImportReport } from "./types";

/** Props of {@link ImportDialog}. */
export interface ImportDialogProps {
  open: boolean;
  title: string;
  onClose: () => void;
  /** Downloads the template (the console calls the template endpoint). */
  downloadTemplate: () => Promise<void> | void;
  /**
   * Imports the file; answers the per-row report. `allowCover` only when offered. An import run
   * as a task reports the rows checked while it runs (`onProgress`; `total` null while unknown).
   */
  importFile: (file: File, options: ImportOptions) => Promise<ImportReport>;
  /** Offer 允许覆盖 (vehicle model import, spec business §4). */
  allowCoverOption?: boolean;
  /** File name of the failed-rows sheet. */
  failedFileName?: string;
  /** What step ② says about filling the template in (the kit's VIN-import words by default). */
  fillHint?: string;
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
  fillHint,
  onImported,
}: ImportDialogProps) {
  const words = useUiText().importing;
  const toast = useToast();
  const inputId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [allowCover, setAllowCover] = useState(false);
  const [busy, setBusy] = useState(false);
  const [report, setReport] = useState<ImportReport | null>(null);
  const [progress, setProgress] = useState<{ done: number; total: number | null } | null>(null);

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
    setProgress(null);
    try {
      const r = await importFile(file, { allowCover, onProgress: (done, total) => setProgress({ done, total }) });
      setReport(r);
      onImported?.(r);
      if (r.failed === 0) toast.success(withN(words.saved, r.success));
    } catch (e) {
      toast.error(e instanceof Error && e.message ? e.message : words.failedToast);
    } finally {
      setBusy(false);
      setProgress(null);
    }
  };

  return (
    <Dialog
      open={open}
      title={title}
      onClose={close}
      onConfirm={() => void confirm()}
      width={IMPORT_DIALOG_WIDTH_PX}
      confirmText={report ? words.done : busy ? words.busy : words.confirm}
      confirmDisabled={busy}
      // 完成 only closes: a press right after the import must not be swallowed by the 2 s throttle.
      throttleMs={report ? 0 : undefined}
      footerExtra={
        report ? (
          <button type="button" className={buttonClass("link")} onClick={reset}>
            {words.again}
          </button>
        ) : undefined
      }
    >
      {!report ? (
        <ol className="flex flex-col gap-4">
          <li className="flex items-center gap-3">
            <Step n={1} />
            <span className="w-20 text-gray-600">{words.step1}</span>
            <button type="button" className={buttonClass("default")} onClick={() => void downloadTemplate()}>
              {words.downloadTemplate}
            </button>
          </li>
          <li className="flex items-center gap-3">
            <Step n={2} />
            <span className="w-20 text-gray-600">{words.step2}</span>
            <span className="text-gray-500">{fillHint ?? words.fillHint}</span>
          </li>
          <li className="flex items-start gap-3">
            <Step n={3} />
            <span className="w-20 pt-1.5 text-gray-600">{words.step3}</span>
            <div className="flex flex-col gap-2">
              <label
                htmlFor={inputId}
                className={buttonClass("default", "w-fit cursor-pointer has-[:focus-visible]:ring-2")}
              >
                {words.chooseFile}
                <input
                  id={inputId}
                  type="file"
                  className="sr-only"
                  aria-label={words.chooseFileLabel}
                  accept=".xls,.xlsx"
                  aria-invalid={fileError ? true : undefined}
                  onChange={(e) => {
                    pick(Array.from(e.target.files ?? []));
                    e.target.value = "";
                  }}
                />
              </label>
              <span className={clsx("text-xs", fileError ? "text-red-600" : "text-gray-500")} aria-live="polite">
                {fileError ?? (file ? words.chosen.replace("{name}", file.name) : words.fileRule)}
              </span>
              {busy && progress && (
                <span className="text-xs text-blue-600" role="status">
                  {progress.done === 0 && progress.total === null
                    ? words.queued
                    : progress.total === null
                      ? withN(words.progressRows, progress.done)
                      : withN(words.progress, progress.done).replace("{total}", String(progress.total))}
                </span>
              )}
              {allowCoverOption && (
                <label className="flex items-center gap-2 text-gray-700">
                  <input type="checkbox" checked={allowCover} onChange={(e) => setAllowCover(e.target.checked)} />
                  {words.allowCover}
                </label>
              )}
            </div>
          </li>
        </ol>
      ) : (
        <ImportReportView report={report} file={file} failedFileName={failedFileName} />
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
