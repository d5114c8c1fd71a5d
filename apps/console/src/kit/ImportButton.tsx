import type { PermittedOperation } from "@tsp/sdk";
import { buttonClass, ImportDialog, type ImportOptions, type ImportReport, saveBlob } from "@tsp/ui";
import { useState } from "react";
import { useT } from "../i18n/i18n";
import { useCan } from "../permission/useCan";

/**
 * 导入 of a list (issue 13): with the import call's permission, a button that opens the kit's
 * import dialog — ① the template (downloaded through its own call), ② fill it in, ③ upload —
 * then the per-row report and the sheet of refused rows to fix and import again. The list
 * behind reloads after every import.
 */
export function ImportButton({
  op,
  title,
  template,
  importFile,
  onImported,
  fillHint,
  allowCover,
  label,
}: {
  op: PermittedOperation;
  title: string;
  /** Downloads the template: its file and name. */
  template: () => Promise<{ blob: Blob; fileName: string | undefined }>;
  importFile: (file: File, options: ImportOptions) => Promise<ImportReport>;
  onImported: () => void;
  fillHint?: string;
  allowCover?: boolean;
  label?: string;
}) {
  const t = useT();
  const can = useCan();
  const [open, setOpen] = useState(false);
  if (!can(op)) return null;
  return (
    <>
      <button type="button" className={buttonClass("default")} onClick={() => setOpen(true)}>
        {label ?? t("kit.import")}
      </button>
      <ImportDialog
        open={open}
        title={title}
        onClose={() => setOpen(false)}
        downloadTemplate={async () => {
          try {
            const file = await template();
            saveBlob(file.blob, file.fileName ?? `${title}.xlsx`);
          } catch {
            // Toasted by the shell.
          }
        }}
        importFile={importFile}
        allowCoverOption={allowCover}
        fillHint={fillHint}
        onImported={onImported}
      />
    </>
  );
}
