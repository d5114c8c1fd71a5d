import { buttonClass, type Column, DataTable, Dialog, dateTimeColumn, ellipsisColumn, enumColumn } from "@tsp/ui";
import { useEffect, useState } from "react";
import * as api from "../../../api/registrations";
import { useT } from "../../../i18n/i18n";
import { catalogueEnum } from "../../../kit/options";

type Event = api.RegistrationEvent;
const MESSAGES = ["register", "authenticate", "login", "logout", "wakeLogin"] as const;

/** One T-BOX's register / authenticate / login messages, newest first, each with its result and the gateway's reason. */
function HistoryDialog({ sn, onClose }: { sn: string; onClose: () => void }) {
  const t = useT();
  const [rows, setRows] = useState<Event[] | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    const abort = new AbortController();
    api.getTerminalRegistrationHistory(sn, abort.signal).then(setRows, () => {
      if (!abort.signal.aborted) setFailed(true);
    });
    return () => abort.abort();
  }, [sn]);
  const messages = catalogueEnum(t, "reg.message", MESSAGES, {
    register: "blue",
    authenticate: "blue",
    login: "gray",
    logout: "gray",
    wakeLogin: "amber",
  });
  const columns: Column<Event>[] = [
    dateTimeColumn<Event>("at", t("reg.at")),
    enumColumn<Event>("message", t("reg.message"), messages.badges, 160),
    {
      key: "result",
      title: t("reg.lastResult"),
      width: 150,
      render: (r) => <span className={r.result === 0 ? "text-green-700" : "text-red-700"}>{r.resultText}</span>,
      text: (r) => r.resultText,
    },
    { key: "phone", title: t("reg.phone"), width: 130, render: (r) => r.phone ?? "" },
    ellipsisColumn<Event>("note", t("reg.note")),
  ];
  return (
    <Dialog open title={t("reg.historyOf", { sn })} onClose={onClose} width={820}>
      <DataTable
        label={t("reg.historyOf", { sn })}
        columns={columns}
        rows={rows ?? []}
        loading={rows === null && !failed}
        rowKey={(r) => String(r.id)}
        emptyText={failed ? t("kit.loadFailed") : t("reg.noHistory")}
        height={420}
      />
    </Dialog>
  );
}

/** 注册记录 of a row: opens the T-BOX's history. */
export function HistoryButton({ sn }: { sn: string }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className={buttonClass("link")} onClick={() => setOpen(true)}>
        {t("reg.history")}
      </button>
      {open && <HistoryDialog sn={sn} onClose={() => setOpen(false)} />}
    </>
  );
}
