import type { PermittedOperation } from "@tsp/sdk";
import { buttonClass, useToast } from "@tsp/ui";
import { useState } from "react";
import { useT } from "../i18n/i18n";
import { useCan } from "../permission/useCan";

/**
 * 导出 of a list (issue 13): shown only with the export call's permission (spec §6: absent,
 * not disabled), submits the async task and says where the file will be (spec: 导出任务已提交，
 * 请到导出文件列表查看). A failure was toasted by the shell; pressing again while the call is
 * out does nothing.
 */
export function ExportButton({
  op,
  run,
  disabled,
  label,
}: {
  /** The export operation (its x-permission decides whether the button shows). */
  op: PermittedOperation;
  run: () => Promise<unknown>;
  disabled?: boolean;
  label?: string;
}) {
  const t = useT();
  const toast = useToast();
  const can = useCan();
  const [busy, setBusy] = useState(false);
  if (!can(op)) return null;
  return (
    <button
      type="button"
      className={buttonClass("default")}
      disabled={disabled || busy}
      onClick={async () => {
        setBusy(true);
        try {
          await run();
          toast.success(t("common.exportSubmitted"));
        } catch {
          // Toasted by the shell (spec §8).
        } finally {
          setBusy(false);
        }
      }}
    >
      {label ?? t("common.export")}
    </button>
  );
}
