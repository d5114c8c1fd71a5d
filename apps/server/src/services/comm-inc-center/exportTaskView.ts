import type { Selectable } from "kysely";
import type { ExportTaskTable } from "../../db/schema";

/** An export task as openapi comm-inc-center `ExportTask` shows it. */
export function exportTaskView(t: Selectable<ExportTaskTable>) {
  return {
    id: t.id,
    name: t.file_name,
    operation: t.kind,
    status: t.status,
    progress: t.progress,
    rowCount: t.status === "done" ? t.row_count : null,
    size: t.size === null ? null : Number(t.size),
    createdAt: t.created_at.getTime(),
    finishedAt: t.finished_at ? t.finished_at.getTime() : null,
    expiresAt: t.expires_at ? t.expires_at.getTime() : null,
    failReason: t.error,
  };
}
