import { Badge, type BadgeTone } from "@tsp/ui";
import type { ExportTask } from "../../api/types";
import { useT } from "../../i18n/i18n";

const tone: Record<ExportTask["status"], BadgeTone> = { queued: "gray", running: "blue", done: "green", failed: "red" };

/**
 * Status of an export or import task as the kit's badge (both queues share the states); a
 * failed task shows its reason on hover. A running import says 导入中, an export 导出中.
 */
export function TaskStatusBadge({
  task,
  kind = "export",
}: {
  task: Pick<ExportTask, "status" | "failReason">;
  kind?: "export" | "import";
}) {
  const t = useT();
  return (
    <Badge tone={tone[task.status]} title={task.failReason ?? undefined}>
      {kind === "import" && task.status === "running" ? t("importTask.running") : t(`exportFile.status.${task.status}`)}
    </Badge>
  );
}
