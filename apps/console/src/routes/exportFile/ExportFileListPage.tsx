import { isCancelled } from "@tsp/sdk";
import { buttonClass, type Column, DataTable, NumberedPager, saveBlob, useRememberedPageSize } from "@tsp/ui";
import { useEffect, useState } from "react";
import { downloadExportFile, getExportFiles } from "../../api/exportFile";
import type { ExportTask, ExportTaskPage } from "../../api/types";
import { formatBytes, formatDateTime } from "../../format/dateTime";
import { useT } from "../../i18n/i18n";
import { Permitted } from "../../permission/Permitted";
import { ExportStatusBadge } from "./ExportStatusBadge";

/** While a task is queued or running, the list refreshes this often to show progress. */
const POLL_MS = 2000;

/** Saves a finished export under its name. */
async function download(task: ExportTask): Promise<void> {
  try {
    const file = await downloadExportFile(task.id);
    saveBlob(file.blob, file.fileName ?? task.name);
  } catch {
    // Toasted by the shell.
  }
}

/**
 * 导出文件列表 (/exportFile/index): the signed-in account's export tasks, newest first, with
 * status, progress, rows, size, times and expiry, and a download for finished files (spec §7:
 * "the list call of the export file screen is not shown" — designed in comm-inc-center).
 */
export default function ExportFileListPage() {
  const t = useT();
  const [pageSize, setPageSize] = useRememberedPageSize();
  const [pageNum, setPageNum] = useState(1);
  const [tick, setTick] = useState(0);
  const [result, setResult] = useState<{ key: string; page: ExportTaskPage; at: number } | null>(null);
  const requestKey = `${pageNum}|${pageSize}|${tick}`;

  useEffect(() => {
    const ac = new AbortController();
    getExportFiles(pageNum, pageSize, ac.signal)
      .then((page) => setResult({ key: requestKey, page, at: Date.now() }))
      .catch((error: unknown) => {
        if (!isCancelled(error) && !ac.signal.aborted) {
          setResult({ key: requestKey, page: { list: [], total: 0 }, at: Date.now() });
        }
      });
    return () => ac.abort();
  }, [requestKey, pageNum, pageSize]);

  const tasks = result?.page.list ?? [];
  const total = result?.page.total ?? 0;
  const now = result?.at ?? 0;
  const loading = result?.key !== requestKey;
  // While a task is queued or running, read the list again shortly to show its progress.
  const active = tasks.some((task) => task.status === "queued" || task.status === "running");
  const loadedKey = result?.key;
  useEffect(() => {
    if (!active || loadedKey === undefined) return;
    const timer = setTimeout(() => setTick((n) => n + 1), POLL_MS);
    return () => clearTimeout(timer);
  }, [active, loadedKey]);

  const columns: Column<ExportTask>[] = [
    { key: "name", title: t("exportFile.col.name"), ellipsis: true },
    {
      key: "status",
      title: t("exportFile.col.status"),
      width: 76,
      render: (task) => <ExportStatusBadge task={task} />,
    },
    {
      key: "progress",
      title: t("exportFile.col.progress"),
      width: 112,
      render: (task) => (
        <div className="flex items-center gap-2">
          <progress
            className="h-1.5 w-14 overflow-hidden rounded [&::-webkit-progress-bar]:bg-gray-100 [&::-webkit-progress-value]:bg-blue-600"
            max={100}
            value={task.progress}
            aria-label={`${task.name} ${t("exportFile.col.progress")}`}
          />
          <span className="text-xs text-gray-500">{task.progress}%</span>
        </div>
      ),
    },
    {
      key: "rowCount",
      title: t("exportFile.col.rows"),
      width: 60,
      align: "right",
      render: (task) => task.rowCount ?? "",
    },
    {
      key: "size",
      title: t("exportFile.col.size"),
      width: 72,
      align: "right",
      render: (task) => formatBytes(task.size),
    },
    {
      key: "createdAt",
      title: t("exportFile.col.createdAt"),
      width: 172,
      render: (task) => formatDateTime(task.createdAt),
    },
    {
      key: "finishedAt",
      title: t("exportFile.col.finishedAt"),
      width: 172,
      render: (task) => formatDateTime(task.finishedAt),
    },
    {
      key: "expiresAt",
      title: t("exportFile.col.expiresAt"),
      width: 100,
      render: (task) =>
        task.expiresAt !== null && task.expiresAt < now ? (
          <span className="text-gray-400">{t("exportFile.expired")}</span>
        ) : (
          // The day is what matters; the full time is on hover.
          <span title={formatDateTime(task.expiresAt)}>{formatDateTime(task.expiresAt).slice(0, 10)}</span>
        ),
    },
    {
      key: "actions",
      title: t("exportFile.col.actions"),
      width: 64,
      render: (task) =>
        task.status === "done" && !(task.expiresAt !== null && task.expiresAt < now) ? (
          <Permitted op="downloadExportFile">
            <button type="button" className={buttonClass("link")} onClick={() => void download(task)}>
              {t("common.download")}
            </button>
          </Permitted>
        ) : null,
    },
  ];

  return (
    <section aria-labelledby="export-heading" className="flex flex-col gap-4">
      <div className="flex items-center justify-between">
        <h1 id="export-heading" className="text-base font-medium text-gray-800">
          {t("exportFile.heading")}
        </h1>
        <button type="button" className={buttonClass("default")} onClick={() => setTick((n) => n + 1)}>
          {t("common.refresh")}
        </button>
      </div>
      <DataTable
        label={t("exportFile.heading")}
        columns={columns}
        rows={tasks}
        rowKey={(task) => task.id}
        loading={loading && tasks.length === 0}
        emptyText={t("exportFile.empty")}
        height={560}
        footer={
          <NumberedPager
            pageNum={pageNum}
            pageSize={pageSize}
            total={total}
            onChange={(num, size) => {
              setPageSize(size);
              setPageNum(num);
            }}
          />
        }
      />
    </section>
  );
}
