import { buttonClass, ConfirmDialog, useToast } from "@tsp/ui";
import { useState } from "react";
import * as api from "../../../api/carControl";
import { useT } from "../../../i18n/i18n";
import { useListReload } from "../../../kit/ListPage";
import { useCan } from "../../../permission/useCan";
import { hashHref } from "../../../routing/hashLocation";

type Row = api.CarControlSubscription;

/** 续期 (not once stopped), 停用 (not twice), each behind its permission and a question; 提醒 opens 车控提醒 for the VIN. */
export function SubscriptionActions({ row, months }: { row: Row; months: number | undefined }) {
  const t = useT();
  const can = useCan();
  const toast = useToast();
  const reload = useListReload();
  const [asking, setAsking] = useState<"renew" | "stop" | null>(null);
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      if (asking === "renew") await api.renewSubscription(row.id);
      else await api.stopSubscription(row.id);
      toast.success(t(asking === "renew" ? "ccs.renewed" : "ccs.stopped"));
      setAsking(null);
      reload();
    } catch {
      // Toasted by the shell.
    } finally {
      setBusy(false);
    }
  };
  const live = row.state !== "stopped";
  return (
    <span className="flex gap-2">
      {live && can("renewCarControlSubscription") && (
        <button type="button" className={buttonClass("link")} onClick={() => setAsking("renew")}>
          {t("ccs.renew")}
        </button>
      )}
      {live && can("stopCarControlSubscription") && (
        <button type="button" className={buttonClass("link", "text-red-600")} onClick={() => setAsking("stop")}>
          {t("ccs.stop")}
        </button>
      )}
      <a className={buttonClass("link")} href={hashHref(`/carControlService/remind?vin=${row.vin}`)}>
        {t("ccs.remindLink")}
      </a>
      <ConfirmDialog
        open={asking !== null}
        title={t(asking === "renew" ? "ccs.renewTitle" : "ccs.stopTitle")}
        confirmText={t(asking === "renew" ? "ccs.renew" : "ccs.stop")}
        busy={busy}
        onClose={() => setAsking(null)}
        onConfirm={run}
      >
        {asking === "renew"
          ? t("ccs.renewAsk", { vin: row.vin, name: row.packageName, months: months ?? "" })
          : t("ccs.stopAsk", { vin: row.vin })}
      </ConfirmDialog>
    </span>
  );
}
