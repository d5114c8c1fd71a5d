import * as d from "@tsp/domain";
import { actionsColumn, buttonClass, ConfirmDialog, DataTable, Dialog, enumColumn, useToast } from "@tsp/ui";
import { useEffect, useState } from "react";
import * as v from "valibot";
import * as api from "../../../api/notRoadFourActivation";
import { formatDateTime } from "../../../format/dateTime";
import { type MessageKey, useT } from "../../../i18n/i18n";
import { ListPage, useListReload } from "../../../kit/ListPage";
import { catalogueEnum } from "../../../kit/options";
import { useCan } from "../../../permission/useCan";
import "../../../i18n/screens/nr4Activation";

type Row = api.TerminalActivation;
type Event = api.TerminalActivationEvent;
const STATES = Object.keys(d.ACTIVATION_STATE_LABELS) as api.ActivationState[];
const TONES = { inactive: "gray", activating: "blue", active: "green", failed: "red" } as const;
const filters = d.filterCodec(
  v.object({ keyWords: d.textFilter(32), state: d.choiceFilter(["inactive", "activating", "active", "failed"]) }),
);

/** While a terminal on the page is 激活中, read the page again: its 0x09 arrives through the gateway. */
const LIVE_MS = 3000;

const queryOf = (f: v.InferOutput<typeof filters.schema>): api.ActivationQuery => ({
  ...(f.keyWords ? { keyWords: f.keyWords } : {}),
  ...(f.state ? { state: f.state } : {}),
});

/** A terminal's requests, its 0x09 / 0x0B reports and the platform's answers, newest first, frames as hex. */
function History({ terminalId }: { terminalId: string }) {
  const t = useT();
  const [events, setEvents] = useState<Event[] | null>(null);
  useEffect(() => {
    api
      .listTerminalActivationHistory(terminalId)
      .then(setEvents)
      .catch(() => {
        // Toasted by the shell.
      });
  }, [terminalId]);
  return (
    <DataTable<Event>
      label={t("nr4act.history")}
      rows={events ?? []}
      loading={events === null}
      rowKey={(e) => String(e.id)}
      columns={[
        { key: "at", title: t("nr4act.at"), width: 170, render: (e) => formatDateTime(e.at) },
        {
          key: "event",
          title: t("nr4act.event"),
          width: 150,
          render: (e) => t(`nr4act.event.${e.event}` as MessageKey),
        },
        {
          key: "result",
          title: t("nr4act.result"),
          width: 200,
          render: (e) =>
            e.result === null
              ? ""
              : e.result !== "ok"
                ? (e.reason ?? "")
                : e.event === "keySyncAnswered"
                  ? d.KEY_SYNC_RESULT_LABELS.ok
                  : d.ACTIVATION_RESULT_LABELS.ok,
        },
        {
          key: "frame",
          title: t("nr4act.frame"),
          render: (e) => <code className="break-all font-mono text-xs">{e.frame ?? ""}</code>,
        },
        { key: "createName", title: t("nr4act.by"), width: 100 },
      ]}
    />
  );
}

/** 激活 (behind its own permission, asks first; not while 激活中) and 激活记录 of a row. */
function RowButtons({ row }: { row: Row }) {
  const t = useT();
  const can = useCan();
  const reload = useListReload();
  const toast = useToast();
  const [open, setOpen] = useState<"ask" | "history" | null>(null);
  const [busy, setBusy] = useState(false);
  const mayActivate = can("requestTerminalActivation") && row.pin !== null && d.canRequestActivation(row.state).ok;
  return (
    <>
      {mayActivate && (
        <button
          type="button"
          className={buttonClass("link")}
          aria-label={`${t("nr4act.activate")} ${row.terminalId}`}
          onClick={() => setOpen("ask")}
        >
          {t("nr4act.activate")}
        </button>
      )}
      <button
        type="button"
        className={buttonClass("link")}
        aria-label={`${t("nr4act.history")} ${row.terminalId}`}
        onClick={() => setOpen("history")}
      >
        {t("nr4act.history")}
      </button>
      {open === "ask" && (
        <ConfirmDialog
          open
          title={t("nr4act.activate")}
          confirmText={t("nr4act.activate")}
          busy={busy}
          onClose={() => setOpen(null)}
          onConfirm={async () => {
            setBusy(true);
            try {
              await api.requestTerminalActivation(row.terminalId);
              toast.success(t("nr4act.requested"));
              setOpen(null);
              reload();
            } catch {
              // Toasted by the shell.
            } finally {
              setBusy(false);
            }
          }}
        >
          {t("nr4act.activateAsk", { id: row.terminalId, pin: row.pin ?? "" })}
        </ConfirmDialog>
      )}
      {open === "history" && (
        <Dialog open title={t("nr4act.historyTitle", { id: row.terminalId })} onClose={() => setOpen(null)} width={960}>
          <History terminalId={row.terminalId} />
        </Dialog>
      )}
    </>
  );
}

const rowButtons = (row: Row) => <RowButtons row={row} />;

/**
 * 终端远程激活 (/notRoadFour/terminalActivation): the supervision terminals of 监管终端管理 with
 * their activation state (待激活 → 激活中 → 已激活 / 激活失败 with the reason), search by terminal,
 * PIN or chip and by state, 激活 per terminal, its history with the frames (0x09 / 0x0A and 密钥同步
 * 0x0B, as the gateway received and answered them), the key version, export. The page reads itself
 * again every few seconds while a terminal on it is 激活中.
 */
export default function TerminalActivationPage() {
  const t = useT();
  const states = catalogueEnum(t, "nr4act.state", STATES, TONES);
  return (
    <ListPage
      screen="terminalActivation"
      title={t("nr4act.heading")}
      filters={filters}
      paging="numbered"
      poll={(rows) => (rows.some((r) => r.state === "activating") ? LIVE_MS : null)}
      load={({ filters: f, pageNum, pageSize, signal }) =>
        api.listTerminalActivations({ ...queryOf(f), pageNum, pageSize }, signal)
      }
      exportAs={{ op: "exportTerminalActivations", run: (f) => api.exportTerminalActivations(queryOf(f)) }}
      search={[
        { kind: "text", key: "keyWords", label: t("nr4act.keyWords") },
        { kind: "choice", key: "state", label: t("nr4act.state"), options: states.options },
      ]}
      hint={t("nr4act.hint")}
      rowKey={(row) => row.terminalId}
      columns={[
        { key: "terminalId", title: t("nr4act.terminalId"), width: 130 },
        { key: "pin", title: t("nr4act.pin"), width: 175 },
        { key: "chipId", title: t("nr4act.chipId"), width: 160 },
        enumColumn<Row>("state", t("nr4act.state"), states.badges),
        { key: "keyVersion", title: t("nr4act.keyVersion"), width: 90, render: (r) => r.keyVersion ?? "" },
        { key: "reason", title: t("nr4act.reason") },
        {
          key: "requestedAt",
          title: t("nr4act.requestedAt"),
          width: 170,
          render: (r) => formatDateTime(r.requestedAt),
        },
        { key: "answeredAt", title: t("nr4act.answeredAt"), width: 160, render: (r) => formatDateTime(r.answeredAt) },
        actionsColumn<Row>(t("kit.actions"), rowButtons, 130),
      ]}
    />
  );
}
