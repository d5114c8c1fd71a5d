import { IMPORT_DIALOG_WIDTH_PX } from "@tsp/domain";
import {
  buttonClass,
  Dialog,
  dateTimeColumn,
  ellipsisColumn,
  type ImportReport,
  ImportReportView,
  ListScreen,
} from "@tsp/ui";
import { type ReactNode, useState } from "react";
import { getImportTaskReport, getImportTasks } from "../../api/exportFile";
import { importGroupOf } from "../../api/ner";
import type { ImportTaskSummary } from "../../api/types";
import { useT } from "../../i18n/i18n";
import "../../i18n/screens/ner";
import { TaskListExtra, useTaskList } from "./TaskListExtra";
import { TaskStatusBadge } from "./TaskStatusBadge";

/** A report open in the dialog, with the file name its failed-rows sheet is saved under. */
interface OpenReport {
  task: ImportTaskSummary;
  report: ImportReport;
}

/**
 * The import tasks of 导出文件列表 (issue 21): the signed-in account's imports run as tasks,
 * newest first — what was imported, status (a failed task's reason on hover and in its row),
 * rows checked of the file's rows, times — and the per-row report of a finished one, so an
 * import whose dialog was closed is never lost (x-designed listImportTasks).
 */
export function ImportTaskList({ switcher }: { switcher: ReactNode }) {
  const t = useT();
  const [open, setOpen] = useState<OpenReport | null>(null);
  const list = useTaskList("importTask", getImportTasks);
  const showReport = async (task: ImportTaskSummary) => {
    try {
      const report = await getImportTaskReport(task.id);
      if (report) setOpen({ task, report });
    } catch {
      // Toasted by the shell (e.g. 导入结果已不存在).
    }
  };
  const what = (task: ImportTaskSummary) => {
    const group = importGroupOf(task.operation);
    return group ? t("ner.importGroup", { group: t(`ner.group.${group}`) }) : task.operation;
  };
  return (
    <>
      <ListScreen
        title={t("exportFile.heading")}
        titleExtra={<TaskListExtra switcher={switcher} reload={list.reload} />}
        tableLabel={t("exportFile.view.imports")}
        columns={[
          ellipsisColumn<ImportTaskSummary>("name", t("exportFile.col.name")),
          { key: "operation", title: t("importTask.col.operation"), width: 150, render: what },
          {
            key: "status",
            title: t("exportFile.col.status"),
            width: 76,
            render: (task) => <TaskStatusBadge task={task} kind="import" />,
          },
          {
            key: "rows",
            title: t("importTask.col.rows"),
            width: 110,
            align: "right",
            render: (task) => (task.rowsTotal === null ? task.rowsDone : `${task.rowsDone} / ${task.rowsTotal}`),
          },
          dateTimeColumn<ImportTaskSummary>("createdAt", t("exportFile.col.createdAt")),
          dateTimeColumn<ImportTaskSummary>("finishedAt", t("exportFile.col.finishedAt")),
          {
            key: "actions",
            title: t("exportFile.col.actions"),
            width: 200,
            render: (task) =>
              task.status === "done" ? (
                <button
                  type="button"
                  className={buttonClass("link")}
                  aria-label={`${task.name} ${t("importTask.report")}`}
                  onClick={() => void showReport(task)}
                >
                  {t("importTask.report")}
                </button>
              ) : task.status === "failed" ? (
                <span className="text-xs text-red-600">{task.failReason}</span>
              ) : null,
          },
        ]}
        rows={list.rows}
        rowKey={(task) => task.id}
        loading={list.loading && list.rows.length === 0}
        emptyText={t("importTask.empty")}
        paging={list.paging}
        height={560}
      />
      {open && (
        <Dialog
          open
          title={`${t("importTask.report")} · ${open.task.name}`}
          width={IMPORT_DIALOG_WIDTH_PX}
          onClose={() => setOpen(null)}
        >
          <ImportReportView
            report={open.report}
            file={null}
            failedFileName={t("importTask.failedFile", { name: open.task.name.replace(/\.xlsx?$/i, "") })}
          />
        </Dialog>
      )}
    </>
  );
}
