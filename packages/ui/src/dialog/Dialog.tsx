import { DialogPanel, DialogTitle, Dialog as HeadlessDialog } from "@headlessui/react";
import { DIALOG_CONFIRM_THROTTLE_MS } from "@tsp/domain";
import type { ReactNode } from "react";
import { ToastAnnouncer } from "../feedback/Toasts";
import { useUiText } from "../kit/uiText";
import { buttonClass } from "../theme/classes";
import { useThrottledAction } from "./useThrottledAction";

/** Props of {@link Dialog}. */
export interface DialogProps {
  open: boolean;
  title: string;
  /** Called by the close button, Escape, a backdrop click and 取消. */
  onClose: () => void;
  /**
   * Called by 确定, at most once per 2 s (spec §5); answering `false` (or a promise of it) says
   * nothing was sent, and the next press is not held back. Omit to show no footer buttons.
   */
  onConfirm?: () => unknown;
  /** Panel width in px (the import dialog is 710, the map picker 700). */
  width?: number;
  confirmText?: string;
  cancelText?: string;
  confirmDisabled?: boolean;
  /** Extra footer content left of the buttons. */
  footerExtra?: ReactNode;
  children: ReactNode;
  /** Throttle window; the spec's 2000 ms unless a test needs otherwise. */
  throttleMs?: number;
}

/**
 * Modal dialog (Headless UI: focus trap, Escape, backdrop click, `role=dialog` labelled by its
 * title) with the spec's throttled confirm.
 */
export function Dialog({
  open,
  title,
  onClose,
  onConfirm,
  width = 520,
  confirmText,
  cancelText,
  confirmDisabled,
  footerExtra,
  children,
  throttleMs = DIALOG_CONFIRM_THROTTLE_MS,
}: DialogProps) {
  const confirm = useThrottledAction(() => onConfirm?.(), throttleMs);
  const text = useUiText();
  return (
    <HeadlessDialog open={open} onClose={onClose} className="fixed inset-0 z-50">
      <div className="fixed inset-0 bg-black/40" aria-hidden="true" />
      <div className="fixed inset-0 flex items-start justify-center overflow-y-auto p-4 pt-[8vh]">
        <DialogPanel
          className="flex max-w-full flex-col rounded-md bg-white text-sm text-gray-800 shadow-xl"
          style={{ width }}
        >
          <div className="flex h-12 items-center justify-between border-b border-gray-200 px-5">
            <DialogTitle className="text-base font-medium">{title}</DialogTitle>
            <button
              type="button"
              aria-label={text.close}
              className="flex size-8 items-center justify-center rounded text-lg text-gray-500 hover:bg-gray-100 hover:text-gray-700"
              onClick={onClose}
            >
              ×
            </button>
          </div>
          <div className="px-5 py-4">{children}</div>
          <ToastAnnouncer />
          {onConfirm && (
            <div className="flex items-center justify-end gap-2 border-t border-gray-200 px-5 py-3">
              {footerExtra && <div className="mr-auto">{footerExtra}</div>}
              <button type="button" className={buttonClass("default")} onClick={onClose}>
                {cancelText ?? text.cancel}
              </button>
              <button type="button" className={buttonClass("primary")} disabled={confirmDisabled} onClick={confirm}>
                {confirmText ?? text.confirm}
              </button>
            </div>
          )}
        </DialogPanel>
      </div>
    </HeadlessDialog>
  );
}
