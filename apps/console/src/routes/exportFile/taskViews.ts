import { choiceFilter, filterCodec } from "@tsp/domain";
import * as v from "valibot";

/** The two task lists of 导出文件列表: the export files (the spec's) and the import tasks (issue 21). */
export const TASK_VIEWS = ["exports", "imports"] as const;

/**
 * The screen's address: which list (`?view=imports`), kept by both lists' page changes because
 * it is their only filter.
 */
export const taskViewFilters = filterCodec(v.object({ view: choiceFilter(TASK_VIEWS, "exports") }));

/** While a task is queued or running, a list reads itself again this often to show progress. */
export const TASK_POLL_MS = 2000;

/** Whether a page of tasks still has one in progress (the list then polls). */
export const anyInProgress = (tasks: readonly { status: string }[]) =>
  tasks.some((task) => task.status === "queued" || task.status === "running");
