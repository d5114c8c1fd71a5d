import { buttonClass, Dialog, RemoteSelect, type SelectOption } from "@tsp/ui";
import { useState } from "react";

/**
 * A dialog whose one field is a remote picker of the spec's lookups (a vehicle to bind a
 * terminal to, an unsold vehicle to record a sale of); 确定 hands the picked value on. The
 * kit's form has no remote select, so the pick is its own step.
 */
export function PickDialog({
  open,
  title,
  label,
  loader,
  confirmText,
  onPick,
  onClose,
}: {
  open: boolean;
  title: string;
  label: string;
  loader: (
    query: { keyWords: string; pageNum: number; pageSize: number },
    signal: AbortSignal,
  ) => Promise<{ list: SelectOption[]; total: number }>;
  confirmText: string;
  /** Called with the picked value; a rejected promise keeps the dialog open. */
  onPick: (value: string) => Promise<void>;
  onClose: () => void;
}) {
  const [value, setValue] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const close = () => {
    setValue(null);
    onClose();
  };
  const confirm = async () => {
    if (value === null || busy) return;
    setBusy(true);
    try {
      await onPick(value);
      setValue(null);
    } catch {
      // Toasted by the shell; the dialog stays open with the pick.
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog
      open={open}
      title={title}
      width={560}
      onClose={close}
      onConfirm={() => void confirm()}
      confirmText={confirmText}
      confirmDisabled={value === null || busy}
    >
      <div className="block text-sm text-gray-600">
        <p className="mb-1">{label}</p>
        <RemoteSelect
          label={label}
          maxLength={17}
          makeQuery={(keyWords, pageNum, pageSize) => ({ keyWords, pageNum, pageSize })}
          loader={loader}
          toOption={(o) => o}
          value={value}
          onChange={(v) => setValue(v)}
        />
      </div>
    </Dialog>
  );
}

/** A toolbar button shown with a permission (the caller checks it). */
export function ToolbarButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <button type="button" className={buttonClass("primary")} onClick={onClick}>
      {label}
    </button>
  );
}
