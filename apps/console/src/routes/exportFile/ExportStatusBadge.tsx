import { clsx } from "clsx";
import type { ExportTask } from "../../api/types";
import { useT } from "../../i18n/i18n";

const tone: Record<ExportTask["status"], string> = {
  queued: "bg-gray-100 text-gray-600",
  running: "bg-blue-50 text-blue-700",
  done: "bg-green-50 text-green-700",
  failed: "bg-red-50 text-red-700",
};

/** Status of an export task as a coloured label; a failed task shows its reason on hover. */
export function ExportStatusBadge({ task }: { task: ExportTask }) {
  const t = useT();
  return (
    <span
      className={clsx("inline-block rounded px-2 py-0.5 text-xs", tone[task.status])}
      title={task.failReason ?? undefined}
    >
      {t(`exportFile.status.${task.status}`)}
    </span>
  );
}
