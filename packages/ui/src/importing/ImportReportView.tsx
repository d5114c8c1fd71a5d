import { clsx } from "clsx";
import { useUiText } from "../kit/uiText";
import { DataTable } from "../table/DataTable";
import { buttonClass } from "../theme/classes";
import { failedRowsSheet, saveBlob } from "./failedRowsSheet";
import type { ImportReport, ImportRowResult } from "./types";

/**
 * The per-row report of an import (spec §3): the counts, the rejected rows (row, VIN or key,
 * reason) and, when rows were rejected, their sheet to fix and import again. Shown by the
 * import dialog after an import and by the import task list for a task that finished while its
 * dialog was closed (then without the uploaded file: the rows' own `data` fill the sheet).
 */
export function ImportReportView({
  report,
  file,
  failedFileName,
}: {
  report: ImportReport;
  /** The uploaded file, when at hand: the failed-rows sheet copies its rows. */
  file: Blob | null;
  failedFileName: string;
}) {
  const words = useUiText().importing;
  const downloadFailed = async () => {
    saveBlob(await failedRowsSheet(report.rows, file), failedFileName);
  };
  return (
    <div className="flex flex-col gap-3">
      <fieldset aria-label={words.result} className="flex items-center gap-2">
        <Count label={words.all} value={report.all} />
        <Count label={words.success} value={report.success} tone="green" />
        <Count label={words.failed} value={report.failed} tone="red" />
        {report.failed > 0 && (
          <button type="button" className={buttonClass("primary", "ml-auto")} onClick={() => void downloadFailed()}>
            {words.downloadFailed}
          </button>
        )}
      </fieldset>
      <DataTable<ImportRowResult>
        label={words.failedRows}
        height={240}
        rows={report.rows}
        rowKey={(r, i) => `${r.row ?? i}-${r.vin}`}
        emptyText={report.failed === 0 ? words.allSaved : undefined}
        columns={[
          { key: "row", title: words.row, width: 64, render: (r) => r.row ?? "-" },
          { key: "vin", title: words.key, width: 190, render: (r) => r.vin || r.key || "-" },
          { key: "reason", title: words.reason, ellipsis: true },
        ]}
      />
    </div>
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
