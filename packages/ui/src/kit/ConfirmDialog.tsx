import type { ReactNode } from "react";
import { Dialog } from "../dialog/Dialog";

/**
 * Asks before something that cannot be undone (delete): the question, 取消 and a confirm
 * button (throttled like every dialog's, spec §5). `busy` keeps the confirm from running twice.
 */
export function ConfirmDialog({
  open,
  title,
  children,
  confirmText,
  busy,
  onConfirm,
  onClose,
}: {
  open: boolean;
  title: string;
  children: ReactNode;
  confirmText?: string;
  busy?: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  return (
    <Dialog
      open={open}
      title={title}
      width={420}
      onClose={onClose}
      onConfirm={onConfirm}
      confirmText={confirmText}
      confirmDisabled={busy}
    >
      <p className="text-sm text-gray-700">{children}</p>
    </Dialog>
  );
}
