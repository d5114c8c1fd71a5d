import type { ImportReport } from "@tsp/ui";

/** An import task as getImportTask answers it (the fields the kit reads). */
export interface ImportTaskState {
  status: "queued" | "running" | "done" | "failed";
  rowsDone: number;
  rowsTotal: number | null;
  failReason: string | null;
  report: ImportReport | null;
}

/** How often the import dialog asks for a running import task. */
export const IMPORT_POLL_MS = 500;

/**
 * Follows an import run as a task (issue 21) until it ends: reads it, reports the rows checked
 * (`onProgress`), waits, and again; answers the per-row report of a done task, or throws the
 * failed task's reason (Chinese, from the server) for the dialog's toast.
 */
export async function followImportTask(
  read: () => Promise<ImportTaskState>,
  onProgress: ((done: number, total: number | null) => void) | undefined,
  wait: () => Promise<void> = () => new Promise((r) => setTimeout(r, IMPORT_POLL_MS)),
): Promise<ImportReport> {
  for (;;) {
    const task = await read();
    if (task.status === "done" && task.report) return task.report;
    if (task.status === "failed" || task.status === "done") throw new Error(task.failReason ?? "");
    onProgress?.(task.rowsDone, task.rowsTotal);
    await wait();
  }
}
