import { Badge, type BadgeTone } from "@tsp/ui";
import type { ExportTask } from "../../api/types";
import { useT } from "../../i18n/i18n";

const tone: Record<ExportTask["status"], BadgeTone> = { queued: "gray", running: "blue", done: "green", failed: "red" };

/** Status of an export task as the kit's badge; a failed task shows its reason on hover. */
export function ExportStatusBadge({ task }: { task: ExportTask }) {
  const t = useT();
  return (
    <Badge tone={tone[task.status]} title={task.failReason ?? undefined}>
      {t(`exportFile.status.${task.status}`)}
    </Badge>
  );
}
