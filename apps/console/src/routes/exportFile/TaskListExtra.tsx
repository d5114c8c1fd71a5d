import { buttonClass } from "@tsp/ui";
import type { ReactNode } from "react";
import { useT } from "../../i18n/i18n";
import { useListController } from "../../kit/useListController";
import { anyInProgress, TASK_POLL_MS, taskViewFilters } from "./taskViews";

/** What both task lists show beside the heading: the 导出文件 / 导入任务 switch and 刷新. */
export function TaskListExtra({ switcher, reload }: { switcher: ReactNode; reload: () => void }) {
  const t = useT();
  return (
    <>
      {switcher}
      <button type="button" className={buttonClass("default")} onClick={reload}>
        {t("common.refresh")}
      </button>
    </>
  );
}

/**
 * A task list's controller: numbered pages of the account's tasks under the screen's address
 * (`?view=`), read again every {@link TASK_POLL_MS} while a task on the page is in progress.
 */
export function useTaskList<T extends { status: string }>(
  screen: string,
  load: (pageNum: number, pageSize: number, signal: AbortSignal) => Promise<{ list: T[]; total: number }>,
) {
  return useListController({
    screen,
    filters: taskViewFilters,
    paging: "numbered",
    poll: (tasks: readonly T[]) => (anyInProgress(tasks) ? TASK_POLL_MS : null),
    load: ({ pageNum, pageSize, signal }) => load(pageNum, pageSize, signal),
  });
}
