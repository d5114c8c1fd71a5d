import { buttonClass, dateColumn, dateTimeColumn, ellipsisColumn, ListScreen, progressColumn, saveBlob } from "@tsp/ui";
import type { ReactNode } from "react";
import { downloadExportFile, getExportFiles } from "../../api/exportFile";
import type { ExportTask } from "../../api/types";
import { formatBytes } from "../../format/dateTime";
import { useT } from "../../i18n/i18n";
import { Permitted } from "../../permission/Permitted";
import { TaskListExtra, useTaskList } from "./TaskListExtra";
import { TaskStatusBadge } from "./TaskStatusBadge";

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
  const list = useTaskList("exportFile", getExportFiles);
  return (
    <ListScreen
      title={t("exportFile.heading")}
      titleExtra={<TaskListExtra switcher={switcher} reload={list.reload} />}
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
