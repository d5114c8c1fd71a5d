import { buttonClass, dateColumn, dateTimeColumn, ellipsisColumn, ListScreen, progressColumn, saveBlob } from "@tsp/ui";
import type { ReactNode } from "react";
import { downloadExportFile, getExportFiles } from "../../api/exportFile";
import type { ExportTask } from "../../api/types";
import { formatBytes } from "../../format/dateTime";
import { useT } from "../../i18n/i18n";
import { useListController } from "../../kit/useListController";
import { Permitted } from "../../permission/Permitted";
import { TaskStatusBadge } from "./TaskStatusBadge";
import { anyInProgress, TASK_POLL_MS, taskViewFilters } from "./taskViews";

const expired = (task: ExportTask) => task.expiresAt !== null && task.expiresAt < Date.now();

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
 * The export files of 导出文件列表: the signed-in account's export tasks, newest first, with
 * status, progress, rows, size, times and expiry, and a download for finished files (spec §7:
 * "the list call of the export file screen is not shown" — designed in comm-inc-center).
 */
export function ExportTaskList({ switcher }: { switcher: ReactNode }) {
  const t = useT();
  const list = useListController({
    screen: "exportFile",
    filters: taskViewFilters,
    paging: "numbered",
    poll: (tasks: readonly ExportTask[]) => (anyInProgress(tasks) ? TASK_POLL_MS : null),
    load: ({ pageNum, pageSize, signal }) => getExportFiles(pageNum, pageSize, signal),
  });
  return (
    <ListScreen
      title={t("exportFile.heading")}
      titleExtra={
        <>
          {switcher}
          <button type="button" className={buttonClass("default")} onClick={list.reload}>
            {t("common.refresh")}
          </button>
        </>
      }
      columns={[
        ellipsisColumn<ExportTask>("name", t("exportFile.col.name")),
        {
          key: "status",
          title: t("exportFile.col.status"),
          width: 76,
          render: (task) => <TaskStatusBadge task={task} />,
        },
        progressColumn<ExportTask>(
          "progress",
          t("exportFile.col.progress"),
          (task) => `${task.name} ${t("exportFile.col.progress")}`,
        ),
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
        dateTimeColumn<ExportTask>("createdAt", t("exportFile.col.createdAt")),
        dateTimeColumn<ExportTask>("finishedAt", t("exportFile.col.finishedAt")),
        dateColumn<ExportTask>("expiresAt", t("exportFile.col.expiresAt"), { expiredText: t("exportFile.expired") }),
        {
          key: "actions",
          title: t("exportFile.col.actions"),
          width: 64,
          render: (task) =>
            task.status === "done" &&
            !expired(task) && (
              <Permitted op="downloadExportFile">
                <button type="button" className={buttonClass("link")} onClick={() => void download(task)}>
                  {t("common.download")}
                </button>
              </Permitted>
            ),
        },
      ]}
      rows={list.rows}
      rowKey={(task) => task.id}
      loading={list.loading && list.rows.length === 0}
      emptyText={t("exportFile.empty")}
      paging={list.paging}
      height={560}
    />
  );
}
