import { buttonClass, ConfirmDialog, useToast } from "@tsp/ui";
import { useState } from "react";
import * as api from "../../../api/monitor";
import type { MonitorEntry } from "../../../api/types";
import { useT } from "../../../i18n/i18n";
import { useListReload } from "../../../kit/ListPage";
import { byType, entryKey } from "./selection";

/** 全选本页: selects (or clears) every entry of the page shown. */
export function SelectPage({
  rows,
  selected,
  onChange,
}: {
  rows: readonly MonitorEntry[];
  selected: ReadonlySet<string>;
  onChange: (next: ReadonlySet<string>) => void;
}) {
  const t = useT();
  const all = rows.length > 0 && rows.every((r) => selected.has(entryKey(r)));
  return (
    <label className="flex items-center gap-1.5 text-sm text-gray-700">
      <input
        type="checkbox"
        className="size-4 accent-blue-600"
        checked={all}
        disabled={rows.length === 0}
        onChange={(e) => onChange(new Set(e.target.checked ? rows.map(entryKey) : []))}
      />
      {t("monitor.selectPage")}
    </label>
  );
}

/**
 * 移除所选: asks first, naming every entry, then removes them — one delete call per kind of
 * watch (the call takes ids and one type) — and reloads the list.
 */
export function RemoveSelectedButton({
  entries,
  typeLabel,
  onRemoved,
}: {
  entries: readonly MonitorEntry[];
  typeLabel: (row: MonitorEntry) => string;
  onRemoved: () => void;
}) {
  const t = useT();
  const toast = useToast();
  const reload = useListReload();
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const remove = async () => {
    setBusy(true);
    try {
      let n = 0;
      for (const [type, vins] of byType(entries)) n += await api.deleteMonitor(vins, type);
      toast.success(t("monitor.removed", { n }));
      setAsking(false);
      onRemoved();
      reload();
    } catch {
      // Toasted by the shell; the list shows what is left.
      reload();
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <button
        type="button"
        className={buttonClass("default", "text-red-600")}
        disabled={entries.length === 0}
        onClick={() => setAsking(true)}
      >
        {t("monitor.removeSelected", { n: entries.length })}
      </button>
      <ConfirmDialog
        open={asking}
        title={t("monitor.removeTitle")}
        confirmText={t("monitor.remove")}
        busy={busy}
        onClose={() => setAsking(false)}
        onConfirm={() => void remove()}
      >
        {t("monitor.removeAsk", { n: entries.length })}
        <span className="mt-2 block max-h-40 overflow-auto font-mono text-xs text-gray-600">
          {entries.map((e) => (
            <span key={entryKey(e)} className="block">
              {e.vin}（{typeLabel(e)}）
            </span>
          ))}
        </span>
      </ConfirmDialog>
    </>
  );
}
